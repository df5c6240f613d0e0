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
    fail(ErrorKind::NotImplementedError, "\"slow_conv", input.dim() == 5 ? 3 : 2,
         "d_cpu\" not implemented for 'Bool'");
  }
}

int64_t out_size(int64_t in, int64_t k, int64_t s, int64_t p, int64_t d) {
  return (in + 2 * p - d * (k - 1) - 1) / s + 1;
}

// The strides of a contiguous tensor of these sizes.
Shape contiguous_strides(const Shape& sizes) {
  Shape st(sizes.size(), 1);
  for (int64_t i = static_cast<int64_t>(sizes.size()) - 2; i >= 0; --i)
    st[i] = st[i + 1] * sizes[i + 1];
  return st;
}

// constant_pad_nd's amounts (last dim first) for `before`/`after` on each spatial dim.
Shape spatial_pad(const Shape& before, const Shape& after) {
  Shape pad;
  for (size_t i = before.size(); i-- > 0;) {
    pad.push_back(before[i]);
    pad.push_back(after[i]);
  }
  return pad;
}

bool any_nonzero(const Shape& s) {
  return std::any_of(s.begin(), s.end(), [](int64_t v) { return v != 0; });
}

// im2col's copy: the windows of x (N, C, *S) as columns (C*prod(K), N*prod(O)), rows ordered
// (group, *kernel, channel in group).
Tensor im2col_compute(const Tensor& x, const Window& w) {
  const int64_t k = w.dims(), n = x.size(0), c = x.size(1), g = w.groups, cg = c / g;
  const Shape spatial(x.sizes().begin() + 2, x.sizes().end());
  const Shape o = w.out_sizes(spatial);
  Tensor xp = any_nonzero(w.padding) ? constant_pad_compute(x, spatial_pad(w.padding, w.padding), 0)
                                     : contiguous(x);
  const Shape st = contiguous_strides(xp.sizes());  // (N, C, *P)
  // (g, *K, C/g, N, *O) over the padded input, then one copy.
  Shape sizes{g}, strides{cg * st[1]};
  for (int64_t i = 0; i < k; ++i) {
    sizes.push_back(w.kernel[i]);
    strides.push_back(w.dilation[i] * st[i + 2]);
  }
  sizes.insert(sizes.end(), {cg, n});
  strides.insert(strides.end(), {st[1], st[0]});
  for (int64_t i = 0; i < k; ++i) {
    sizes.push_back(o[i]);
    strides.push_back(w.stride[i] * st[i + 2]);
  }
  Tensor windows = xp.as_strided(sizes, strides, xp.storage_offset());
  return view(contiguous(windows), {c * shape_numel(w.kernel), n * shape_numel(o)});
}

// col2im's sums: each column added back into its window; x_sizes = (N, C, *S). For each input
// element the windows that cover it add in kernel-offset (row-major) order, as ATen's col2im.
Tensor col2im_compute(const Tensor& cols, const Shape& x_sizes, const Window& w) {
  const int64_t k = w.dims(), n = x_sizes[0], c = x_sizes[1], g = w.groups, cg = c / g;
  const Shape spatial(x_sizes.begin() + 2, x_sizes.end());
  const Shape o = w.out_sizes(spatial);
  Shape padded_sizes{n, c};
  for (int64_t i = 0; i < k; ++i) padded_sizes.push_back(spatial[i] + 2 * w.padding[i]);
  const Shape st = contiguous_strides(padded_sizes);
  Shape col_sizes{g, shape_numel(w.kernel), cg, n};
  col_sizes.insert(col_sizes.end(), o.begin(), o.end());
  Tensor cg_cols = reshape(cols, col_sizes);
  Tensor padded = zeros(padded_sizes, TensorOptions(cols.dtype(), cols.device()));
  Shape dst_sizes{g, cg, n}, dst_strides{cg * st[1], st[1], st[0]};
  for (int64_t i = 0; i < k; ++i) {
    dst_sizes.push_back(o[i]);
    dst_strides.push_back(w.stride[i] * st[i + 2]);
  }
  Shape offset(static_cast<size_t>(k), 0);  // the kernel offset, row-major
  for (int64_t flat = 0; flat < shape_numel(w.kernel); ++flat) {
    int64_t storage = padded.storage_offset();
    for (int64_t i = 0; i < k; ++i) storage += offset[i] * w.dilation[i] * st[i + 2];
    Tensor dst = padded.as_strided(dst_sizes, dst_strides, storage);
    binary_(BinaryOp::Add, dst, select(cg_cols, 1, flat));
    for (int64_t i = k - 1; i >= 0 && ++offset[i] == w.kernel[i]; --i) offset[i] = 0;
  }
  if (!any_nonzero(w.padding)) return padded;
  Tensor out = padded;
  for (int64_t i = 0; i < k; ++i) out = narrow(out, i + 2, w.padding[i], spatial[i]);
  return contiguous(out);
}

