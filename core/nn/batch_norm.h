// Batch normalization (torch.batch_norm, behind F.batch_norm and nn.BatchNorm1d/2d), composed
// from core ops so that it runs on every backend. grad_fn NativeBatchNormBackward0.
#pragma once

#include "core/tensor.h"

namespace tp::nn::functional {

// torch.batch_norm(input, weight, bias, running_mean, running_var, training, momentum, eps).
// input (N, C, ...); statistics per channel (dim 1) over every other dim.
// training: normalizes with the batch mean and biased variance and, when the running
// buffers are given, updates them in place: running = (1 - momentum) * running +
// momentum * batch, the variance unbiased. Not training: normalizes with the running ones.
// On the CPU the float32 values equal PyTorch's (ATen's batch_norm_cpu: sums in double, the
// output one fused multiply-add per element); gradients agree to float32 rounding.
Tensor batch_norm(const Tensor& input, const Tensor& weight, const Tensor& bias,
                  const Tensor& running_mean, const Tensor& running_var, bool training,
                  double momentum, double eps);

}  // namespace tp::nn::functional
