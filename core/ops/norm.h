// Vector norms (torch.linalg.vector_norm, Tensor.norm): composed of the elementwise ops and
// reductions, so every backend has them; the gradient is one LinalgVectorNormBackward0 node.
#pragma once

#include <optional>

#include "core/ops/reduce.h"

namespace tp {

// The ord-norm of x over dims (empty: all elements): ord 2 is sqrt(sum(x^2)), 1 sum(|x|),
// inf max(|x|), -inf min(|x|), 0 the count of nonzeros, else sum(|x|^ord)^(1/ord).
// Float inputs only (PyTorch's NotImplementedError for integers); dtype computes in that dtype.
// The float32 digits can differ from PyTorch's in the last bit: ATen sums the squares in
// 8 lanes where tensorplay's sum takes its own (PyTorch's sum) order.
Tensor vector_norm(const Tensor& x, double ord = 2, const DimList& dims = {}, bool keepdim = false,
                   std::optional<DType> dtype = {});

}  // namespace tp
