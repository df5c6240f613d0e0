// Sorting along a dim: sort, argsort and topk, through the backends' stable row sort, with
// PyTorch's checks and grad_fns (SortBackward0, TopkBackward0).
#pragma once

#include "core/ops/reduce.h"

namespace tp {

// Values and their positions along dim, ascending (or descending); equal values keep their
// order (the stable sort PyTorch's CPU kernel does too).
ValuesIndices sort(const Tensor& x, int64_t dim = -1, bool descending = false);
Tensor argsort(const Tensor& x, int64_t dim = -1, bool descending = false);
// The k largest (or smallest) values along dim and their positions, in sorted order.
ValuesIndices topk(const Tensor& x, int64_t k, int64_t dim = -1, bool largest = true);

}  // namespace tp
