// Layer normalization (torch.layer_norm, behind F.layer_norm and nn.LayerNorm): each sample
// normalized over its trailing `normalized_shape` dims. grad_fn NativeLayerNormBackward0.
#pragma once

#include "core/tensor.h"

namespace tp::nn::functional {

// torch.layer_norm(input, normalized_shape, weight, bias, eps). The forward runs in ATen's
// CPU order on every backend (core/kernels/layer_norm_row.h): float32/float64 values equal
// PyTorch's bit for bit; float16/bfloat16 are normalized in float32. Gradients follow ATen's
// formula and agree to float32 rounding.
Tensor layer_norm(const Tensor& input, const Shape& normalized_shape, const Tensor& weight,
                  const Tensor& bias, double eps);

}  // namespace tp::nn::functional
