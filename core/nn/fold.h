// F.unfold / F.fold (behind nn.Unfold / nn.Fold): every sliding window of an image as a column,
// and columns summed back into an image. Composed from core/nn/conv's im2col / col2im, so they
// run on every backend. grad_fn Im2ColBackward0 / Col2ImBackward0, each the other's gradient.
#pragma once

#include "core/tensor.h"

namespace tp::nn::functional {

// The window of both: two values each (height, width).
struct FoldWindow {
  Shape kernel_size, dilation, padding, stride;
};

// input (N, C, H, W) or (C, H, W) -> (N, C * kh * kw, L), rows ordered (channel, kh, kw), L
// the number of windows. PyTorch's checks and texts (im2col_shape_check).
Tensor unfold(const Tensor& input, const FoldWindow& w);
// input (N, C * kh * kw, L) or (C * kh * kw, L) -> (N, C, *output_size), overlapping window
// values added. PyTorch's checks and texts (col2im_shape_check).
Tensor fold(const Tensor& input, const Shape& output_size, const FoldWindow& w);

}  // namespace tp::nn::functional
