// Tensor contractions PyTorch composes from permute, reshape and mm (ATen's
// LinearAlgebra.cpp): tensordot and inner, so each runs on every backend and differentiates
// through those ops.
#pragma once

#include <vector>

#include "core/tensor.h"

namespace tp {

// torch.tensordot(a, b, dims=(dims_a, dims_b)): a's dims_a contracted with b's dims_b, pairwise;
// a contracted dimension of size 1 on one side is summed first, as ATen does.
Tensor tensordot(const Tensor& a, const Tensor& b, const std::vector<int64_t>& dims_a,
                 const std::vector<int64_t>& dims_b);
// torch.inner(a, b): the last dimensions contracted (a product when either is 0-dim).
Tensor inner(const Tensor& a, const Tensor& b);

}  // namespace tp
