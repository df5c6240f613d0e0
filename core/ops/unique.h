// torch.unique: the sorted distinct values of a tensor, with where each element went
// (inverse) and how often each value occurs (counts), composed from sort and ne.
#pragma once

#include <optional>

#include "core/tensor.h"

namespace tp {

struct UniqueResult {
  Tensor values;   // 1-D, ascending; every NaN its own value (NaN != NaN), last
  Tensor inverse;  // int64, self's shape: the index of each element's value in `values`
  Tensor counts;   // int64, values' shape
};

// torch.unique(self, sorted, return_inverse, return_counts, dim): dim=None flattens; a dim
// is refused with NotImplementedError (after PyTorch's range check). The values carry
// grad_fn Unique2Backward0 when self requires grad; its backward raises as PyTorch's does.
UniqueResult unique(const Tensor& self, std::optional<int64_t> dim);

}  // namespace tp
