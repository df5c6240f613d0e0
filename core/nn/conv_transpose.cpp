// F.conv_transpose1d/2d: ATen's checks for a transposed at::convolution (Convolution.cpp's
// check_input_shape_forward with transposed=1, slow_conv_transpose2d's output padding check),
// then the compute as core ops, the way ATen's slow path does it (gemm, then col2im).
#include "core/nn/conv_transpose.h"

#include "core/autograd/autograd.h"
#include "core/autograd/grad_utils.h"
#include "core/error.h"
#include "core/ops/device_check.h"
#include "core/nn/conv.h"
#include "core/ops/creation.h"
#include "core/ops/elementwise.h"
#include "core/ops/linalg.h"
#include "core/ops/reduce.h"
#include "core/ops/shape.h"

namespace tp::nn::functional {

namespace {

using G = const TensorList&;
using N = const Node&;

// One spatial parameter list expanded to `dim` entries (ATen's expand_param_if_needed).
Shape expand_param(const Shape& p, const char* name, int64_t dim) {
  if (p.size() == 1) return Shape(static_cast<size_t>(dim), p[0]);
  TP_CHECK(static_cast<int64_t>(p.size()) == dim, RuntimeError, "expected ", name,
           " to be a single integer value or a list of ", dim,
           " values to match the convolution dimensions, but got ", name, "=", shape_str(p));
  return p;
}

// Everything the compute and its gradient need, as two spatial dims (conv_transpose1d runs
// as a 2-d one of height 1).
struct Geometry {
  Window2d win;              // with padding: the output is cropped by it on both sides
  int64_t oph = 0, opw = 0;  // output padding: rows and columns added at the end
  Shape x4, w4;              // input (N, C_in, H, W), weight (C_in, C_out/g, kh, kw)
  // The window without padding: col2im by it fills the whole uncropped output.
  Window2d unpadded() const {
    Window2d w = win;
    w.ph = w.pw = 0;
    return w;
  }
  int64_t full_h() const { return (x4[2] - 1) * win.sh + win.dh * (win.kh - 1) + 1; }
  int64_t full_w() const { return (x4[3] - 1) * win.sw + win.dw * (win.kw - 1) + 1; }
  // The crop of the uncropped output: padding off both sides, output padding back at the end
  // (as constant_pad_nd's amounts, last dim first; zeros where it reaches past the end).
  Shape crop() const { return {-win.pw, opw - win.pw, -win.ph, oph - win.ph}; }
  Shape uncrop() const { return {win.pw, win.pw - opw, win.ph, win.ph - oph}; }
  int64_t out_channels() const { return w4[1] * win.groups; }
  int64_t col_rows() const { return w4[1] * win.kh * win.kw; }  // per group
};

// The weight (C_in, C_out/g, kh, kw) as (g, kh*kw*C_out/g, C_in/g): rows in col2im's
// (kh, kw, channel) order, so one product gives every window's columns.
Tensor weight_cols(const Tensor& w4, int64_t groups) {
  const int64_t cin_g = w4.size(0) / groups, cout_g = w4.size(1);
  Tensor w5 = view(w4, {groups, cin_g, cout_g, w4.size(2), w4.size(3)});
  return reshape(permute(w5, {0, 3, 4, 2, 1}), {groups, w4.size(2) * w4.size(3) * cout_g, cin_g});
}

// The inverse of weight_cols, for the weight's gradient.
Tensor weight_from_cols(const Tensor& m, const Shape& w4, int64_t groups) {
  Tensor m5 = view(m, {groups, w4[2], w4[3], w4[1], w4[0] / groups});
  return reshape(permute(m5, {0, 4, 3, 1, 2}), w4);
}

// The input (N, C_in, H, W) as (g, C_in/g, N*H*W).
Tensor input_rows(const Tensor& x4, int64_t groups) {
  return reshape(permute(x4, {1, 0, 2, 3}),
                 {groups, x4.size(1) / groups, x4.size(0) * x4.size(2) * x4.size(3)});
}

Tensor compute(const Tensor& x4, const Tensor& w4, const Tensor& bias, const Geometry& g) {
  const int64_t n = g.x4[0], o = g.out_channels(), groups = g.win.groups;
  Shape full{n, o, g.full_h(), g.full_w()};
  Tensor out;
  if (n == 0 || o == 0 || g.x4[1] == 0) {
    out = zeros(full, TensorOptions(x4.dtype(), x4.device()));
  } else {
    Tensor cols = bmm(weight_cols(w4, groups), input_rows(x4, groups));
    out = col2im(reshape(cols, {groups * g.col_rows(), n * g.x4[2] * g.x4[3]}), full,
                 g.unpadded());
  }
  out = constant_pad_nd(out, g.crop(), 0);
  if (bias.defined()) binary_(BinaryOp::Add, out, view(bias, {1, o, 1, 1}));
  return out;
}

// ATen's formula: the input's gradient is the convolution of the output's gradient by the
// same weight, the weight's is the product of the input with the gradient's windows.
std::shared_ptr<Node> transpose_node(const Tensor& input, const Tensor& weight,
                                     const Shape& out_sizes, const Geometry& geo, bool has_bias) {
  Shape in_sizes = input.sizes(), w_sizes = weight.sizes();
  return autograd::make_node(
      "ConvolutionBackward0", {input, weight},
      [geo, in_sizes, w_sizes, out_sizes, has_bias](G grads, G s, N node) {
        const int64_t n = geo.x4[0], o = geo.out_channels(), groups = geo.win.groups;
        const int64_t l = n * geo.x4[2] * geo.x4[3];
        Tensor g4 = reshape(grads[0], {n, o, out_sizes[2], out_sizes[3]});
        Tensor gi, gw, gb;
        if (has_bias && node.needs(2)) gb = sum(g4, {0, 2, 3});
        if ((node.needs(0) || node.needs(1)) && l > 0 && o > 0 && geo.x4[1] > 0) {
          // Back to the uncropped output's shape: zeros where the padding was cropped.
          Tensor g0 = constant_pad_nd(g4, geo.uncrop(), 0);
          const char* kernel = "ConvolutionBackwardBackward0";
          if (node.needs(0)) {
            gi = autograd::shown_as(kernel, [&] {
              Tensor cols = view(im2col(g0, geo.unpadded()), {groups, geo.col_rows(), l});
              Tensor wc = weight_cols(reshape(s[1], geo.w4), groups);
              Tensor rows = bmm(transpose(wc, 1, 2), cols);  // (g, C_in/g, N*H*W)
              Tensor x = reshape(rows, {geo.x4[1], n, geo.x4[2], geo.x4[3]});
              return reshape(permute(x, {1, 0, 2, 3}), in_sizes);
            }, s);
          }
          if (node.needs(1)) {
            gw = autograd::shown_as(kernel, [&] {
              Tensor cols = view(im2col(g0, geo.unpadded()), {groups, geo.col_rows(), l});
              Tensor rows = input_rows(reshape(s[0], geo.x4), groups);
              return reshape(weight_from_cols(bmm(cols, transpose(rows, 1, 2)), geo.w4, groups),
                             w_sizes);
            }, s);
          }
        }
        if (node.needs(0) && !gi.defined())
          gi = zeros(in_sizes, TensorOptions(g4.dtype(), g4.device()));
        if (node.needs(1) && !gw.defined())
          gw = zeros(w_sizes, TensorOptions(g4.dtype(), g4.device()));
        return TensorList{gi, gw, gb};
      });
}

void check_types(const Tensor& input, const Tensor& weight, const Tensor& bias) {
  // A CPU input with a GPU weight or bias takes no cuDNN or oneDNN path: at::slow_conv_transpose2d
  // (1-d viewed as 2-d) runs as a CUDA kernel whose generated check names the odd argument
  // (seen on an H200 with PyTorch 2.11).
  if (input.device().is_cpu()) {
    check_same_device_args("slow_conv_transpose2d", {{"self", &input}, {"weight", &weight}, {"bias", &bias}});
  }
  if (bias.defined() && bias.dtype() != input.dtype()) {
    fail(ErrorKind::RuntimeError, "Input type (", dtype_cpp_name(input.dtype()),
         ") and bias type (", dtype_cpp_name(bias.dtype()), ") should be the same");
  }
  if (weight.dtype() != input.dtype() || weight.device() != input.device()) {
    // A float CPU input goes to oneDNN's deconvolution, whose text names MKLDNN tensors.
    fail_input_type(input, "weight", weight, input.device().is_cpu() && input.dtype() == DType::Float32);
  }
  if (bias.defined() && bias.device() != input.device()) fail_input_type(input, "bias", bias, false);
  TP_CHECK(input.dtype() != DType::Bool, NotImplementedError,
           "\"slow_conv_transpose2d_out_cpu\" not implemented for 'Bool'");
}

// at::convolution(transposed=True) on a batched input.
Tensor convolution_transpose(const Tensor& input, const Tensor& weight, const Tensor& bias,
                             const Shape& stride_in, const Shape& padding_in,
                             const Shape& output_padding_in, int64_t groups,
                             const Shape& dilation_in) {
  const int64_t k = weight.dim();
  const int64_t dim = k - 2;
  TP_CHECK(dim > 0, RuntimeError, "weight should have at least three dimensions");
  TP_CHECK(groups > 0, RuntimeError, "non-positive groups is not supported");
  Shape stride = expand_param(stride_in, "stride", dim);
  Shape padding = expand_param(padding_in, "padding", dim);
  Shape output_padding = expand_param(output_padding_in, "output_padding", dim);
  Shape dilation = expand_param(dilation_in, "dilation", dim);
  for (int64_t p : padding) TP_CHECK(p >= 0, RuntimeError, "negative padding is not supported");
  for (int64_t p : output_padding)
    TP_CHECK(p >= 0, RuntimeError, "negative output_padding is not supported");
  for (int64_t s : stride) TP_CHECK(s > 0, RuntimeError, "non-positive stride is not supported");
  for (int64_t d : dilation) TP_CHECK(d > 0, RuntimeError, "dilation should be greater than zero");
  const Shape& ws = weight.sizes();
  TP_CHECK(k == input.dim(), RuntimeError, "Expected ", k, "-dimensional input for ", k,
           "-dimensional weight ", shape_str(ws), ", but got ", input.dim(),
           "-dimensional input of size ", shape_str(input.sizes()), " instead");
  TP_CHECK(ws[0] >= groups, RuntimeError, "Given groups=", groups,
           ", expected weight to be at least ", groups, " at dimension 0, but got weight of size ",
           shape_str(ws), " instead");
  TP_CHECK(ws[0] % groups == 0, RuntimeError, "Given groups=", groups,
           ", expected weight to be divisible by ", groups,
           " at dimension 0, but got weight of size [", shape_str(ws), "] instead");
  TP_CHECK(input.size(1) == ws[0], RuntimeError, "Given transposed=1, weight of size ",
           shape_str(ws), ", expected input", shape_str(input.sizes()), " to have ", ws[0],
           " channels, but got ", input.size(1), " channels instead");
  TP_CHECK(!bias.defined() || (bias.dim() == 1 && bias.size(0) == ws[1] * groups), RuntimeError,
           "Given transposed=1, weight of size ", shape_str(ws),
           ", expected bias to be 1-dimensional with ", ws[1] * groups,
           " elements, but got bias of size ", bias.defined() ? shape_str(bias.sizes()) : "[]",
           " instead");
  // ATen checks height and width together, naming both (a 1-d one as height 1).
  Shape op2 = dim == 1 ? Shape{0, output_padding[0]} : output_padding;
  Shape s2 = dim == 1 ? Shape{1, stride[0]} : stride;
  Shape d2 = dim == 1 ? Shape{1, dilation[0]} : dilation;
  bool op_fits = true;
  for (size_t i = 0; i < 2; ++i) op_fits = op_fits && (op2[i] < s2[i] || op2[i] < d2[i]);
  TP_CHECK(op_fits, RuntimeError,
           "output padding must be smaller than either stride or dilation, but got "
           "output_padding_height: ",
           op2[0], " output_padding_width: ", op2[1], " stride_height: ", s2[0],
           " stride_width: ", s2[1], " dilation_height: ", d2[0], " dilation_width: ", d2[1]);
  TP_CHECK(dim <= 2, NotImplementedError,
           "tensorplay supports 1-d and 2-d transposed convolutions only");

  Geometry geo;
  if (dim == 1) {
    geo.x4 = {input.size(0), input.size(1), 1, input.size(2)};
    geo.w4 = {ws[0], ws[1], 1, ws[2]};
    geo.win = Window2d{1, ws[2], 1, stride[0], 0, padding[0], 1, dilation[0], groups};
    geo.opw = output_padding[0];
  } else {
    geo.x4 = input.sizes();
    geo.w4 = ws;
    geo.win = Window2d{ws[2],      ws[3],       stride[0],   stride[1], padding[0],
                       padding[1], dilation[0], dilation[1], groups};
    geo.oph = output_padding[0];
    geo.opw = output_padding[1];
  }
  const int64_t oh = geo.full_h() - 2 * geo.win.ph + geo.oph;
  const int64_t ow = geo.full_w() - 2 * geo.win.pw + geo.opw;
  if (oh < 1 || ow < 1) {
    std::string in_str = dim == 1 ? std::to_string(geo.x4[3])
                                  : str_cat(geo.x4[2], " x ", geo.x4[3]);
    std::string out_str = dim == 1 ? std::to_string(ow) : str_cat(oh, " x ", ow);
    fail(ErrorKind::RuntimeError, "Given input size per channel: (", in_str,
         "). Calculated output size per channel: (", out_str, "). Output size is too small");
  }
  check_types(input, weight, bias);
  Shape out_shape{input.size(0), ws[1] * groups};
  if (dim == 1) {
    out_shape.push_back(ow);
  } else {
    out_shape.push_back(oh);
    out_shape.push_back(ow);
  }
  const Shape out4{geo.x4[0], ws[1] * groups, oh, ow};
  return autograd::record_op(
      {input, weight, bias},
      [&] { return view(compute(reshape(input, geo.x4), reshape(weight, geo.w4), bias, geo), out_shape); },
      [&](const Tensor&) {
        return transpose_node(input, weight, out4, geo, bias.defined());
      });
}

Tensor conv_transpose_nd(const char* fname, int64_t spatial, const Tensor& input,
                         const Tensor& weight, const Tensor& bias, const Shape& stride,
                         const Shape& padding, const Shape& output_padding, int64_t groups,
                         const Shape& dilation) {
  const int64_t no_batch = spatial + 1;
  TP_CHECK(input.dim() == no_batch || input.dim() == no_batch + 1, RuntimeError, "Expected ",
           no_batch, "D (unbatched) or ", no_batch + 1, "D (batched) input to ", fname,
           ", but got input of size: ", shape_str(input.sizes()));
  const bool batched = input.dim() == no_batch + 1;
  Tensor out = convolution_transpose(batched ? input : unsqueeze(input, 0), weight, bias, stride,
                                     padding, output_padding, groups, dilation);
  return batched ? out : squeeze(out, 0);
}

}  // namespace

Tensor conv_transpose1d(const Tensor& input, const Tensor& weight, const Tensor& bias,
                        const Shape& stride, const Shape& padding, const Shape& output_padding,
                        int64_t groups, const Shape& dilation) {
  return conv_transpose_nd("conv_transpose1d", 1, input, weight, bias, stride, padding,
                           output_padding, groups, dilation);
}

Tensor conv_transpose2d(const Tensor& input, const Tensor& weight, const Tensor& bias,
                        const Shape& stride, const Shape& padding, const Shape& output_padding,
                        int64_t groups, const Shape& dilation) {
  return conv_transpose_nd("conv_transpose2d", 2, input, weight, bias, stride, padding,
                           output_padding, groups, dilation);
}

}  // namespace tp::nn::functional
