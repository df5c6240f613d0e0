// Convolution layers and padding of torch.nn.functional: F.pad, F.conv1d, F.conv2d. A
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

// F.conv1d / F.conv2d. input (N, C, *spatial) or unbatched (C, *spatial); weight
// (O, C / groups, *kernel); bias (O) or undefined. stride/dilation hold one value per
// spatial dim or a single one for all. Checks and error texts are PyTorch's, in its order.
Tensor conv1d(const Tensor& input, const Tensor& weight, const Tensor& bias, const Shape& stride,
              const ConvPadding& padding, const Shape& dilation, int64_t groups);
Tensor conv2d(const Tensor& input, const Tensor& weight, const Tensor& bias, const Shape& stride,
              const ConvPadding& padding, const Shape& dilation, int64_t groups);

// ATen's check_input_same_type_as_parameters, shared by convolution and its transpose: "Input
// type (X) and <name> type (Y) should be the same", oneDNN's "or input should be a MKLDNN
// tensor and weight is a dense tensor" after it when `mkldnn`; a device mismatch when the
// devices differ (so the REPL can hint).
[[noreturn]] void fail_input_type(const Tensor& input, const char* name, const Tensor& param, bool mkldnn);

// True when padding="same" with this weight and dilation needs a padded copy of the input
// (an even effective kernel): PyTorch warns once about it.
bool same_padding_needs_copy(const Tensor& weight, const Shape& dilation);

// The window geometry shared by convolution and pooling over two spatial dims.
struct Window2d {
  int64_t kh = 1, kw = 1;  // kernel
  int64_t sh = 1, sw = 1;  // stride
  int64_t ph = 0, pw = 0;  // padding, both sides
  int64_t dh = 1, dw = 1;  // dilation
  int64_t groups = 1;      // channel groups: im2col's rows are ordered (group, kh, kw, channel)
};

// im2col: x (N, C, H, W) -> (C*kh*kw, N*OH*OW), column n*OH*OW + oh*OW + ow holding the
// (zero-padded) window of output position (n, oh, ow), rows ordered (group, kh, kw, channel).
// Recorded (Im2ColBackward0; its gradient is col2im, and col2im's is im2col), so a convolution's
// backward is differentiable.
Tensor im2col(const Tensor& x, const Window2d& w);
// The adjoint of im2col: adds each column back into the window it came from, giving
// (N, C, H, W) for x_sizes = {N, C, H, W}. Col2ImBackward0.
Tensor col2im(const Tensor& cols, const Shape& x_sizes, const Window2d& w);

}  // namespace tp::nn::functional
