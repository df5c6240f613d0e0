// Pointwise blends PyTorch computes with one fused kernel: lerp, addcmul and addcdiv. Values
// follow ATen's scalar formulas step by step; each op records PyTorch's one grad_fn
// (LerpBackward0/1, AddcmulBackward0, AddcdivBackward0).
#pragma once

#include "core/scalar.h"
#include "core/tensor.h"

namespace tp {

// torch.lerp(input, end, weight): weight < 0.5 ? input + weight * (end - input)
//                                               : end - (end - input) * (1 - weight).
Tensor lerp(const Tensor& self, const Tensor& end, Scalar weight);
Tensor lerp(const Tensor& self, const Tensor& end, const Tensor& weight);
// torch.addcmul(input, t1, t2, value): input + value * t1 * t2.
Tensor addcmul(const Tensor& self, const Tensor& t1, const Tensor& t2, Scalar value = 1);
// torch.addcdiv(input, t1, t2, value): input + value * t1 / t2.
Tensor addcdiv(const Tensor& self, const Tensor& t1, const Tensor& t2, Scalar value = 1);

}  // namespace tp
