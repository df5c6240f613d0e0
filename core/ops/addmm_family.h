// The products with an added input, beside addmm (core/ops/linalg.h): baddbmm, addbmm,
// addmv and addr, each beta * input + alpha * (product) with PyTorch's checks and texts;
// beta == 0 ignores input's values (NaN included), as BLAS does.
#pragma once

#include "core/scalar.h"
#include "core/tensor.h"

namespace tp {

// beta * input + alpha * (batch1 @ batch2): (b,n,m) @ (b,m,p), input broadcast to (b,n,p).
Tensor baddbmm(const Tensor& input, const Tensor& batch1, const Tensor& batch2, Scalar beta = 1, Scalar alpha = 1);
// beta * input + alpha * sum_i(batch1[i] @ batch2[i]), input broadcast to (n,p).
Tensor addbmm(const Tensor& input, const Tensor& batch1, const Tensor& batch2, Scalar beta = 1, Scalar alpha = 1);
// beta * input + alpha * (mat @ vec), input broadcast to (n,).
Tensor addmv(const Tensor& input, const Tensor& mat, const Tensor& vec, Scalar beta = 1, Scalar alpha = 1);
// beta * input + alpha * outer(vec1, vec2), input broadcast to (n,m); dtypes promote.
Tensor addr(const Tensor& input, const Tensor& vec1, const Tensor& vec2, Scalar beta = 1, Scalar alpha = 1);

}  // namespace tp
