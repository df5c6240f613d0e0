// pixel_shuffle / pixel_unshuffle: ATen's checks (PixelShuffle.cpp), then its math fallback's
// view, permute and contiguous copy.
#include "core/nn/pixel_shuffle.h"

#include "core/autograd/autograd.h"
#include "core/autograd/grad_utils.h"
#include "core/error.h"
#include "core/ops/copy.h"
#include "core/ops/shape.h"

namespace tp::nn::functional {

namespace {

using G = const TensorList&;
using N = const Node&;

// The leading (batch) dims of a (*, C, H, W) tensor.
Shape batch_dims(const Tensor& t) {
  return Shape(t.sizes().begin(), t.sizes().end() - 3);
}

// Where the permuted dims go: batch dims in place, then `tail` (relative to the batch).
Shape permutation(size_t batch, const Shape& tail) {
  Shape p;
  for (size_t i = 0; i < batch; ++i) p.push_back(static_cast<int64_t>(i));
  for (int64_t d : tail) p.push_back(static_cast<int64_t>(batch) + d);
  return p;
}

}  // namespace

Tensor pixel_shuffle(const Tensor& self, int64_t r) {
  TP_CHECK(self.dim() >= 3, RuntimeError,
           "pixel_shuffle expects input to have at least 3 dimensions, but got input with ",
           self.dim(), " dimension(s)");
  TP_CHECK(r > 0, RuntimeError, "pixel_shuffle expects a positive upscale_factor, but got ", r);
  int64_t r_squared = 0;
  TP_CHECK(!__builtin_mul_overflow(r, r, &r_squared), ValueError,
           "upscale factor is too large, (upscale_factor)^2 overflowed: upscale_factor=", r);
  const int64_t c = self.size(-3), h = self.size(-2), w = self.size(-1);
  TP_CHECK(c % (r * r) == 0, RuntimeError,
           "pixel_shuffle expects its input's 'channel' dimension to be divisible by the square "
           "of upscale_factor, but input.size(-3)=",
           c, " is not divisible by ", r * r);
  return autograd::record_op(
      {self},
      [&] {
        Shape batch = batch_dims(self);
        Shape split = batch, out = batch;
        for (int64_t d : {c / (r * r), r, r, h, w}) split.push_back(d);
        for (int64_t d : {c / (r * r), h * r, w * r}) out.push_back(d);
        // (*, C, r, r, H, W) -> (*, C, H, r, W, r)
        Tensor permuted = permute(reshape(self, split), permutation(batch.size(), {0, 3, 1, 4, 2}));
        return reshape(contiguous(permuted), out);
      },
      [&](const Tensor&) {
        return autograd::make_node("PixelShuffleBackward0", {}, [r](G g, G, N) {
          return TensorList{pixel_unshuffle(g[0], r)};
        });
      });
}

Tensor pixel_unshuffle(const Tensor& self, int64_t r) {
  TP_CHECK(self.dim() >= 3, RuntimeError,
           "pixel_unshuffle expects input to have at least 3 dimensions, but got input with ",
           self.dim(), " dimension(s)");
  TP_CHECK(r > 0, RuntimeError, "pixel_unshuffle expects a positive downscale_factor, but got ",
           r);
  const int64_t c = self.size(-3), h = self.size(-2), w = self.size(-1);
  TP_CHECK(h % r == 0, RuntimeError,
           "pixel_unshuffle expects height to be divisible by downscale_factor, but input.size(-2)=",
           h, " is not divisible by ", r);
  TP_CHECK(w % r == 0, RuntimeError,
           "pixel_unshuffle expects width to be divisible by downscale_factor, but input.size(-1)=",
           w, " is not divisible by ", r);
  return autograd::record_op(
      {self},
      [&] {
        // ATen returns an empty input's copy as it is, unshuffled shape or not (its backward,
        // pixel_shuffle, then fails the engine's shape check, as PyTorch's does).
        if (self.numel() == 0) return clone(self);
        Shape batch = batch_dims(self);
        Shape split = batch, out = batch;
        for (int64_t d : {c, h / r, r, w / r, r}) split.push_back(d);
        for (int64_t d : {c * r * r, h / r, w / r}) out.push_back(d);
        // (*, C, H, r, W, r) -> (*, C, r, r, H, W)
        Tensor permuted = permute(reshape(self, split), permutation(batch.size(), {0, 2, 4, 1, 3}));
        return reshape(contiguous(permuted), out);
      },
      [&](const Tensor&) {
        return autograd::make_node("PixelUnshuffleBackward0", {}, [r](G g, G, N) {
          return TensorList{pixel_shuffle(g[0], r)};
        });
      });
}

}  // namespace tp::nn::functional
