// Convolution layers and padding of torch.nn.functional: F.pad, F.conv1d/2d/3d. A
// convolution is composed from core ops, so it runs on every backend (cpu, simulated and real
// GPUs): pad, gather every window into a column matrix with one strided copy (im2col), one
// batched matrix product with the weight, then the bias. Its grad_fn is PyTorch's
// ConvolutionBackward0, whose formula is again im2col/col2im and matrix products.
//
// Float32 results equal PyTorch's to float32 rounding, not bit for bit: PyTorch's CPU
// convolution is oneDNN's (or MKL's im2col + sgemm), which adds the products of a window in
// its own blocked order; tensorplay's im2col products sum in MKL's gemm order instead.
#pragma once

#include <optional>
#include <string>

#include "core/scalar.h"
#include "core/tensor.h"

namespace tp::nn::functional {

// torch.constant_pad_nd / F.pad(mode="constant"): pad = (left, right) for the last dim, then
// (top, bottom) for the one before, ...; negative amounts crop. ConstantPadNdBackward0.
Tensor constant_pad_nd(const Tensor& self, const Shape& pad, Scalar value = 0);
// F.pad: mode "constant", "reflect", "replicate" or "circular" (ReflectionPad{1,2}DBackward0,
// ReplicationPad{1,2}DBackward0; circular pads are copies, CopySlices). PyTorch's errors.
Tensor pad(const Tensor& self, const Shape& pad, const std::string& mode = "constant",
           std::optional<double> value = std::nullopt);

// A convolution's padding argument: numbers, or the strings "valid" / "same".
struct ConvPadding {
  Shape values;                     // one per spatial dim, or a single one for all
  std::optional<std::string> mode;  // "valid" or "same" when given as a string
};

// F.conv1d / F.conv2d / F.conv3d. input (N, C, *spatial) or unbatched (C, *spatial); weight
// (O, C / groups, *kernel); bias (O) or undefined. stride/dilation hold one value per
// spatial dim or a single one for all. Checks and error texts are PyTorch's, in its order.
Tensor conv1d(const Tensor& input, const Tensor& weight, const Tensor& bias, const Shape& stride,
              const ConvPadding& padding, const Shape& dilation, int64_t groups);
Tensor conv2d(const Tensor& input, const Tensor& weight, const Tensor& bias, const Shape& stride,
              const ConvPadding& padding, const Shape& dilation, int64_t groups);
Tensor conv3d(const Tensor& input, const Tensor& weight, const Tensor& bias, const Shape& stride,
              const ConvPadding& padding, const Shape& dilation, int64_t groups);

// ATen's check_input_same_type_as_parameters, shared by convolution and its transpose: "Input
// type (X) and <name> type (Y) should be the same", oneDNN's "or input should be a MKLDNN
// tensor and weight is a dense tensor" after it when `mkldnn`; a device mismatch when the
// devices differ (so the REPL can hint).
[[noreturn]] void fail_input_type(const Tensor& input, const char* name, const Tensor& param, bool mkldnn);

// True when padding="same" with this weight and dilation needs a padded copy of the input
// (an even effective kernel): PyTorch warns once about it.
bool same_padding_needs_copy(const Tensor& weight, const Shape& dilation);

// at::native::ConvParams::use_mkldnn on a CPU float input (several threads assumed), for a
// batched input and weight of any dims (a 1-d one viewed as 2-d, as ATen does): which of
// PyTorch's two type-mismatch texts a CPU convolution or its transpose gives.
bool uses_mkldnn(const Shape& input, const Shape& weight, int64_t groups);

// The window geometry shared by convolution, its transpose and unfold over 1 to 3 spatial dims.
struct Window {
  Shape kernel, stride, padding, dilation;  // one entry per spatial dim
  int64_t groups = 1;  // channel groups: im2col's rows are ordered (group, *kernel, channel)
  int64_t dims() const { return static_cast<int64_t>(kernel.size()); }
  // The output's spatial sizes for an input's spatial sizes.
  Shape out_sizes(const Shape& in) const;
  Window unpadded() const;  // the same window with zero padding
};

// im2col: x (N, C, *S) -> (C*prod(kernel), N*prod(O)), column n*prod(O) + (flat o) holding the
// (zero-padded) window of output position (n, o), rows ordered (group, *kernel, channel).
// Recorded (Im2ColBackward0; its gradient is col2im, and col2im's is im2col), so a convolution's
// backward is differentiable.
Tensor im2col(const Tensor& x, const Window& w);
// The adjoint of im2col: adds each column back into the window it came from, giving
// x_sizes = (N, C, *S). Col2ImBackward0.
Tensor col2im(const Tensor& cols, const Shape& x_sizes, const Window& w);

}  // namespace tp::nn::functional
