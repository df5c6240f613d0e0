// Order statistics along a dim: kthvalue, median, nanmedian and mode, with PyTorch's checks,
// its choice of index among equal values (ATen's CPU kernels) and its grad_fns.
#pragma once

#include "core/ops/reduce.h"

namespace tp {

// The k-th smallest value along dim (k counts from 1) and its index; NaN counts as largest.
ValuesIndices kthvalue(const Tensor& x, int64_t k, int64_t dim = -1, bool keepdim = false);
// The lower median of all elements (NaN if any is NaN; NaN for an empty tensor).
Tensor median(const Tensor& x);
// The lower median along dim and its index (the first NaN's when a row has one).
ValuesIndices median(const Tensor& x, int64_t dim, bool keepdim = false);
// As median, ignoring NaNs (NaN only where every value is NaN).
Tensor nanmedian(const Tensor& x);
ValuesIndices nanmedian(const Tensor& x, int64_t dim, bool keepdim = false);
// The most frequent value along dim (the smallest among equally frequent ones) and an index
// of it.
ValuesIndices mode(const Tensor& x, int64_t dim = -1, bool keepdim = false);

}  // namespace tp
