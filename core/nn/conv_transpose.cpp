// F.conv_transpose1d/2d/3d: ATen's checks for a transposed at::convolution (Convolution.cpp's
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

// Everything the compute and its gradient need, over 1 to 3 spatial dims.
struct Geometry {
  Window win;             // with padding: the output is cropped by it on both sides
  Shape output_padding;   // added at the end of each spatial dim
  Shape x, w;             // input (N, C_in, *S), weight (C_in, C_out/g, *K)
  int64_t dims() const { return win.dims(); }
  // The uncropped output's sizes: col2im by the unpadded window fills it.
  Shape full() const {
    Shape f{x[0], out_channels()};
    for (int64_t i = 0; i < dims(); ++i)
      f.push_back((x[i + 2] - 1) * win.stride[i] + win.dilation[i] * (win.kernel[i] - 1) + 1);
    return f;
  }
  // The crop of the uncropped output: padding off both sides, output padding back at the end
  // (as constant_pad_nd's amounts, last dim first; zeros where it reaches past the end).
  Shape crop() const {
    Shape c;
    for (int64_t i = dims() - 1; i >= 0; --i)
      c.insert(c.end(), {-win.padding[i], output_padding[i] - win.padding[i]});
    return c;
  }
  Shape uncrop() const {
    Shape c = crop();
    for (int64_t& v : c) v = -v;
    return c;
  }
  int64_t out_channels() const { return w[1] * win.groups; }
  int64_t col_rows() const { return w[1] * shape_numel(win.kernel); }  // per group
  int64_t in_positions() const {  // N * prod(S)
    return x[0] * shape_numel(Shape(x.begin() + 2, x.end()));
  }
};

// The weight (C_in, C_out/g, *K) as (g, prod(K)*C_out/g, C_in/g): rows in col2im's
// (*kernel, channel) order, so one product gives every window's columns.
Tensor weight_cols(const Tensor& w, int64_t groups) {
  const int64_t k = w.dim() - 2, cin_g = w.size(0) / groups, cout_g = w.size(1);
  Shape split{groups, cin_g, cout_g}, perm{0};
  for (int64_t i = 0; i < k; ++i) {
    split.push_back(w.size(i + 2));
    perm.push_back(i + 3);
  }
  perm.insert(perm.end(), {2, 1});
  return reshape(permute(view(w, split), perm), {groups, w.numel() / w.size(0), cin_g});
}

// The inverse of weight_cols, for the weight's gradient.
Tensor weight_from_cols(const Tensor& m, const Shape& w, int64_t groups) {
  const int64_t k = static_cast<int64_t>(w.size()) - 2;
  Shape split{groups}, perm{0, k + 2, k + 1};
  for (int64_t i = 0; i < k; ++i) {
    split.push_back(w[i + 2]);
    perm.push_back(i + 1);
  }
  split.insert(split.end(), {w[1], w[0] / groups});
  return reshape(permute(view(m, split), perm), w);
}

// Channels first: (N, C, *S) <-> (C, N, *S).
Tensor swap01(const Tensor& t) {
  Shape perm{1, 0};
  for (int64_t i = 2; i < t.dim(); ++i) perm.push_back(i);
  return permute(t, perm);
}

// The input (N, C_in, *S) as (g, C_in/g, N*prod(S)).
Tensor input_rows(const Tensor& x, int64_t groups) {
  return reshape(swap01(x), {groups, x.size(1) / groups, x.numel() / std::max<int64_t>(x.size(1), 1)});
}

Tensor compute(const Tensor& x, const Tensor& w, const Tensor& bias, const Geometry& g) {
  const int64_t groups = g.win.groups;
  const Shape full = g.full();
  Tensor out;
  if (full[0] == 0 || full[1] == 0 || g.x[1] == 0) {
    out = zeros(full, TensorOptions(x.dtype(), x.device()));
  } else {
    Tensor cols = bmm(weight_cols(w, groups), input_rows(x, groups));
    out = col2im(reshape(cols, {groups * g.col_rows(), g.in_positions()}), full, g.win.unpadded());
  }
  out = constant_pad_nd(out, g.crop(), 0);
  if (bias.defined()) {
    Shape b(full.size(), 1);
    b[1] = full[1];
    binary_(BinaryOp::Add, out, view(bias, b));
  }
  return out;
}

// ATen's formula: the input's gradient is the convolution of the output's gradient by the
// same weight, the weight's is the product of the input with the gradient's windows.
std::shared_ptr<Node> transpose_node(const Tensor& input, const Tensor& weight,
                                     const Geometry& geo, bool has_bias) {
  Shape in_sizes = input.sizes(), w_sizes = weight.sizes();
  return autograd::make_node(
      "ConvolutionBackward0", {input, weight},
      [geo, in_sizes, w_sizes, has_bias](G grads, G s, N node) {
        const int64_t o = geo.out_channels(), groups = geo.win.groups;
        const int64_t l = geo.in_positions();
        const Tensor& g = grads[0];
        Tensor gi, gw, gb;
        if (has_bias && node.needs(2)) {
          Shape dims{0};
          for (int64_t i = 2; i < g.dim(); ++i) dims.push_back(i);
          gb = sum(g, dims);
        }
        if ((node.needs(0) || node.needs(1)) && l > 0 && o > 0 && geo.x[1] > 0) {
          // Back to the uncropped output's shape: zeros where the padding was cropped.
          Tensor g0 = constant_pad_nd(g, geo.uncrop(), 0);
          const char* kernel = "ConvolutionBackwardBackward0";
          if (node.needs(0)) {
            gi = autograd::shown_as(kernel, [&] {
              Tensor cols = view(im2col(g0, geo.win.unpadded()), {groups, geo.col_rows(), l});
              Tensor rows = bmm(transpose(weight_cols(s[1], groups), 1, 2), cols);  // (g, C_in/g, L)
              Shape channels_first{geo.x[1], geo.x[0]};
              channels_first.insert(channels_first.end(), geo.x.begin() + 2, geo.x.end());
              return reshape(swap01(reshape(rows, channels_first)), in_sizes);
            }, s);
          }
          if (node.needs(1)) {
            gw = autograd::shown_as(kernel, [&] {
              Tensor cols = view(im2col(g0, geo.win.unpadded()), {groups, geo.col_rows(), l});
              Tensor rows = input_rows(s[0], groups);
              return weight_from_cols(bmm(cols, transpose(rows, 1, 2)), w_sizes, groups);
            }, s);
          }
        }
        if (node.needs(0) && !gi.defined())
          gi = zeros(in_sizes, TensorOptions(g.dtype(), g.device()));
        if (node.needs(1) && !gw.defined())
          gw = zeros(w_sizes, TensorOptions(g.dtype(), g.device()));
        return TensorList{gi, gw, gb};
      });
}

