// max_unpool2d (behind F.max_unpool1d/2d and nn.MaxUnpool1d/2d): each value written back to
// the position its max pooling index names in a zero image, a scatter on every backend.
// grad_fn MaxUnpool2DBackward0, whose gradient gathers at the same indices.
#pragma once

#include "core/tensor.h"

namespace tp::nn::functional {

// input and indices (N, C, H, W) or (C, H, W); indices int64 into each (oh * ow) plane.
// PyTorch's checks and texts (MaxUnpooling.cpp), the out-of-range index included.
Tensor max_unpool2d(const Tensor& input, const Tensor& indices, const Shape& output_size);

}  // namespace tp::nn::functional
