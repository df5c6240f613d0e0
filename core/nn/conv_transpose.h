// Transposed convolutions of torch.nn.functional: F.conv_transpose1d/2d/3d (behind
// nn.ConvTranspose1d/2d/3d). A transposed convolution is the input-gradient of a convolution, so it
// is composed from the same core ops as core/nn/conv: one batched product with the weight, then
// col2im scatters every column back into its window. grad_fn ConvolutionBackward0, as in ATen.
//
// Float32 values agree with PyTorch's (oneDNN's deconvolution) to float32 rounding, not bit for
// bit: the window sums are added in a different order.
#pragma once

#include "core/tensor.h"

namespace tp::nn::functional {

// input (N, C_in, *spatial) or unbatched (C_in, *spatial); weight (C_in, C_out / groups, *kernel);
// bias (C_out) or undefined. stride, padding, output_padding and dilation hold one value per
// spatial dim or a single one for all. Output size per dim:
//   (in - 1) * stride - 2 * padding + dilation * (kernel - 1) + output_padding + 1.
// Checks and error texts are PyTorch's, in its order.
Tensor conv_transpose1d(const Tensor& input, const Tensor& weight, const Tensor& bias,
                        const Shape& stride, const Shape& padding, const Shape& output_padding,
                        int64_t groups, const Shape& dilation);
Tensor conv_transpose2d(const Tensor& input, const Tensor& weight, const Tensor& bias,
                        const Shape& stride, const Shape& padding, const Shape& output_padding,
                        int64_t groups, const Shape& dilation);
Tensor conv_transpose3d(const Tensor& input, const Tensor& weight, const Tensor& bias,
                        const Shape& stride, const Shape& padding, const Shape& output_padding,
                        int64_t groups, const Shape& dilation);

}  // namespace tp::nn::functional
