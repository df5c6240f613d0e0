// torch.pixel_shuffle / torch.pixel_unshuffle (behind F.pixel_shuffle and nn.PixelShuffle,
// nn.PixelUnshuffle): channels traded for an r-times larger (or smaller) image, a reshape and
// permute copy on every backend. grad_fn PixelShuffleBackward0 / PixelUnshuffleBackward0, each
// the other's gradient.
#pragma once

#include "core/tensor.h"

namespace tp::nn::functional {

// (*, C * r^2, H, W) -> (*, C, H * r, W * r). PyTorch's checks and texts.
Tensor pixel_shuffle(const Tensor& self, int64_t upscale_factor);
// (*, C, H * r, W * r) -> (*, C * r^2, H, W).
Tensor pixel_unshuffle(const Tensor& self, int64_t downscale_factor);

}  // namespace tp::nn::functional
