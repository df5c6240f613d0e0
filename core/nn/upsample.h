// Upsampling of torch.nn.functional.interpolate (behind nn.Upsample): nearest, nearest-exact,
// (bi/tri)linear and bicubic resizing of the last one, two or three dims, composed from core ops (index
// gathers and elementwise products) so that it runs on every backend. grad_fn
// UpsampleNearest2DBackward0, UpsampleNearestExact1DBackward0, UpsampleLinear1DBackward0,
// UpsampleBilinear2DBackward0, UpsampleTrilinear3DBackward0, UpsampleBicubic2DBackward0, ...
#pragma once

#include <optional>
#include <vector>

#include "core/tensor.h"

namespace tp::nn::functional {

enum class UpsampleMode { Nearest, NearestExact, Linear, Cubic };  // Cubic: 2-d only

// The ATen ops upsample_nearest{1,2,3}d, _upsample_nearest_exact{1,2,3}d, upsample_linear1d,
// upsample_bilinear2d, upsample_trilinear3d and upsample_bicubic2d (their .vec forms): input
// (N, C, *spatial) with `spatial` 1 to 3 dims;
// exactly one of output_size and scale_factors (one per spatial dim). With scale factors the
// output size is floor(in * scale) and the source positions use 1 / scale, as in ATen.
// Source indices and weights are ATen's (UpSample.h); nearest results equal PyTorch's. Linear
// float32 values follow ATen's generic kernel (upsample_generic_Nd_kernel_impl: one fused
// multiply-add per dim): upsample_linear1d's equal PyTorch's bit for bit; bilinear ones agree
// to float32 rounding (PyTorch's CPU runs a vectorized channels-last kernel for outputs with
// H + W <= 128, which adds the four corners in its own order). Bicubic (upsample_bicubic2d)
// sums each row of four sources, then the rows, with ATen's weights: float32 values agree to
// rounding (PyTorch's CPU kernel is separable, a pass per dim). Gradients add each output's
// share back into its sources.
Tensor upsample(const Tensor& input, UpsampleMode mode, int64_t spatial,
                const std::optional<Shape>& output_size,
                const std::optional<std::vector<double>>& scale_factors, bool align_corners);

}  // namespace tp::nn::functional
