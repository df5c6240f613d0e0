// Vector norms (torch.linalg.vector_norm, Tensor.norm): 2-norms of contiguous rows by the
// backend's norm2_rows, the rest composed of elementwise ops and reductions, so every
// backend has them; the gradient is one LinalgVectorNormBackward0 node.
#pragma once

#include <optional>

#include "core/ops/reduce.h"

namespace tp {

// The ord-norm of x over dims (empty: all elements): ord 2 is sqrt(sum(x^2)), 1 sum(|x|),
// inf max(|x|), -inf min(|x|), 0 the count of nonzeros, else sum(|x|^ord)^(1/ord).
// Float inputs only (PyTorch's NotImplementedError for integers); dtype computes in that dtype.
// ord 2 over a contiguous float32/float64 tensor's trailing dims (or all of them) equals
// PyTorch's CPU bits (core/kernels/norm2_row.h); over other dims or layouts, and for other
// ords, the float32 digits can differ from PyTorch's in the last bit.
Tensor vector_norm(const Tensor& x, double ord = 2, const DimList& dims = {}, bool keepdim = false,
                   std::optional<DType> dtype = {});

}  // namespace tp
