// Group normalization (torch.group_norm, behind F.group_norm and nn.GroupNorm): the channels of
// each sample split into groups, each group normalized over its channels and spatial values,
// then a per-channel affine. grad_fn NativeGroupNormBackward0.
#pragma once

#include "core/tensor.h"

namespace tp::nn::functional {

// torch.group_norm(input, num_groups, weight, bias, eps): input (N, C, *); weight/bias (C) or
// undefined. Each group's mean and rstd come from the backend's layer-norm rows (ATen's
// RowwiseMoments order: the means equal PyTorch's bit for bit; rstd may differ in its last bit,
// as ATen's group norm adds eps to the variance in double, its layer norm in float); the output
// is ATen's fused scale * x + bias per channel. Float32 values agree with PyTorch's CPU ones to
// float32 rounding. Gradients follow ATen's formula (group_norm_kernel.cpp).
Tensor group_norm(const Tensor& input, int64_t num_groups, const Tensor& weight,
                  const Tensor& bias, double eps);

}  // namespace tp::nn::functional