// The slow kernel ATen runs (1-d viewed as 2-d): named in its device and dtype errors.
const char* slow_kernel(int64_t dims) {
  return dims == 3 ? "slow_conv_transpose3d" : "slow_conv_transpose2d";
}

void check_types(const Tensor& input, const Tensor& weight, const Tensor& bias, int64_t groups) {
  const int64_t dims = weight.dim() - 2;
  // A CPU input with a GPU weight or bias takes no cuDNN or oneDNN path: ATen's slow transposed
  // convolution runs as a CUDA kernel whose generated check names the odd argument (seen on an
  // H200 with PyTorch 2.11).
  if (input.device().is_cpu()) {
    check_same_device_args(slow_kernel(dims), {{"self", &input}, {"weight", &weight}, {"bias", &bias}});
  }
  if (bias.defined() && bias.dtype() != input.dtype()) {
    fail(ErrorKind::RuntimeError, "Input type (", dtype_cpp_name(input.dtype()),
         ") and bias type (", dtype_cpp_name(bias.dtype()), ") should be the same");
  }
  if (weight.dtype() != input.dtype() || weight.device() != input.device()) {
    // A float CPU input oneDNN takes names MKLDNN tensors; the slow kernel's dispatch does not.
    const bool via_mkldnn = input.device().is_cpu() && input.dtype() == DType::Float32 &&
                            uses_mkldnn(input.sizes(), weight.sizes(), groups);
    if (!via_mkldnn && input.device().is_cpu() && weight.device().is_cpu()) {
      fail(ErrorKind::RuntimeError, "expected scalar type ", dtype_legacy_name(input.dtype()),
           " but found ", dtype_legacy_name(weight.dtype()));
    }
    fail_input_type(input, "weight", weight, via_mkldnn);
  }
  if (bias.defined() && bias.device() != input.device()) fail_input_type(input, "bias", bias, false);
  TP_CHECK(input.dtype() != DType::Bool, NotImplementedError, "\"", slow_kernel(dims),
           "_out_cpu\" not implemented for 'Bool'");
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
  // ATen checks every spatial dim together, naming each (a 1-d one as 2-d of height 1).
  Shape op2 = output_padding, s2 = stride, d2 = dilation;
  if (dim == 1) {
    op2.insert(op2.begin(), 0);
    s2.insert(s2.begin(), 1);
    d2.insert(d2.begin(), 1);
  }
  static const char* const kNames[] = {"depth", "height", "width"};
  const size_t first = 3 - op2.size();
  bool op_fits = true;
  std::string op_str, s_str, d_str;
  for (size_t i = 0; i < op2.size(); ++i) {
    op_fits = op_fits && (op2[i] < s2[i] || op2[i] < d2[i]);
    op_str += str_cat(" output_padding_", kNames[first + i], ": ", op2[i]);
    s_str += str_cat(" stride_", kNames[first + i], ": ", s2[i]);
    d_str += str_cat(" dilation_", kNames[first + i], ": ", d2[i]);
  }
  TP_CHECK(op_fits, RuntimeError,
           "output padding must be smaller than either stride or dilation, but got", op_str,
           s_str, d_str);

  Geometry geo{Window{Shape(ws.begin() + 2, ws.end()), stride, padding, dilation, groups},
               output_padding, input.sizes(), ws};
  const Shape full = geo.full();
  Shape out_shape{input.size(0), ws[1] * groups};
  bool fits = true;
  std::string in_str, out_str;
  for (int64_t i = 0; i < dim; ++i) {
    const int64_t o = full[i + 2] - 2 * padding[i] + output_padding[i];
    fits = fits && o >= 1;
    out_shape.push_back(o);
    in_str += str_cat(i ? " x " : "", input.size(i + 2));
    out_str += str_cat(i ? " x " : "", o);
  }
  TP_CHECK(fits, RuntimeError, "Given input size per channel: (", in_str,
           "). Calculated output size per channel: (", out_str, "). Output size is too small");
  check_types(input, weight, bias, groups);
  return autograd::record_op(
      {input, weight, bias}, [&] { return compute(input, weight, bias, geo); },
      [&](const Tensor&) { return transpose_node(input, weight, geo, bias.defined()); });
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

Tensor conv_transpose3d(const Tensor& input, const Tensor& weight, const Tensor& bias,
                        const Shape& stride, const Shape& padding, const Shape& output_padding,
                        int64_t groups, const Shape& dilation) {
  return conv_transpose_nd("conv_transpose3d", 3, input, weight, bias, stride, padding,
                           output_padding, groups, dilation);
}

}  // namespace tp::nn::functional