// The weight (O, C/g, *K) as im2col's rows order it: (g, O/g, prod(K)*C/g). Products then
// add over (*kernel, channel), the order of oneDNN's direct convolution.
Tensor weight_matrix(const Tensor& w, int64_t groups) {
  const int64_t dims = w.dim();
  Shape perm{0};
  for (int64_t i = 2; i < dims; ++i) perm.push_back(i);
  perm.push_back(1);
  return reshape(permute(w, perm), {groups, w.size(0) / groups, w.numel() / w.size(0)});
}

// The inverse of weight_matrix, for the weight's gradient.
Tensor weight_from_matrix(const Tensor& m, const Shape& w_sizes) {
  const int64_t dims = static_cast<int64_t>(w_sizes.size());
  Shape permuted{w_sizes[0]}, perm{0, dims - 1};
  for (int64_t i = 2; i < dims; ++i) {
    permuted.push_back(w_sizes[i]);
    perm.push_back(i - 1);
  }
  permuted.push_back(w_sizes[1]);
  return contiguous(permute(view(m, permuted), perm));
}

// (O, N, *O) -> (N, O, *O): the product's layout to the output's.
Tensor swap01(const Tensor& t) {
  Shape perm{1, 0};
  for (int64_t i = 2; i < t.dim(); ++i) perm.push_back(i);
  return permute(t, perm);
}

// Every dim but the channels: a bias gradient sums over these.
Shape all_but_channels(int64_t dims) {
  Shape d{0};
  for (int64_t i = 2; i < dims; ++i) d.push_back(i);
  return d;
}

// A bias (O) shaped to broadcast over (N, O, *spatial).
Tensor bias_view(const Tensor& bias, int64_t dims) {
  Shape s(static_cast<size_t>(dims), 1);
  s[1] = bias.size(0);
  return view(bias, s);
}

// The convolution itself on a batched x (N, C, *S) and w (O, C/g, *K).
Tensor conv_compute(const Tensor& x, const Tensor& w, const Tensor& bias, const Window& win) {
  const int64_t n = x.size(0), o = w.size(0), groups = win.groups;
  const int64_t k = w.numel() / std::max<int64_t>(o, 1);
  const Shape os = win.out_sizes(Shape(x.sizes().begin() + 2, x.sizes().end()));
  Shape out_sizes{n, o};
  out_sizes.insert(out_sizes.end(), os.begin(), os.end());
  TensorOptions opts(x.dtype(), x.device());
  if (n == 0 || o == 0) return zeros(out_sizes, opts);
  Tensor out;
  if (k == 0) {
    out = zeros(out_sizes, opts);
  } else {
    Tensor cols = view(im2col_compute(x, win), {groups, k, n * shape_numel(os)});
    // (g, O/g, N*L) = (O, N, *O) -> (N, O, *O)
    Shape prod_sizes{o, n};
    prod_sizes.insert(prod_sizes.end(), os.begin(), os.end());
    out = contiguous(swap01(view(bmm(weight_matrix(w, groups), cols), prod_sizes)));
  }
  if (bias.defined()) binary_(BinaryOp::Add, out, bias_view(bias, out.dim()));
  return out;
}

