// max_unpool2d / max_unpool3d (behind F.max_unpool1d/2d/3d and nn.MaxUnpool1d/2d/3d): each
// value written back to the position its max pooling index names in a zero image (volume), a
// scatter on every backend. grad_fn MaxUnpool{2,3}DBackward0, whose gradient gathers at the
// same indices.
#pragma once

#include "core/tensor.h"

namespace tp::nn::functional {

// input and indices (N, C, H, W) or (C, H, W); indices int64 into each (oh * ow) plane.
// PyTorch's checks and texts (MaxUnpooling.cpp), the out-of-range index included.
Tensor max_unpool2d(const Tensor& input, const Tensor& indices, const Shape& output_size);
// input and indices (N, C, D, H, W) or (C, D, H, W); indices into each (od * oh * ow) volume.
// stride and padding are only checked, as ATen does.
Tensor max_unpool3d(const Tensor& input, const Tensor& indices, const Shape& output_size,
                    const Shape& stride, const Shape& padding);

}  // namespace tp::nn::functional
