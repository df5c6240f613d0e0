// Pooling, composed from core ops with ATen's checks (aten/src/ATen/native/Pool.h
// pooling_output_shape and pool2d_shape_check, MaxPooling.cpp, AveragePool2d.cpp,
// AdaptiveAveragePooling.cpp, AdaptiveMaxPooling2d.cpp) and ATen's CPU summation order
// (cpu/AvgPoolKernel.cpp, cpu/AdaptiveAvgPoolKernel.cpp).
#include "core/nn/pool.h"

#include <algorithm>
#include <limits>

#include "core/autograd/autograd.h"
#include "core/autograd/grad_utils.h"
#include "core/error.h"
#include "core/nn/conv.h"
#include "core/ops/copy.h"
#include "core/ops/creation.h"
#include "core/ops/elementwise.h"
#include "core/ops/indexing.h"
#include "core/ops/shape.h"

namespace tp::nn::functional {

namespace {

using G = const TensorList&;
using N = const Node&;

// Pool.h's div_rtn: division rounding towards negative infinity.
int64_t div_rtn(int64_t x, int64_t y) {
  int64_t q = x / y, r = x % y;
  if (r != 0 && ((r < 0) != (y < 0))) --q;
  return q;
}

// Pool.h's pooling_output_shape (with its checks).
int64_t pooling_output_shape(int64_t in, int64_t k, int64_t pad, int64_t stride, int64_t dilation,
                             bool ceil_mode) {
  TP_CHECK(stride != 0, RuntimeError, "stride should not be zero");
  TP_CHECK(pad >= 0, RuntimeError, "pad must be non-negative, but got pad: ", pad);
  TP_CHECK(pad <= ((k - 1) * dilation + 1) / 2, RuntimeError,
           "pad should be at most half of effective kernel size, but got pad=", pad,
           ", kernel_size=", k, " and dilation=", dilation);
  int64_t out =
      div_rtn(in + 2 * pad - dilation * (k - 1) - 1 + (ceil_mode ? stride - 1 : 0), stride) + 1;
  // The last window must start inside the input or its left padding.
  if (ceil_mode && (out - 1) * stride >= in + pad) --out;
  return out;
}

// A pooling window over the last two dims and the output size it gives.
struct PoolGeom {
  int64_t kh, kw, sh, sw, ph, pw, dh, dw;
  int64_t h, w, oh, ow;
  bool ceil_mode;
};

void pool2d_shape_check(const Tensor& input, const PoolGeom& g) {
  TP_CHECK(g.kw > 0 && g.kh > 0, RuntimeError,
           "kernel size should be greater than zero, but got kH: ", g.kh, " kW: ", g.kw);
  TP_CHECK(g.sw > 0 && g.sh > 0, RuntimeError,
           "stride should be greater than zero, but got dH: ", g.sh, " dW: ", g.sw);
  TP_CHECK(g.dh > 0 && g.dw > 0, RuntimeError,
           "dilation should be greater than zero, but got dilationH: ", g.dh, " dilationW: ", g.dw);
  const int64_t ndim = input.dim();
  const bool valid_dims = input.size(1) != 0 && input.size(2) != 0;
  TP_CHECK(
      (ndim == 3 && input.size(0) != 0 && valid_dims) ||
          (ndim == 4 && valid_dims && input.size(3) != 0),
      RuntimeError,
      "Expected 3D or 4D (batch mode) tensor with optional 0 dim batch size for input, but got:",
      shape_str(input.sizes()));
  TP_CHECK(g.kw / 2 >= g.pw && g.kh / 2 >= g.ph, RuntimeError,
           "pad should be smaller than or equal to half of kernel size, but got padW = ", g.pw,
           ", padH = ", g.ph, ", kW = ", g.kw, ", kH = ", g.kh);
  const int64_t planes = input.size(-3);
  TP_CHECK(g.ow >= 1 && g.oh >= 1, RuntimeError, "Given input size: (", planes, "x", g.h, "x", g.w,
           "). Calculated output size: (", planes, "x", g.oh, "x", g.ow,
           "). Output size is too small");
}

// kernel_size / stride / padding / dilation as max_pool2d and avg_pool2d read them.
PoolGeom pool2d_geometry(const char* fname, const Shape& kernel, const Shape& stride,
                         const Shape& padding, const Shape& dilation, bool ceil_mode) {
  TP_CHECK(kernel.size() == 1 || kernel.size() == 2, RuntimeError, fname,
           ": kernel_size must either be a single int, or a tuple of two ints");
  PoolGeom g{};
  g.kh = kernel[0];
  g.kw = kernel.size() == 1 ? g.kh : kernel[1];
  TP_CHECK(stride.empty() || stride.size() == 1 || stride.size() == 2, RuntimeError, fname,
           ": stride must either be omitted, a single int, or a tuple of two ints");
  g.sh = stride.empty() ? g.kh : stride[0];
  g.sw = stride.empty() ? g.kw : stride.size() == 1 ? g.sh : stride[1];
  TP_CHECK(padding.size() == 1 || padding.size() == 2, RuntimeError, fname,
           ": padding must either be a single int, or a tuple of two ints");
  g.ph = padding[0];
  g.pw = padding.size() == 1 ? g.ph : padding[1];
  TP_CHECK(dilation.size() == 1 || dilation.size() == 2, RuntimeError, fname,
           ": dilation must be either a single int, or a tuple of two ints");
  g.dh = dilation[0];
  g.dw = dilation.size() == 1 ? g.dh : dilation[1];
  g.ceil_mode = ceil_mode;
  return g;
}

void finish_geometry(const Tensor& input, PoolGeom& g) {
  g.h = input.size(-2);
  g.w = input.size(-1);
  g.oh = pooling_output_shape(g.h, g.kh, g.ph, g.sh, g.dh, g.ceil_mode);
  g.ow = pooling_output_shape(g.w, g.kw, g.pw, g.sw, g.dw, g.ceil_mode);
  pool2d_shape_check(input, g);
}

// A 3-d (C, H, W) input as a batch of one.
Tensor batched(const Tensor& x) {
  return x.dim() == 3 ? unsqueeze(x, 0) : x;
}

// The smallest value of the dtype: the padding a max never picks.
Scalar lowest(DType t) {
  switch (t) {
    case DType::UInt8:
      return Scalar(int64_t{0});
    case DType::Int8:
      return Scalar(int64_t{std::numeric_limits<int8_t>::min()});
    case DType::Int16:
      return Scalar(int64_t{std::numeric_limits<int16_t>::min()});
    case DType::Int32:
      return Scalar(int64_t{std::numeric_limits<int32_t>::min()});
    case DType::Int64:
      return Scalar(std::numeric_limits<int64_t>::min());
    default:
      return Scalar(-std::numeric_limits<double>::infinity());
  }
}

// x (N, C, H, W) padded with `value` so that every window of g lies inside it: (pw, right,
// ph, bottom), the right/bottom parts also covering ceil_mode's last windows.
Tensor pad_for_windows(const Tensor& x, const PoolGeom& g, Scalar value) {
  const int64_t bottom =
      std::max<int64_t>(0, (g.oh - 1) * g.sh + (g.kh - 1) * g.dh + 1 - g.h - g.ph);
  const int64_t right =
      std::max<int64_t>(0, (g.ow - 1) * g.sw + (g.kw - 1) * g.dw + 1 - g.w - g.pw);
  if (!g.ph && !g.pw && !bottom && !right) return contiguous(x);
  return constant_pad_nd(x, {g.pw, right, g.ph, bottom}, value);
}

// The window element (i, j) of every output position: (N, C, OH, OW) view of the padded input.
Tensor window_element(const Tensor& xp, const PoolGeom& g, int64_t i, int64_t j) {
  const int64_t c = xp.size(1), hp = xp.size(2), wp = xp.size(3);
  return xp.as_strided({xp.size(0), c, g.oh, g.ow}, {c * hp * wp, hp * wp, g.sh * wp, g.sw},
                       xp.storage_offset() + i * g.dh * wp + j * g.dw);
}

Tensor index_column(int64_t n, int64_t step, int64_t offset, Device device) {
  return to(add(mul(arange(Scalar(n), DType::Int64), Scalar(step)), Scalar(offset)), device,
            std::nullopt);
}

void check_pool_dtype(const char* name, const Tensor& x, bool floating_only) {
  TP_CHECK(x.dtype() != DType::Bool && !(floating_only && !is_floating(x.dtype())),
           NotImplementedError, "\"", name, "\" not implemented for '",
           dtype_legacy_name(x.dtype()), "'");
}

// The gradient of a max pooling: each output's gradient added to the input element its index
// names (in output order, as ATen's CPU kernel). `indices` hold positions within a plane.
// Under create_graph it is recorded as `double_name`, whose gradient reads those elements
// (and is zero for the pooled input, which ATen's backward kernel also takes).
Tensor scatter_to_planes(const char* double_name, const Tensor& g, const Tensor& indices, const Tensor& input) {
  const Shape& in_sizes = input.sizes();
  const int64_t hw = in_sizes[in_sizes.size() - 1] * in_sizes[in_sizes.size() - 2];
  const int64_t planes = shape_numel(in_sizes) / std::max<int64_t>(hw, 1);
  if (g.numel() == 0) return zeros(in_sizes, TensorOptions(g.dtype(), g.device()));
  const int64_t per_plane = indices.numel() / std::max<int64_t>(planes, 1);
  Tensor plane_start = index_column(planes, hw, 0, g.device());
  Tensor flat = reshape(add(view(contiguous(indices), {planes, per_plane}), unsqueeze(plane_start, 1)), {-1});
  const Shape g_sizes = g.sizes();
  return autograd::linear_in_grad(
      double_name, g,
      [&] {
        Tensor out = zeros({shape_numel(in_sizes)}, TensorOptions(g.dtype(), g.device()));
        advanced_index_put_(out, {flat}, reshape(g, {-1}), /*accumulate=*/true);
        return view(out, in_sizes);
      },
      [flat, g_sizes](const Tensor& gg) { return reshape(advanced_index(reshape(gg, {-1}), {flat}), g_sizes); },
      {input});
}

ValuesIndices max_pool2d_compute(const Tensor& input, const PoolGeom& g) {
  Tensor x = batched(input);
  const int64_t n = x.size(0), c = x.size(1);
  Tensor xp = pad_for_windows(x, g, lowest(x.dtype()));
  const int64_t hp = xp.size(2), wp = xp.size(3);
  Tensor windows =
      xp.as_strided({n, c, g.oh, g.ow, g.kh, g.kw},
                    {c * hp * wp, hp * wp, g.sh * wp, g.sw, g.dh * wp, g.dw}, xp.storage_offset());
  ValuesIndices r = max(reshape(contiguous(windows), {n, c, g.oh, g.ow, g.kh * g.kw}), -1);
  // Window position -> position in the input plane.
  Tensor row = floor_divide(r.indices, Scalar(g.kw));
  Tensor col = sub(r.indices, mul(row, Scalar(g.kw)));
  Tensor ih =
      add(mul(row, Scalar(g.dh)), view(index_column(g.oh, g.sh, -g.ph, x.device()), {g.oh, 1}));
  Tensor iw = add(mul(col, Scalar(g.dw)), index_column(g.ow, g.sw, -g.pw, x.device()));
  if (hp != g.h || wp != g.w) {  // a window of nothing but padding keeps its first input element
    ih = clamp(ih, Scalar(int64_t{0}), Scalar(g.h - 1));
    iw = clamp(iw, Scalar(int64_t{0}), Scalar(g.w - 1));
  }
  Tensor idx = add(mul(ih, Scalar(g.w)), iw);
  if (input.dim() == 3) return {squeeze(r.values, 0), squeeze(idx, 0)};
  return {r.values, idx};
}

// ATen's divide_factor of each avg_pool2d window, shaped (OH, OW).
Tensor avg_divisors(const PoolGeom& g, bool count_include_pad,
                    std::optional<int64_t> divisor_override, DType dtype, Device device) {
  std::vector<Scalar> v;
  for (int64_t oh = 0; oh < g.oh; ++oh) {
    for (int64_t ow = 0; ow < g.ow; ++ow) {
      int64_t h0 = oh * g.sh - g.ph, w0 = ow * g.sw - g.pw;
      int64_t h1 = std::min(h0 + g.kh, g.h + g.ph), w1 = std::min(w0 + g.kw, g.w + g.pw);
      const int64_t pool_size = (h1 - h0) * (w1 - w0);
      h0 = std::max<int64_t>(h0, 0);
      w0 = std::max<int64_t>(w0, 0);
      h1 = std::min(h1, g.h);
      w1 = std::min(w1, g.w);
      int64_t d = divisor_override    ? *divisor_override
                  : count_include_pad ? pool_size
                                      : (h1 - h0) * (w1 - w0);
      if (h0 >= h1 || w0 >= w1) d = 1;  // an empty window: its sum is 0 and so is ATen's output
      v.push_back(Scalar(d));
    }
  }
  return to(tensor(v, {g.oh, g.ow}, dtype), device, std::nullopt);
}

Tensor avg_pool2d_compute(const Tensor& input, const PoolGeom& g, const Tensor& divisors) {
  Tensor x = batched(input);
  Tensor xp = pad_for_windows(x, g, Scalar(0.0));
  Tensor acc = zeros({x.size(0), x.size(1), g.oh, g.ow}, TensorOptions(x.dtype(), x.device()));
  for (int64_t i = 0; i < g.kh; ++i)
    for (int64_t j = 0; j < g.kw; ++j) binary_(BinaryOp::Add, acc, window_element(xp, g, i, j));
  Tensor out = div(acc, divisors);
  return input.dim() == 3 ? squeeze(out, 0) : out;
}

// The gradient of avg_pool2d: each output's share added to its window. Per input element the
// windows add in output order (ATen's loop), which is the kernel offsets in reverse. Under
// create_graph it is recorded: its gradient is the average pooling itself (recorded ops), and
// zero for the pooled input.
Tensor avg_pool2d_grad(const Tensor& grad, const Tensor& input, const PoolGeom& g, const Tensor& divisors) {
  const Shape& in_sizes = input.sizes();
  const Shape grad_sizes = grad.sizes();
  return autograd::linear_in_grad(
      "AvgPool2DBackwardBackward0", grad,
      [&] {
        Tensor delta = batched(div(grad, divisors));
        const int64_t bottom = std::max<int64_t>(0, (g.oh - 1) * g.sh + g.kh - g.h - g.ph);
        const int64_t right = std::max<int64_t>(0, (g.ow - 1) * g.sw + g.kw - g.w - g.pw);
        Tensor gp = zeros({delta.size(0), delta.size(1), g.ph + g.h + bottom, g.pw + g.w + right},
                          TensorOptions(grad.dtype(), grad.device()));
        for (int64_t i = g.kh - 1; i >= 0; --i)
          for (int64_t j = g.kw - 1; j >= 0; --j)
            binary_(BinaryOp::Add, window_element(gp, g, i, j), delta);
        Tensor gi = contiguous(narrow(narrow(gp, 2, g.ph, g.h), 3, g.pw, g.w));
        return reshape(gi, in_sizes);
      },
      [g, divisors, grad_sizes](const Tensor& gg) { return reshape(avg_pool2d_compute(gg, g, divisors), grad_sizes); },
      {input});
}

// Adaptive windows along one dim: [start, end) of output o, ATen's start_index/end_index.
struct AdaptiveDim {
  std::vector<int64_t> start, len;
  int64_t max_len = 0;
};

AdaptiveDim adaptive_dim(int64_t in, int64_t out) {
  AdaptiveDim d;
  for (int64_t o = 0; o < out; ++o) {
    const int64_t s = (o * in) / out;
    const int64_t e = ((o + 1) * in + out - 1) / out;
    d.start.push_back(s);
    d.len.push_back(e - s);
    d.max_len = std::max(d.max_len, e - s);
  }
  return d;
}

// The input index of window element j of each output along one dim, shaped (out, max_len);
// positions past a shorter window point at `sentinel` (an extra padded row/column).
Tensor adaptive_index(const AdaptiveDim& d, int64_t sentinel) {
  std::vector<Scalar> v;
  for (size_t o = 0; o < d.start.size(); ++o)
    for (int64_t j = 0; j < d.max_len; ++j)
      v.push_back(Scalar(j < d.len[o] ? d.start[o] + j : sentinel));
  return tensor(v, {static_cast<int64_t>(d.start.size()), d.max_len}, DType::Int64);
}

struct AdaptiveGeom {
  AdaptiveDim hd, wd;
  int64_t h, w;
  Tensor ih, iw;  // (OH, 1, KH, 1) and (1, OW, 1, KW) on the input's device
};

AdaptiveGeom adaptive_geometry(const Tensor& x, const Shape& output_size) {
  AdaptiveGeom a;
  a.h = x.size(-2);
  a.w = x.size(-1);
  a.hd = adaptive_dim(a.h, output_size[0]);
  a.wd = adaptive_dim(a.w, output_size[1]);
  const int64_t oh = output_size[0], ow = output_size[1];
  a.ih = to(view(adaptive_index(a.hd, a.h), {oh, 1, a.hd.max_len, 1}), x.device(), std::nullopt);
  a.iw = to(view(adaptive_index(a.wd, a.w), {1, ow, 1, a.wd.max_len}), x.device(), std::nullopt);
  return a;
}

// Every adaptive window of x (N, C, H, W), padded with `value`: (N, C, OH, OW, KH, KW).
Tensor adaptive_windows(const Tensor& x, const AdaptiveGeom& a, Scalar value) {
  Tensor xp = constant_pad_nd(x, {0, 1, 0, 1}, value);
  return advanced_index(xp, {Tensor(), Tensor(), a.ih, a.iw});
}

// The window sizes as (OH, 1) and (1, OW) tensors of x's dtype.
std::pair<Tensor, Tensor> adaptive_lengths(const AdaptiveGeom& a, DType dtype, Device device) {
  std::vector<Scalar> lh, lw;
  for (int64_t l : a.hd.len) lh.push_back(Scalar(l));
  for (int64_t l : a.wd.len) lw.push_back(Scalar(l));
  return {to(tensor(lh, {static_cast<int64_t>(lh.size()), 1}, dtype), device, std::nullopt),
          to(tensor(lw, {1, static_cast<int64_t>(lw.size())}, dtype), device, std::nullopt)};
}

Tensor adaptive_avg_compute(const Tensor& input, const AdaptiveGeom& a) {
  Tensor x = batched(input);
  const int64_t oh = static_cast<int64_t>(a.hd.len.size()),
                ow = static_cast<int64_t>(a.wd.len.size());
  Tensor acc = zeros({x.size(0), x.size(1), oh, ow}, TensorOptions(x.dtype(), x.device()));
  if (acc.numel() > 0) {
    Tensor win = adaptive_windows(x, a, Scalar(0.0));
    for (int64_t i = 0; i < a.hd.max_len; ++i)
      for (int64_t j = 0; j < a.wd.max_len; ++j)
        binary_(BinaryOp::Add, acc, select(select(win, 4, i), 4, j));
  }
  auto [kh, kw] = adaptive_lengths(a, x.dtype(), x.device());
  Tensor out = div(div(acc, kh), kw);  // sum / kh / kw, as ATen
  return input.dim() == 3 ? squeeze(out, 0) : out;
}

// Under create_graph it is recorded: its gradient is the adaptive average pooling itself, and
// zero for the pooled input.
Tensor adaptive_avg_grad(const Tensor& grad, const Tensor& input, const AdaptiveGeom& a) {
  const Shape& in_sizes = input.sizes();
  const Shape grad_sizes = grad.sizes();
  return autograd::linear_in_grad(
      "AdaptiveAvgPool2DBackwardBackward0", grad,
      [&] {
        auto [kh, kw] = adaptive_lengths(a, grad.dtype(), grad.device());
        Tensor delta = batched(div(div(grad, kh), kw));
        const int64_t n = delta.size(0), c = delta.size(1);
        Tensor gp = zeros({n, c, a.h + 1, a.w + 1}, TensorOptions(grad.dtype(), grad.device()));
        if (delta.numel() > 0) {
          Shape full{n, c, delta.size(2), delta.size(3), a.hd.max_len, a.wd.max_len};
          Tensor values = contiguous(expand(unsqueeze(unsqueeze(delta, 4), 5), full));
          advanced_index_put_(gp, {Tensor(), Tensor(), a.ih, a.iw}, values, /*accumulate=*/true);
        }
        return reshape(contiguous(narrow(narrow(gp, 2, 0, a.h), 3, 0, a.w)), in_sizes);
      },
      [a, grad_sizes](const Tensor& gg) { return reshape(adaptive_avg_compute(gg, a), grad_sizes); }, {input});
}

ValuesIndices adaptive_max_compute(const Tensor& input, const AdaptiveGeom& a) {
  Tensor x = batched(input);
  const int64_t n = x.size(0), c = x.size(1);
  const int64_t oh = static_cast<int64_t>(a.hd.len.size()),
                ow = static_cast<int64_t>(a.wd.len.size());
  const int64_t kh = a.hd.max_len, kw = a.wd.max_len;
  Tensor win = adaptive_windows(x, a, lowest(x.dtype()));
  ValuesIndices r = max(reshape(win, {n, c, oh, ow, kh * kw}), -1);
  // The input position of every window element, (OH, OW, KH*KW), then the one max picked.
  Tensor table = reshape(add(mul(a.ih, Scalar(a.w)), a.iw), {oh, ow, kh * kw});
  Tensor rows = view(index_column(oh, 1, 0, x.device()), {oh, 1});
  Tensor cols = index_column(ow, 1, 0, x.device());
  Tensor idx = advanced_index(table, {rows, cols, r.indices});
  if (input.dim() == 3) return {squeeze(r.values, 0), squeeze(idx, 0)};
  return {r.values, idx};
}

Shape as_1d_param(const Shape& p, int64_t filler) {
  return {filler, p[0]};
}

void check_1d_param(const char* fname, const char* name, const Shape& p) {
  TP_CHECK(p.size() == 1, RuntimeError, fname, "() argument '", name,
           "' should contain one int (got ", p.size(), ")");
}

void check_dim_range(const char* fname, const Tensor& t, int64_t lo, int64_t hi_exclusive) {
  TP_CHECK(t.dim() >= lo && t.dim() < hi_exclusive, RuntimeError, "Expected ", lo, " to ",
           hi_exclusive - 1, " dimensions, but got ", t.dim(),
           "-dimensional tensor for argument #1 'self' (while checking arguments for ", fname, ")");
}

}  // namespace

ValuesIndices max_pool2d_with_indices(const Tensor& input, const Shape& kernel_size,
                                      const Shape& stride, const Shape& padding,
                                      const Shape& dilation, bool ceil_mode) {
  PoolGeom g = pool2d_geometry("max_pool2d", kernel_size, stride, padding, dilation, ceil_mode);
  TP_CHECK(input.dim() == 3 || input.dim() == 4, RuntimeError,
           "non-empty 3D or 4D (batch mode) tensor expected for input");
  finish_geometry(input, g);
  check_pool_dtype("max_pool2d", input, false);
  if (!autograd::needs_grad({&input})) return max_pool2d_compute(input, g);
  ValuesIndices out;
  {
    autograd::NoGradGuard no_grad;
    out = max_pool2d_compute(input, g);
  }
  auto node = autograd::make_node("MaxPool2DWithIndicesBackward0", {out.indices},
                                  [input](G grads, G s, N) {
                                    return TensorList{scatter_to_planes("MaxPool2DWithIndicesBackwardBackward0", grads[0], s[0], input)};
                                  });
  autograd::collect_edges(*node, {input});
  autograd::set_history(out.values, node);
  return out;
}

ValuesIndices max_pool1d_with_indices(const Tensor& input, const Shape& kernel_size,
                                      const Shape& stride_in, const Shape& padding,
                                      const Shape& dilation, bool ceil_mode) {
  const int64_t ndim = input.dim();
  TP_CHECK((ndim == 2 && input.size(0) != 0 && input.size(1) != 0) ||
               (ndim == 3 && input.size(1) != 0 && input.size(2) != 0),
           RuntimeError,
           "max_pool1d: Expected 2D or 3D (batch mode) tensor with optional 0 dim batch size for "
           "input, but got:",
           shape_str(input.sizes()));
  TP_CHECK(kernel_size.size() == 1, RuntimeError,
           "max_pool1d() kernel_size must be an int, list of ints or tuple of ints of size 1 but "
           "got size ",
           kernel_size.size());
  TP_CHECK(stride_in.empty() || stride_in.size() == 1, RuntimeError,
           "max_pool1d() stride must be None, an int, list of ints, or tuple of ints of size 1 but "
           "got size ",
           stride_in.size());
  TP_CHECK(
      padding.size() == 1, RuntimeError,
      "max_pool1d() padding must be an int, list of ints, or tuple of ints of size 1 but got size ",
      padding.size());
  TP_CHECK(
      dilation.size() == 1, RuntimeError,
      "max_pool1d() dilation must be an int, list of ints or tuple of ints of size 1 but got size ",
      dilation.size());
  Shape stride = stride_in.empty() ? kernel_size : stride_in;
  TP_CHECK(kernel_size[0] > 0, RuntimeError,
           "max_pool1d() kernel_size must be greater than zero, but got ", kernel_size[0]);
  TP_CHECK(stride[0] > 0, RuntimeError, "max_pool1d() stride must be greater than zero, but got ",
           stride[0]);
  TP_CHECK(padding[0] >= 0, RuntimeError, "max_pool1d() padding must be non-negative, but got ",
           padding[0]);
  TP_CHECK(padding[0] <= kernel_size[0] / 2, RuntimeError,
           "max_pool1d() padding should be at most half of kernel size, but got padding=",
           padding[0], " and kernel_size=", kernel_size[0]);
  TP_CHECK(dilation[0] > 0, RuntimeError,
           "max_pool1d() dilation must be greater than zero, but got ", dilation[0]);
  const int64_t ow = pooling_output_shape(input.size(-1), kernel_size[0], padding[0], stride[0],
                                          dilation[0], ceil_mode);
  TP_CHECK(ow > 0, RuntimeError, "max_pool1d() Invalid computed output size: ", ow);
  ValuesIndices r = max_pool2d_with_indices(unsqueeze(input, -2), as_1d_param(kernel_size, 1),
                                            as_1d_param(stride, 1), as_1d_param(padding, 0),
                                            as_1d_param(dilation, 1), ceil_mode);
  return {squeeze(r.values, -2), squeeze(r.indices, -2)};
}

Tensor avg_pool2d(const Tensor& input, const Shape& kernel_size, const Shape& stride,
                  const Shape& padding, bool ceil_mode, bool count_include_pad,
                  std::optional<int64_t> divisor_override) {
  PoolGeom g = pool2d_geometry("avg_pool2d", kernel_size, stride, padding, {1}, ceil_mode);
  TP_CHECK(!divisor_override || *divisor_override != 0, RuntimeError, "divisor must be not zero");
  (void)input.size(-3);  // ATen reads the plane count first: IndexError for fewer than 3 dims
  finish_geometry(input, g);
  check_pool_dtype("avg_pool2d", input, true);
  Tensor divisors =
      avg_divisors(g, count_include_pad, divisor_override, input.dtype(), input.device());
  return autograd::record_op(
      {input}, [&] { return avg_pool2d_compute(input, g, divisors); },
      [&](const Tensor&) {
        return autograd::make_node(
            "AvgPool2DBackward0", {}, [g, divisors, input](G grads, G, N) {
              return TensorList{avg_pool2d_grad(grads[0], input, g, divisors)};
            });
      });
}

Tensor avg_pool1d(const Tensor& input, const Shape& kernel_size, const Shape& stride_in,
                  const Shape& padding, bool ceil_mode, bool count_include_pad) {
  Shape stride = stride_in.empty() ? kernel_size : stride_in;
  check_dim_range("avg_pool1d", input, 2, 4);
  check_1d_param("avg_pool1d", "kernel_size", kernel_size);
  check_1d_param("avg_pool1d", "stride", stride);
  check_1d_param("avg_pool1d", "padding", padding);
  Tensor out = avg_pool2d(unsqueeze(input, -2), as_1d_param(kernel_size, 1), as_1d_param(stride, 1),
                          as_1d_param(padding, 0), ceil_mode, count_include_pad, std::nullopt);
  return squeeze(out, -2);
}

Tensor adaptive_avg_pool2d(const Tensor& input, const Shape& output_size) {
  TP_CHECK(output_size.size() == 2, RuntimeError, "adaptive_avg_pool2d: output_size must be 2");
  TP_CHECK(output_size[0] >= 0 && output_size[1] >= 0, RuntimeError,
           "adaptive_avg_pool2d: elements of output_size must be greater than or equal to 0 but "
           "received {",
           output_size[0], ", ", output_size[1], "}");
  if (output_size[0] == 1 && output_size[1] == 1) return mean(input, {-1, -2}, /*keepdim=*/true);
  const int64_t ndim = input.dim();
  TP_CHECK(ndim == 3 || ndim == 4, RuntimeError,
           "adaptive_avg_pool2d(): Expected 3D or 4D tensor, but got ", shape_str(input.sizes()));
  for (int64_t i : {-2, -1}) {
    TP_CHECK(input.size(i) > 0, RuntimeError,
             "adaptive_avg_pool2d(): Expected input to have non-zero size for non-batch "
             "dimensions, but input has sizes ",
             shape_str(input.sizes()), " with dimension ", i + ndim, " being empty");
  }
  check_pool_dtype("adaptive_avg_pool2d", input, true);
  AdaptiveGeom a = adaptive_geometry(input, output_size);
  return autograd::record_op(
      {input}, [&] { return adaptive_avg_compute(input, a); },
      [&](const Tensor&) {
        return autograd::make_node("AdaptiveAvgPool2DBackward0", {}, [a, input](G grads, G, N) {
          return TensorList{adaptive_avg_grad(grads[0], input, a)};
        });
      });
}

Tensor adaptive_avg_pool1d(const Tensor& input, const Shape& output_size) {
  check_dim_range("adaptive_avg_pool1d", input, 2, 4);
  check_1d_param("adaptive_avg_pool1d", "output_size", output_size);
  return squeeze(adaptive_avg_pool2d(unsqueeze(input, -2), {1, output_size[0]}), -2);
}

ValuesIndices adaptive_max_pool2d(const Tensor& input, const Shape& output_size) {
  const int64_t ndim = input.dim();
  TP_CHECK(ndim == 3 || ndim == 4, RuntimeError,
           "adaptive_max_pool2d(): Expected 3D or 4D tensor, but got: ", shape_str(input.sizes()));
  for (int64_t i = 1; i < ndim; ++i) {
    TP_CHECK(input.size(i) > 0, RuntimeError,
             "adaptive_max_pool2d(): Expected input to have non-zero size for non-batch "
             "dimensions, but input has sizes ",
             shape_str(input.sizes()), " with dimension ", i, " being empty");
  }
  TP_CHECK(output_size.size() == 2, RuntimeError,
           "adaptive_max_pool2d(): internal error: output_size.size() must be 2");
  TP_CHECK(output_size[0] >= 0 && output_size[1] >= 0, RuntimeError,
           "adaptive_max_pool2d(): elements of output_size must be greater than or equal to 0 but "
           "received {",
           output_size[0], ", ", output_size[1], "}");
  check_pool_dtype("adaptive_max_pool2d", input, true);
  AdaptiveGeom a = adaptive_geometry(input, output_size);
  if (!autograd::needs_grad({&input})) return adaptive_max_compute(input, a);
  ValuesIndices out;
  {
    autograd::NoGradGuard no_grad;
    out = adaptive_max_compute(input, a);
  }
  auto node =
      autograd::make_node("AdaptiveMaxPool2DBackward0", {out.indices}, [input](G grads, G s, N) {
        return TensorList{scatter_to_planes("AdaptiveMaxPool2DBackwardBackward0", grads[0], s[0], input)};
      });
  autograd::collect_edges(*node, {input});
  autograd::set_history(out.values, node);
  return out;
}

ValuesIndices adaptive_max_pool1d(const Tensor& input, const Shape& output_size) {
  check_dim_range("adaptive_max_pool1d", input, 2, 4);
  check_1d_param("adaptive_max_pool1d", "output_size", output_size);
  for (int64_t i = 1; i < input.dim(); ++i) {
    TP_CHECK(input.size(i) > 0, RuntimeError,
             "adaptive_max_pool1d(): Expected input to have non-zero size for non-batch "
             "dimensions, but input has sizes ",
             shape_str(input.sizes()), " with dimension ", i, " being empty");
  }
  ValuesIndices r = adaptive_max_pool2d(unsqueeze(input, -2), {1, output_size[0]});
  return {squeeze(r.values, -2), squeeze(r.indices, -2)};
}

}  // namespace tp::nn::functional