std::shared_ptr<Node> convolution_node(const Tensor& input, const Tensor& weight,
                                       const Tensor& bias, const Window& win) {
  Shape in_sizes = input.sizes(), w_sizes = weight.sizes();
  const bool has_bias = bias.defined();
  return autograd::make_node(
      "ConvolutionBackward0", {input, weight},
      [win, in_sizes, w_sizes, has_bias](G grads, G s, N node) {
        const Tensor& g = grads[0];  // (N, O, *O)
        const int64_t n = in_sizes[0], o = w_sizes[0], groups = win.groups;
        const int64_t k = shape_numel(w_sizes) / std::max<int64_t>(o, 1);
        const int64_t l = g.numel() / std::max<int64_t>(n * o, 1);
        Tensor gi, gw, gb;
        if (has_bias && node.needs(2)) gb = sum(g, all_but_channels(g.dim()));
        if ((node.needs(0) || node.needs(1)) && n > 0 && o > 0 && k > 0) {
          // (N, O, *O) -> (g, O/g, N*L)
          Tensor gt = reshape(swap01(g), {groups, o / groups, n * l});
          // Under create_graph both show ATen's one backward kernel, which takes input and weight.
          if (node.needs(1)) {
            gw = autograd::shown_as("ConvolutionBackwardBackward0", [&] {
              Tensor cols = view(im2col(s[0], win), {groups, k, n * l});
              return weight_from_matrix(bmm(gt, transpose(cols, 1, 2)), w_sizes);
            }, s);
          }
          if (node.needs(0)) {
            gi = autograd::shown_as("ConvolutionBackwardBackward0", [&] {
              Tensor gcols = reshape(bmm(transpose(weight_matrix(s[1], groups), 1, 2), gt),
                                     {groups * k, n * l});
              return col2im(gcols, in_sizes, win);
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

  const Window win{Shape(ws.begin() + 2, ws.end()), stride, padding, dilation, groups};
  check_types(input, weight, bias, uses_mkldnn(input.sizes(), ws, groups));
  return autograd::record_op(
      {input, weight, bias}, [&] { return conv_compute(input, weight, bias, win); },
      [&](const Tensor&) { return convolution_node(input, weight, bias, win); });
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

Tensor conv3d(const Tensor& input, const Tensor& weight, const Tensor& bias, const Shape& stride,
              const ConvPadding& padding, const Shape& dilation, int64_t groups) {
  return conv_nd("conv3d", 3, input, weight, bias, stride, padding, dilation, groups);
}

bool uses_mkldnn(const Shape& input, const Shape& weight, int64_t groups) {
  // ATen views a 1-d convolution as a 2-d one of height 1 before choosing its backend.
  Shape x = input, w = weight;
  if (x.size() == 3) x.insert(x.begin() + 2, 1);
  if (w.size() == 3) w.insert(w.begin() + 2, 1);
  const size_t kd = w.size();
  return groups > 1 || (w[kd - 1] > 3 && w[kd - 2] > 3) || x[0] > 1 ||
         x[0] * x[1] * x[2] * x[3] > 20480;
}

Shape Window::out_sizes(const Shape& in) const {
  Shape o;
  for (int64_t i = 0; i < dims(); ++i)
    o.push_back(out_size(in[i], kernel[i], stride[i], padding[i], dilation[i]));
  return o;
}

Window Window::unpadded() const {
  Window w = *this;
  w.padding.assign(w.padding.size(), 0);
  return w;
}

Tensor im2col(const Tensor& x, const Window& w) {
  Shape x_sizes = x.sizes();
  return autograd::record_op(
      {x}, [&] { return im2col_compute(x, w); },
      [&](const Tensor&) {
        return autograd::make_node("Im2ColBackward0", {}, [x_sizes, w](G g, G, N) {
          return TensorList{col2im(g[0], x_sizes, w)};
        });
      });
}

Tensor col2im(const Tensor& cols, const Shape& x_sizes, const Window& w) {
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
