// torch.unique_consecutive: each run of equal consecutive elements (or slices along dim)
// collapsed to one, with where each element went (inverse) and each run's length (counts).
#pragma once

#include <optional>

#include "core/ops/unique.h"

namespace tp {

// dim=None flattens; with a dim, whole slices along it are compared. NaN equals nothing, so
// each NaN is its own run. The values carry grad_fn UniqueConsecutiveBackward0 when self
// requires grad; its backward raises as PyTorch's does.
UniqueResult unique_consecutive(const Tensor& self, std::optional<int64_t> dim);

}  // namespace tp
