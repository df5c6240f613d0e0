// Pooling layers of torch.nn.functional: max, average and adaptive average/max pooling over
// one, two or three spatial dims, composed from core ops (a padded strided view or a gather of
// the windows, then a reduction), so every backend runs them; a 2-d pooling runs as a 3-d one
// of depth 1. grad_fns are PyTorch's (MaxPool{2,3}DWithIndicesBackward0, AvgPool{2,3}DBackward0,
// AdaptiveAvgPool{2,3}DBackward0, AdaptiveMaxPool{2,3}DBackward0; the 1-d versions are the 2-d
// ones between unsqueeze and squeeze, SqueezeBackward1, as in ATen). Checks and texts are ATen's.
//
// On the CPU the values equal PyTorch's bit for bit: a max is exact, and an average adds its
// window in row-major order in the input's dtype, then divides, as ATen's CPU kernels do.
#pragma once

#include <optional>

#include "core/ops/reduce.h"
#include "core/tensor.h"

namespace tp::nn::functional {

// F.max_pool2d(..., return_indices=True): values and int64 indices (the flat position of each
// maximum within its input plane). kernel_size/padding/dilation: 1 or 2 values; stride: empty
// (= kernel_size), 1 or 2 values. Input (N, C, H, W) or (C, H, W).
ValuesIndices max_pool2d_with_indices(const Tensor& input, const Shape& kernel_size,
                                      const Shape& stride, const Shape& padding,
                                      const Shape& dilation, bool ceil_mode);
// F.max_pool3d: as max_pool2d over (N, C, D, H, W) or (C, D, H, W), 1 or 3 values each; the
// indices are flat positions within each (D, H, W) volume.
ValuesIndices max_pool3d_with_indices(const Tensor& input, const Shape& kernel_size,
                                      const Shape& stride, const Shape& padding,
                                      const Shape& dilation, bool ceil_mode);
// F.max_pool1d on (N, C, L) or (C, L).
ValuesIndices max_pool1d_with_indices(const Tensor& input, const Shape& kernel_size,
                                      const Shape& stride, const Shape& padding,
                                      const Shape& dilation, bool ceil_mode);
// F.avg_pool2d; divisor_override replaces the window size as divisor.
Tensor avg_pool2d(const Tensor& input, const Shape& kernel_size, const Shape& stride,
                  const Shape& padding, bool ceil_mode, bool count_include_pad,
                  std::optional<int64_t> divisor_override);
Tensor avg_pool3d(const Tensor& input, const Shape& kernel_size, const Shape& stride,
                  const Shape& padding, bool ceil_mode, bool count_include_pad,
                  std::optional<int64_t> divisor_override);
Tensor avg_pool1d(const Tensor& input, const Shape& kernel_size, const Shape& stride,
                  const Shape& padding, bool ceil_mode, bool count_include_pad);
// F.adaptive_avg_pool2d with output_size (OH, OW) already resolved (no None); (1, 1) is a mean
// over the last two dims (MeanBackward1), as in ATen. The 3-d ones take (OD, OH, OW).
Tensor adaptive_avg_pool2d(const Tensor& input, const Shape& output_size);
Tensor adaptive_avg_pool3d(const Tensor& input, const Shape& output_size);
Tensor adaptive_avg_pool1d(const Tensor& input, const Shape& output_size);
ValuesIndices adaptive_max_pool2d(const Tensor& input, const Shape& output_size);
ValuesIndices adaptive_max_pool3d(const Tensor& input, const Shape& output_size);
ValuesIndices adaptive_max_pool1d(const Tensor& input, const Shape& output_size);

}  // namespace tp::nn::functional
