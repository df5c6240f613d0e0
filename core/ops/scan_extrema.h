// Running extremes and running log-sum-exp along a dim: cummax, cummin (values and the
// position each came from) and logcumsumexp, with PyTorch's NaN rules, texts and grad_fns.
#pragma once

#include "core/ops/reduce.h"

namespace tp {

// The running max / min along dim and its position; ties move the position to the later
// element, and the first NaN (or a later one) wins, as ATen's CPU kernel decides.
ValuesIndices cummax(const Tensor& x, int64_t dim);
ValuesIndices cummin(const Tensor& x, int64_t dim);
// log(cumsum(exp(x))) along dim, accumulated as ATen's CPU kernel does (float32 in double).
Tensor logcumsumexp(const Tensor& x, int64_t dim);

}  // namespace tp
