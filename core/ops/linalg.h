// Matrix products: matmul (torch.matmul with all its 1-D/2-D/batched cases), mm, bmm, mv,
// dot and addmm. Each op checks devices, shapes and dtypes with PyTorch 2.x's texts, then
// hands the backend 3-D (B,M,K) x (B,K,N) operands (Backend::matmul).
#pragma once

#include "core/scalar.h"
#include "core/tensor.h"

namespace tp {

// torch.matmul: dot, mv, mm or a broadcast batched product, depending on the dims.
Tensor matmul(const Tensor& self, const Tensor& other);
// torch.mm: (M,K) @ (K,N) -> (M,N).
Tensor mm(const Tensor& self, const Tensor& mat2);
// mm's shape checks alone, with its errors, for a front end that shows a product before it
// is computed (the thread grid).
void check_mm_shapes(const Shape& self, const Shape& mat2);
// torch.bmm: (B,M,K) @ (B,K,N) -> (B,M,N); no broadcasting.
Tensor bmm(const Tensor& self, const Tensor& mat2);
// torch.mv: (M,K) @ (K,) -> (M,).
Tensor mv(const Tensor& self, const Tensor& vec);
// torch.dot: (K,) . (K,) -> a 0-dim tensor.
Tensor dot(const Tensor& self, const Tensor& other);
// torch.addmm: beta * bias + alpha * (mat1 @ mat2); bias broadcasts to (M,N). nn.Linear's op.
Tensor addmm(const Tensor& bias, const Tensor& mat1, const Tensor& mat2, Scalar beta = 1,
             Scalar alpha = 1);

}  // namespace tp
