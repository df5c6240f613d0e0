// Padding and convolution, composed as ATen's slow path composes them
// (aten/src/ATen/native/PadNd.cpp, ConstantPadNd, Convolution.cpp's checks, im2col.h):
// every step is a core op, so cpu, the simulated GPUs and CUDA all run the same code.
#include "core/nn/conv.h"

#include <algorithm>

#include "core/autograd/autograd.h"
#include "core/autograd/grad_utils.h"
#include "core/autograd/view_inplace.h"
#include "core/error.h"
#include "core/ops/copy.h"
#include "core/ops/creation.h"
#include "core/ops/elementwise.h"
#include "core/ops/indexing.h"
#include "core/ops/linalg.h"
#include "core/ops/reduce.h"
#include "core/ops/shape.h"

namespace tp::nn::functional {

namespace {

using G = const TensorList&;
using N = const Node&;

// ---- constant padding ----

Tensor constant_pad_compute(const Tensor& self, const Shape& pad, Scalar value) {
  TP_CHECK(pad.size() % 2 == 0, RuntimeError, "Length of pad must be even but instead it equals ",
           pad.size());
  const int64_t l_inp = self.dim();
  const int64_t l_pad = static_cast<int64_t>(pad.size()) / 2;
  const int64_t l_diff = l_inp - l_pad;
  TP_CHECK(l_inp >= l_pad, RuntimeError,
           "Length of pad should be no more than twice the number of dimensions of the input. Pad "
           "length is ",
           pad.size(), "while the input has ", l_inp, "dimensions.");
  bool all_non_positive = true;
  for (int64_t p : pad) all_non_positive = all_non_positive && p <= 0;
  // The part of the input that survives negative padding (a crop).
  Tensor c_input = self;
  for (int64_t i = l_diff; i < l_inp; ++i) {
    const int64_t pad_idx = 2 * (l_inp - i - 1);
    if (pad[pad_idx] < 0)
      c_input = narrow(c_input, i, -pad[pad_idx], c_input.size(i) + pad[pad_idx]);
    if (pad[pad_idx + 1] < 0) c_input = narrow(c_input, i, 0, c_input.size(i) + pad[pad_idx + 1]);
  }
  if (all_non_positive) return clone(c_input);
  Shape new_shape(self.sizes().begin(), self.sizes().begin() + l_diff);
  for (int64_t i = 0; i < l_pad; ++i) {
    const int64_t pad_idx = static_cast<int64_t>(pad.size()) - (i + 1) * 2;
    const int64_t new_dim = self.size(l_diff + i) + pad[pad_idx] + pad[pad_idx + 1];
    TP_CHECK(new_dim >= 0, RuntimeError, "The input size ", self.size(l_diff + i),
             ", plus negative padding ", pad[pad_idx], " and ", pad[pad_idx + 1],
             " resulted in a negative output size, which is invalid. Check dimension ", l_diff + i,
             " of your input.");
    new_shape.push_back(new_dim);
  }
  Tensor out = full(new_shape, value, self.dtype(), self.device());
  Tensor c_output = out;
  for (int64_t i = l_diff; i < l_inp; ++i) {
    const int64_t pad_idx = 2 * (l_inp - i - 1);
    if (pad[pad_idx] > 0)
      c_output = narrow(c_output, i, pad[pad_idx], c_output.size(i) - pad[pad_idx]);
    if (pad[pad_idx + 1] > 0)
      c_output = narrow(c_output, i, 0, c_output.size(i) - pad[pad_idx + 1]);
  }
  copy_(c_output, c_input);
  return out;
}

// ---- reflect / replicate / circular padding: a gather with one index list per padded dim ----

enum class PadMode { Reflect, Replicate, Circular };

const char* pad_mode_name(PadMode m) {
  switch (m) {
    case PadMode::Reflect:
      return "reflect";
    case PadMode::Replicate:
      return "replicate";
    case PadMode::Circular:
      return "circular";
  }
  return "";
}

// For each padded dim (first to last): the source index of each output position.
std::vector<Tensor> pad_indices(const Tensor& self, const Shape& pad, PadMode mode) {
  const int64_t k = static_cast<int64_t>(pad.size()) / 2;
  std::vector<Tensor> out;
  for (int64_t j = 0; j < k; ++j) {
    const int64_t d = self.dim() - k + j;
    const int64_t size = self.size(d);
    const int64_t pad_idx = 2 * (k - 1 - j);
    const int64_t before = pad[pad_idx], after = pad[pad_idx + 1];
    std::vector<Scalar> idx;
    for (int64_t i = -before; i < size + after; ++i) {
      int64_t src = i;
      if (mode == PadMode::Reflect) {
        if (src < 0) src = -src;
        if (src >= size) src = 2 * (size - 1) - src;
      } else if (mode == PadMode::Replicate) {
        src = std::clamp<int64_t>(src, 0, size - 1);
      } else {
        src = ((src % size) + size) % size;
      }
      idx.push_back(Scalar(src));
    }
    // Shaped to broadcast against the other padded dims' lists.
    Shape shape(static_cast<size_t>(k), 1);
    shape[j] = static_cast<int64_t>(idx.size());
    out.push_back(to(tensor(idx, shape, DType::Int64), self.device(), std::nullopt));
  }
  return out;
}

Tensor gather_pad(const Tensor& self, const Shape& pad, PadMode mode) {
  const int64_t k = static_cast<int64_t>(pad.size()) / 2;
  std::vector<Tensor> idx(static_cast<size_t>(self.dim() - k));
  for (const Tensor& t : pad_indices(self, pad, mode)) idx.push_back(t);
  // Circular padding is made of slice copies in ATen: its grad_fn is CopySlices.
  const std::string name =
      mode == PadMode::Circular
          ? autograd::kCopySlicesName
          : str_cat(mode == PadMode::Reflect ? "ReflectionPad" : "ReplicationPad", k, "DBackward0");
  // Under create_graph the gradient's own node: the pad's backward's (ATen's circular pad is
  // slices, hence SliceBackwardBackward0); its gradient is the padding again, and zero for the
  // padded input that ATen's reflection/replication backward kernels also take.
  const bool circular = mode == PadMode::Circular;
  const std::string double_name = circular ? "SliceBackwardBackward0" : name.substr(0, name.size() - 1) + "Backward0";
  const TensorList flat = circular ? TensorList{} : TensorList{self};
  Shape in_sizes = self.sizes();
  return autograd::record_op(
      {self}, [&] { return advanced_index(self, idx); },
      [&](const Tensor&) {
        return autograd::make_node(name, {}, [idx, in_sizes, double_name, flat](G g, G, N) {
          Tensor summed = autograd::linear_in_grad(
              double_name, g[0],
              [&] {
                Tensor z = zeros(in_sizes, TensorOptions(g[0].dtype(), g[0].device()));
                advanced_index_put_(z, idx, g[0], /*accumulate=*/true);
                return z;
              },
              [idx](const Tensor& gg) { return advanced_index(gg, idx); }, flat);
          return TensorList{summed};
        });
      });
}

void check_gather_pad(const Tensor& self, const Shape& pad, PadMode mode) {
  const int64_t k = static_cast<int64_t>(pad.size()) / 2;
  const int64_t first = self.dim() == k + 2 ? 1 : 0;  // the batch dim may be empty
  for (int64_t d = first; d < self.dim() && mode != PadMode::Circular; ++d) {
    TP_CHECK(self.size(d) != 0, RuntimeError, "Expected ", k + 1, "D or ", k + 2,
             "D (batch mode) tensor with possibly 0 batch size and other non-zero dimensions for "
             "input, but got: ",
             shape_str(self.sizes()));
  }
  for (int64_t j = k - 1; j >= 0; --j) {  // the last dim first, as ATen checks width first
    const int64_t d = self.dim() - k + j;
    const int64_t size = self.size(d);
    const int64_t pad_idx = 2 * (k - 1 - j);
    const int64_t before = pad[pad_idx], after = pad[pad_idx + 1];
    if (mode == PadMode::Reflect) {
      TP_CHECK(before < size && after < size, RuntimeError, "Argument #", 4 + 2 * (k - 1 - j),
               ": Padding size should be less than the corresponding input dimension, but got: "
               "padding (",
               before, ", ", after, ") at dimension ", d, " of input ", shape_str(self.sizes()));
    } else if (mode == PadMode::Circular) {
      TP_CHECK(before <= size && after <= size, RuntimeError,
               "Padding value causes wrapping around more than once.");
    }
  }
  if (mode == PadMode::Circular) return;
  // Every padded dim must keep at least one element: "H: 3 W: 0" for output and input.
  static const char* const kNames[] = {"D", "H", "W"};
  std::string out_sizes, in_sizes;
  bool fits = true;
  for (int64_t j = 0; j < k; ++j) {
    const int64_t d = self.dim() - k + j;
    const int64_t pad_idx = 2 * (k - 1 - j);
    const int64_t out = self.size(d) + pad[pad_idx] + pad[pad_idx + 1];
    fits = fits && out >= 1;
    const char* name = kNames[3 - k + j];
    out_sizes += str_cat(j ? " " : "", name, ": ", out);
    in_sizes += str_cat(j ? ", " : "", name, ": ", self.size(d));
  }
  if (k == 1) {
    TP_CHECK(fits, RuntimeError, "input (", in_sizes, ") is too small. Calculated output ",
             out_sizes);
  }
  TP_CHECK(fits, RuntimeError, "Calculated output ", out_sizes,
           " must be >= 1 in every dimension (input ", in_sizes, ")");
}

// ---- convolution ----

// One spatial parameter list expanded to `dim` entries (ATen's expand_param_if_needed).
Shape expand_param(const Shape& p, const char* name, int64_t dim) {
  if (p.size() == 1) return Shape(static_cast<size_t>(dim), p[0]);
  TP_CHECK(static_cast<int64_t>(p.size()) == dim, RuntimeError, "expected ", name,
           " to be a single integer value or a list of ", dim,
           " values to match the convolution dimensions, but got ", name, "=", shape_str(p));
  return p;
}

// at::native::ConvParams::use_mkldnn on a CPU float input (several threads assumed): which
// of PyTorch's two type-mismatch texts a CPU convolution gives.
bool uses_mkldnn(const Shape& x4, const Shape& w4, int64_t groups) {
  return groups > 1 || (w4[3] > 3 && w4[2] > 3) || x4[0] > 1 ||
         x4[0] * x4[1] * x4[2] * x4[3] > 20480;
}

void check_types(const Tensor& input, const Tensor& weight, const Tensor& bias, bool mkldnn) {
  if (bias.defined() && bias.dtype() != input.dtype()) {
    fail(ErrorKind::RuntimeError, "Input type (", dtype_cpp_name(input.dtype()),
         ") and bias type (", dtype_cpp_name(bias.dtype()), ") should be the same");
  }
  if (weight.dtype() != input.dtype() || weight.device() != input.device()) {
    const bool via_mkldnn = input.device().is_cpu() && input.dtype() == DType::Float32 && mkldnn;
    if (!via_mkldnn && input.device().is_cpu() && weight.device().is_cpu()) {
      fail(ErrorKind::RuntimeError, "expected scalar type ", dtype_legacy_name(input.dtype()),
           " but found ", dtype_legacy_name(weight.dtype()));
    }
    fail_input_type(input, "weight", weight, via_mkldnn);
  }
  if (bias.defined() && bias.device() != input.device()) fail_input_type(input, "bias", bias, false);
  if (input.dtype() == DType::Bool) {
    fail(ErrorKind::NotImplementedError, "\"slow_conv2d_cpu\" not implemented for 'Bool'");
  }
}

int64_t out_size(int64_t in, int64_t k, int64_t s, int64_t p, int64_t d) {
  return (in + 2 * p - d * (k - 1) - 1) / s + 1;
}

// im2col's copy: the windows of x (N, C, H, W) as columns (C*kh*kw, N*OH*OW), rows ordered
// (group, kh, kw, channel in group).
Tensor im2col_compute(const Tensor& x, const Window2d& w) {
  const int64_t n = x.size(0), c = x.size(1), g = w.groups, cg = c / g;
  const int64_t oh = out_size(x.size(2), w.kh, w.sh, w.ph, w.dh);
  const int64_t ow = out_size(x.size(3), w.kw, w.sw, w.pw, w.dw);
  Tensor xp = (w.ph || w.pw) ? constant_pad_compute(x, {w.pw, w.pw, w.ph, w.ph}, 0) : contiguous(x);
  const int64_t hp = xp.size(2), wp = xp.size(3);
  // (g, kh, kw, C/g, N, OH, OW) over the padded input, then one copy.
  Tensor windows = xp.as_strided(
      {g, w.kh, w.kw, cg, n, oh, ow},
      {cg * hp * wp, w.dh * wp, w.dw, hp * wp, c * hp * wp, w.sh * wp, w.sw}, xp.storage_offset());
  return view(contiguous(windows), {c * w.kh * w.kw, n * oh * ow});
}

// col2im's sums: each column added back into its window; x_sizes = (N, C, H, W).
// For each input element the windows that cover it add in (kh, kw) order, as ATen's col2im.
Tensor col2im_compute(const Tensor& cols, const Shape& x_sizes, const Window2d& w) {
  const int64_t n = x_sizes[0], c = x_sizes[1], h = x_sizes[2], wd = x_sizes[3];
  const int64_t g = w.groups, cg = c / g;
  const int64_t oh = out_size(h, w.kh, w.sh, w.ph, w.dh);
  const int64_t ow = out_size(wd, w.kw, w.sw, w.pw, w.dw);
  const int64_t hp = h + 2 * w.ph, wp = wd + 2 * w.pw;
  Tensor c7 = reshape(cols, {g, w.kh, w.kw, cg, n, oh, ow});
  Tensor padded = zeros({n, c, hp, wp}, TensorOptions(cols.dtype(), cols.device()));
  for (int64_t i = 0; i < w.kh; ++i) {
    for (int64_t j = 0; j < w.kw; ++j) {
      Tensor dst = padded.as_strided({g, cg, n, oh, ow},
                                     {cg * hp * wp, hp * wp, c * hp * wp, w.sh * wp, w.sw},
                                     padded.storage_offset() + i * w.dh * wp + j * w.dw);
      binary_(BinaryOp::Add, dst, select(select(c7, 1, i), 1, j));
    }
  }
  if (!w.ph && !w.pw) return padded;
  return contiguous(narrow(narrow(padded, 2, w.ph, h), 3, w.pw, wd));
}

// The convolution itself on (N, C, H, W) and (O, C/g, kh, kw); `input`/`weight` are what the
// caller passed (3-D for conv1d), so the node's gradients take their shapes.
struct ConvGeometry {
  Window2d win;
  int64_t groups = 1;
  Shape x4, w4;  // the 4-D shapes computed with
};

// The weight (O, C/g, kh, kw) as im2col's rows order it: (g, O/g, kh*kw*C/g). Products then
// add over (kh, kw, channel), the order of oneDNN's direct convolution.
Tensor weight_matrix(const Tensor& w4, int64_t groups) {
  const int64_t o = w4.size(0);
  return reshape(permute(w4, {0, 2, 3, 1}),
                 {groups, o / groups, w4.size(1) * w4.size(2) * w4.size(3)});
}

// The inverse of weight_matrix, for the weight's gradient.
Tensor weight_from_matrix(const Tensor& m, const Shape& w4) {
  return contiguous(permute(view(m, {w4[0], w4[2], w4[3], w4[1]}), {0, 3, 1, 2}));
}

Tensor conv_compute(const Tensor& x4, const Tensor& w4, const Tensor& bias, const ConvGeometry& g) {
  const int64_t n = g.x4[0], o = g.w4[0], groups = g.groups;
  const int64_t oh = out_size(g.x4[2], g.win.kh, g.win.sh, g.win.ph, g.win.dh);
  const int64_t ow = out_size(g.x4[3], g.win.kw, g.win.sw, g.win.pw, g.win.dw);
  const int64_t k = g.w4[1] * g.win.kh * g.win.kw;
  TensorOptions opts(x4.dtype(), x4.device());
  if (n == 0 || o == 0) return zeros({n, o, oh, ow}, opts);
  Tensor out;
  if (k == 0) {
    out = zeros({n, o, oh, ow}, opts);
  } else {
    Tensor cols = view(im2col_compute(x4, g.win), {groups, k, n * oh * ow});
    Tensor wm = weight_matrix(w4, groups);
    // (g, O/g, N*L) = (O, N, OH, OW) -> (N, O, OH, OW)
    Tensor prod = view(bmm(wm, cols), {o, n, oh, ow});
    out = contiguous(permute(prod, {1, 0, 2, 3}));
  }
  if (bias.defined()) binary_(BinaryOp::Add, out, view(bias, {1, o, 1, 1}));
  return out;
}

std::shared_ptr<Node> convolution_node(const Tensor& input, const Tensor& weight,
                                       const Tensor& bias, const ConvGeometry& geo) {
  Shape in_sizes = input.sizes(), w_sizes = weight.sizes();
  const bool has_bias = bias.defined();
  return autograd::make_node(
      "ConvolutionBackward0", {input, weight},
      [geo, in_sizes, w_sizes, has_bias](G grads, G s, N node) {
        const int64_t n = geo.x4[0], o = geo.w4[0], groups = geo.groups;
        const int64_t k = geo.w4[1] * geo.win.kh * geo.win.kw;
        const int64_t oh = out_size(geo.x4[2], geo.win.kh, geo.win.sh, geo.win.ph, geo.win.dh);
        const int64_t ow = out_size(geo.x4[3], geo.win.kw, geo.win.sw, geo.win.pw, geo.win.dw);
        const Tensor g = reshape(grads[0], {n, o, oh, ow});  // conv1d's (N, O, L) as (N, O, 1, L)
        Tensor gi, gw, gb;
        if (has_bias && node.needs(2)) gb = sum(g, {0, 2, 3});
        if ((node.needs(0) || node.needs(1)) && n > 0 && o > 0 && k > 0) {
          // (N, O, OH, OW) -> (g, O/g, N*L)
          Tensor gt = reshape(permute(g, {1, 0, 2, 3}), {groups, o / groups, n * oh * ow});
          // Under create_graph both show ATen's one backward kernel, which takes input and weight.
          if (node.needs(1)) {
            gw = autograd::shown_as("ConvolutionBackwardBackward0", [&] {
              Tensor cols = view(im2col(reshape(s[0], geo.x4), geo.win), {groups, k, n * oh * ow});
              return reshape(weight_from_matrix(bmm(gt, transpose(cols, 1, 2)), geo.w4), w_sizes);
            }, s);
          }
          if (node.needs(0)) {
            gi = autograd::shown_as("ConvolutionBackwardBackward0", [&] {
              Tensor wm = weight_matrix(reshape(s[1], geo.w4), groups);
              Tensor gcols = reshape(bmm(transpose(wm, 1, 2), gt), {groups * k, n * oh * ow});
              return reshape(col2im(gcols, geo.x4, geo.win), in_sizes);
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

// at::convolution (not transposed) on a batched input: PyTorch's checks in its order, then
// the compute. Spatial dims come from the weight, as in ATen.
Tensor convolution(const Tensor& input, const Tensor& weight, const Tensor& bias,
                   const Shape& stride_in, const Shape& padding_in, const Shape& dilation_in,
                   int64_t groups) {
  const int64_t k = weight.dim();
  const int64_t dim = k - 2;
  TP_CHECK(dim > 0, RuntimeError, "weight should have at least three dimensions");
  TP_CHECK(groups > 0, RuntimeError, "non-positive groups is not supported");
  Shape stride = expand_param(stride_in, "stride", dim);
  Shape padding = expand_param(padding_in, "padding", dim);
  Shape dilation = expand_param(dilation_in, "dilation", dim);
  for (int64_t p : padding) TP_CHECK(p >= 0, RuntimeError, "negative padding is not supported");
  for (int64_t s : stride) TP_CHECK(s > 0, RuntimeError, "non-positive stride is not supported");
  for (int64_t d : dilation) TP_CHECK(d >= 0, RuntimeError, "dilation should be greater than zero");
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
  TP_CHECK(input.size(1) == ws[1] * groups, RuntimeError, "Given groups=", groups,
           ", weight of size ", shape_str(ws), ", expected input", shape_str(input.sizes()),
           " to have ", ws[1] * groups, " channels, but got ", input.size(1), " channels instead");
  TP_CHECK(!bias.defined() || (bias.dim() == 1 && bias.size(0) == ws[0]), RuntimeError,
           "Given weight of size ", shape_str(ws), ", expected bias to be 1-dimensional with ",
           ws[0], " elements", ", but got bias of size ",
           bias.defined() ? shape_str(bias.sizes()) : "[]", " instead");
  bool kernel_fits = true;
  std::string in_str, k_str;
  for (int64_t i = 0; i < dim; ++i) {
    const int64_t in_size = input.size(i + 2) + 2 * padding[i];
    const int64_t k_size = dilation[i] * (ws[i + 2] - 1) + 1;
    if (in_size < k_size) kernel_fits = false;
    in_str += (i ? " x " : "") + std::to_string(in_size);
    k_str += (i ? " x " : "") + std::to_string(k_size);
  }
  TP_CHECK(kernel_fits, RuntimeError, "Calculated padded input size per channel: (", in_str,
           "). Kernel size: (", k_str, "). Kernel size can't be greater than actual input size");
  for (int64_t d : dilation)
    TP_CHECK(d > 0, RuntimeError, "non-positive dilation is not supported");
  TP_CHECK(dim <= 2, NotImplementedError, "tensorplay supports 1-d and 2-d convolutions only");

  ConvGeometry geo;
  geo.groups = groups;
  if (dim == 1) {
    geo.x4 = {input.size(0), input.size(1), 1, input.size(2)};
    geo.w4 = {ws[0], ws[1], 1, ws[2]};
    geo.win = Window2d{1, ws[2], 1, stride[0], 0, padding[0], 1, dilation[0], groups};
  } else {
    geo.x4 = input.sizes();
    geo.w4 = ws;
    geo.win = Window2d{ws[2],      ws[3],       stride[0],   stride[1], padding[0],
                       padding[1], dilation[0], dilation[1], groups};
  }
  check_types(input, weight, bias, uses_mkldnn(geo.x4, geo.w4, groups));
  Shape out_shape{input.size(0), ws[0]};
  if (dim == 1) {
    out_shape.push_back(out_size(input.size(2), ws[2], stride[0], padding[0], dilation[0]));
  }
  return autograd::record_op(
      {input, weight, bias},
      [&] {
        Tensor out = conv_compute(reshape(input, geo.x4), reshape(weight, geo.w4), bias, geo);
        return dim == 1 ? view(out, out_shape) : out;
      },
      [&](const Tensor&) { return convolution_node(input, weight, bias, geo); });
}

// at::native::convolution_same: the padding that keeps the size; an asymmetric one (an even
// effective kernel) pads the input first.
Tensor convolution_same(const Tensor& input, const Tensor& weight, const Tensor& bias,
                        const Shape& stride, const Shape& dilation, int64_t groups) {
  const int64_t k = weight.dim();
  TP_CHECK(k > 2, RuntimeError, "weight should have at least three dimensions");
  TP_CHECK(groups > 0, RuntimeError, "non-positive groups is not supported");
  const int64_t dim = k - 2;
  TP_CHECK(k == input.dim(), RuntimeError, "Expected ", k, "-dimensional input for ", k,
           "-dimensional weight", shape_str(weight.sizes()), ", but got ", input.dim(),
           "-dimensional input of size ", shape_str(input.sizes()), " instead");
  TP_CHECK(static_cast<int64_t>(stride.size()) == dim || stride.size() == 1, RuntimeError,
           "stride cannot broadcast to ", dim, " dimensions");
  TP_CHECK(static_cast<int64_t>(dilation.size()) == dim || dilation.size() == 1, RuntimeError,
           "dilation cannot broadcast to ", dim, " dimensions");
  for (int64_t s : stride)
    TP_CHECK(s == 1, RuntimeError, "padding='same' is not supported for strided convolutions");
  Shape padding_l, padding_r;
  bool symmetric = true;
  for (int64_t i = 0; i < dim; ++i) {
    const int64_t d = dilation.size() == 1 ? dilation[0] : dilation[i];
    const int64_t total = d * (weight.size(i + 2) - 1);
    padding_l.push_back(total / 2);
    padding_r.push_back(total - total / 2);
    if (total % 2 != 0) symmetric = false;
  }
  if (symmetric) return convolution(input, weight, bias, stride, padding_l, dilation, groups);
  Shape pad_nd(static_cast<size_t>(2 * dim), 0);
  for (int64_t i = 0; i < dim; ++i) {
    const int64_t delta = padding_r[i] - padding_l[i];
    const int64_t pad_idx = 2 * (dim - 1 - i);
    if (delta > 0) {
      pad_nd[pad_idx + 1] = delta;
    } else {
      pad_nd[pad_idx] = delta;
      padding_l[i] = padding_r[i];
    }
  }
  return convolution(constant_pad_nd(input, pad_nd, 0), weight, bias, stride, padding_l, dilation,
                     groups);
}

Tensor conv_nd(const char* fname, int64_t spatial, const Tensor& input, const Tensor& weight,
               const Tensor& bias, const Shape& stride, const ConvPadding& padding,
               const Shape& dilation, int64_t groups) {
  const int64_t no_batch = spatial + 1;
  TP_CHECK(input.dim() == no_batch || input.dim() == no_batch + 1, RuntimeError, "Expected ",
           no_batch, "D (unbatched) or ", no_batch + 1, "D (batched) input to ", fname,
           ", but got input of size: ", shape_str(input.sizes()));
  const bool batched = input.dim() == no_batch + 1;
  Tensor x = batched ? input : unsqueeze(input, 0);
  Tensor out;
  if (padding.mode) {
    if (*padding.mode == "same") {
      out = convolution_same(x, weight, bias, stride, dilation, groups);
    } else if (*padding.mode == "valid") {
      out = convolution(x, weight, bias, stride, {0}, dilation, groups);
    } else {
      fail(ErrorKind::RuntimeError, "Invalid padding string: '", *padding.mode, "'");
    }
  } else {
    out = convolution(x, weight, bias, stride, padding.values, dilation, groups);
  }
  return batched ? out : squeeze(out, 0);
}

}  // namespace

Tensor constant_pad_nd(const Tensor& self, const Shape& pad, Scalar value) {
  return autograd::record_op(
      {self}, [&] { return constant_pad_compute(self, pad, value); },
      [&](const Tensor&) {
        Shape negated;
        for (int64_t p : pad) negated.push_back(-p);
        return autograd::make_node("ConstantPadNdBackward0", {}, [negated](G g, G, N) {
          return TensorList{constant_pad_nd(g[0], negated, 0)};
        });
      });
}

Tensor pad(const Tensor& self, const Shape& pad, const std::string& mode,
           std::optional<double> value) {
  PadMode m = PadMode::Reflect;
  if (mode == "reflect") {
    m = PadMode::Reflect;
  } else if (mode == "replicate") {
    m = PadMode::Replicate;
  } else if (mode == "circular") {
    m = PadMode::Circular;
  } else if (mode != "constant") {
    fail(ErrorKind::NotImplementedError, "Unrecognised padding mode ", mode);
  }
  const int64_t input_dim = self.dim();
  TP_CHECK(pad.size() % 2 == 0, RuntimeError, "Padding length must be divisible by 2");
  TP_CHECK(static_cast<int64_t>(pad.size()) <= input_dim * 2, RuntimeError,
           "Padding length should be less than or equal to two times the input dimension but got "
           "padding length ",
           pad.size(), " and input of dimension ", input_dim);
  if (mode == "constant") return constant_pad_nd(self, pad, Scalar(value.value_or(0.0)));
  TP_CHECK(!value.has_value() || *value == 0, RuntimeError, "Padding mode \"", pad_mode_name(m),
           "\" doesn't take in value argument");
  const int64_t k = static_cast<int64_t>(pad.size()) / 2;
  const bool supported = k >= 1 && k <= 3 && (input_dim == k + 1 || input_dim == k + 2);
  TP_CHECK(supported, NotImplementedError, "Padding size ", pad.size(), " is not supported for ",
           input_dim,
           "D input tensor.\nSupported combinations for non-constant padding:\n"
           "  - 2D or 3D input: padding size = 2 (pads last dimension)\n"
           "  - 3D or 4D input: padding size = 4 (pads last 2 dimensions)\n"
           "  - 4D or 5D input: padding size = 6 (pads last 3 dimensions)");
  check_gather_pad(self, pad, m);
  return gather_pad(self, pad, m);
}

bool same_padding_needs_copy(const Tensor& weight, const Shape& dilation) {
  if (weight.dim() < 3 || dilation.empty()) return false;
  for (int64_t i = 0; i + 2 < weight.dim(); ++i) {
    const int64_t d = dilation.size() == 1
                          ? dilation[0]
                          : (i < static_cast<int64_t>(dilation.size()) ? dilation[i] : 1);
    if ((d * (weight.size(i + 2) - 1)) % 2 != 0) return true;
  }
  return false;
}

Tensor conv1d(const Tensor& input, const Tensor& weight, const Tensor& bias, const Shape& stride,
              const ConvPadding& padding, const Shape& dilation, int64_t groups) {
  return conv_nd("conv1d", 1, input, weight, bias, stride, padding, dilation, groups);
}

Tensor conv2d(const Tensor& input, const Tensor& weight, const Tensor& bias, const Shape& stride,
              const ConvPadding& padding, const Shape& dilation, int64_t groups) {
  return conv_nd("conv2d", 2, input, weight, bias, stride, padding, dilation, groups);
}

Tensor im2col(const Tensor& x, const Window2d& w) {
  Shape x_sizes = x.sizes();
  return autograd::record_op(
      {x}, [&] { return im2col_compute(x, w); },
      [&](const Tensor&) {
        return autograd::make_node("Im2ColBackward0", {}, [x_sizes, w](G g, G, N) {
          return TensorList{col2im(g[0], x_sizes, w)};
        });
      });
}

Tensor col2im(const Tensor& cols, const Shape& x_sizes, const Window2d& w) {
  return autograd::record_op(
      {cols}, [&] { return col2im_compute(cols, x_sizes, w); },
      [&](const Tensor&) {
        return autograd::make_node("Col2ImBackward0", {},
                                   [w](G g, G, N) { return TensorList{im2col(g[0], w)}; });
      });
}

void fail_input_type(const Tensor& input, const char* name, const Tensor& param, bool mkldnn) {
  std::string text = str_cat("Input type (", legacy_type_str(input), ") and ", name, " type (",
                             legacy_type_str(param), ") should be the same",
                             mkldnn ? " or input should be a MKLDNN tensor and weight is a dense tensor" : "");
  if (param.device() != input.device())
    throw TorchError(text, DeviceMismatch{"convolution", name, input.device(), param.device()});
  throw TorchError(ErrorKind::RuntimeError, text);
}

}  // namespace tp::nn::functional
