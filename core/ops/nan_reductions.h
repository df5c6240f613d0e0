// The reductions that skip NaN: nansum and nanmean, composed as ATen's ReduceOps.cpp computes
// them (nansum adds NaN as zero in sum's order; nanmean divides by the count of non-NaN).
#pragma once

#include <optional>

#include "core/ops/reduce.h"

namespace tp {

// torch.nansum(input, dim=None, keepdim=False, dtype=None): an empty dim list sums everything.
Tensor nansum(const Tensor& t, const DimList& dims = {}, bool keepdim = false, std::optional<DType> dtype = {});
// torch.nanmean: floating inputs only, as in PyTorch.
Tensor nanmean(const Tensor& t, const DimList& dims = {}, bool keepdim = false, std::optional<DType> dtype = {});

}  // namespace tp
