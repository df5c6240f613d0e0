// Pooling, composed from core ops with ATen's checks (aten/src/ATen/native/Pool.h
// pooling_output_shape, pool2d_shape_check and pool3d_shape_check, DilatedMaxPool2d/3d.cpp,
// AveragePool2d/3d.cpp, AdaptiveAveragePooling(3d).cpp, AdaptiveMaxPooling2d/3d.cpp) and ATen's
// CPU summation order (cpu/AvgPoolKernel.cpp, cpu/AdaptiveAvgPoolKernel.cpp). Every pooling
// runs as a 3-d one over (N, C, D, H, W): a 2-d one is a 3-d one of depth 1.
#include "core/nn/pool.h"

#include <algorithm>
#include <array>
#include <functional>
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
using Dims3 = std::array<int64_t, 3>;  // (depth, height, width)

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

// A pooling window over the last `spatial` (2 or 3) dims, the missing depth of size 1, and
// the output size it gives.
struct PoolGeom {
  Dims3 k{1, 1, 1}, s{1, 1, 1}, p{0, 0, 0}, d{1, 1, 1};  // kernel, stride, padding, dilation
  Dims3 in{1, 1, 1}, out{1, 1, 1};
  int64_t spatial = 2;
  bool ceil_mode = false;
};

// x as (N, C, D, H, W): a batch of one for an unbatched input, depth 1 for a 2-d pooling.
Tensor as5d(const Tensor& x, int64_t spatial) {
  Tensor t = x.dim() == spatial + 1 ? unsqueeze(x, 0) : x;
  return spatial == 2 ? unsqueeze(t, 2) : t;
}

// A (N, C, D, H, W) result back in the shape of an input with these sizes.
Tensor from5d(const Tensor& t, const Shape& input_sizes, int64_t spatial) {
  Shape s(input_sizes.begin(), input_sizes.end() - spatial);
  for (int64_t i = 3 - spatial; i < 3; ++i) s.push_back(t.size(2 + i));
  return reshape(t, s);
}

void pool2d_shape_check(const Tensor& input, const PoolGeom& g) {
  const int64_t kh = g.k[1], kw = g.k[2], sh = g.s[1], sw = g.s[2];
  TP_CHECK(kw > 0 && kh > 0, RuntimeError,
           "kernel size should be greater than zero, but got kH: ", kh, " kW: ", kw);
  TP_CHECK(sw > 0 && sh > 0, RuntimeError,
           "stride should be greater than zero, but got dH: ", sh, " dW: ", sw);
  TP_CHECK(g.d[1] > 0 && g.d[2] > 0, RuntimeError,
           "dilation should be greater than zero, but got dilationH: ", g.d[1], " dilationW: ",
           g.d[2]);
  const int64_t ndim = input.dim();
  const bool valid_dims = input.size(1) != 0 && input.size(2) != 0;
  TP_CHECK(
      (ndim == 3 && input.size(0) != 0 && valid_dims) ||
          (ndim == 4 && valid_dims && input.size(3) != 0),
      RuntimeError,
      "Expected 3D or 4D (batch mode) tensor with optional 0 dim batch size for input, but got:",
      shape_str(input.sizes()));
  TP_CHECK(kw / 2 >= g.p[2] && kh / 2 >= g.p[1], RuntimeError,
           "pad should be smaller than or equal to half of kernel size, but got padW = ", g.p[2],
           ", padH = ", g.p[1], ", kW = ", kw, ", kH = ", kh);
  const int64_t planes = input.size(-3);
  TP_CHECK(g.out[2] >= 1 && g.out[1] >= 1, RuntimeError, "Given input size: (", planes, "x",
           g.in[1], "x", g.in[2], "). Calculated output size: (", planes, "x", g.out[1], "x",
           g.out[2], "). Output size is too small");
}

// Pool.h's pool3d_shape_check; `fn_name` names the kernel in the empty-dim text, and an
// average pooling also checks the input holds a whole window.
void pool3d_shape_check(const Tensor& input, const PoolGeom& g, const char* fn_name,
                        bool check_input_size) {
  TP_CHECK(g.k[0] > 0 && g.k[1] > 0 && g.k[2] > 0, RuntimeError,
           "kernel size should be greater than zero, but got kT: ", g.k[0], " kH: ", g.k[1],
           " kW: ", g.k[2]);
  TP_CHECK(g.s[0] > 0 && g.s[1] > 0 && g.s[2] > 0, RuntimeError,
           "stride should be greater than zero, but got dT: ", g.s[0], " dH: ", g.s[1],
           " dW: ", g.s[2]);
  TP_CHECK(g.d[0] > 0 && g.d[1] > 0 && g.d[2] > 0, RuntimeError,
           "dilation should be greater than zero, but got dilationT: ", g.d[0], " dilationH: ",
           g.d[1], " dilationW: ", g.d[2]);
  const int64_t ndim = input.dim();
  for (int64_t i = ndim == 5 ? 1 : 0; i < ndim; ++i) {
    TP_CHECK(input.size(i) > 0, RuntimeError, fn_name,
             ": Expected input to have non-zero size for non-batch dimensions, but input has "
             "sizes ",
             shape_str(input.sizes()), " with dimension ", i, " being empty");
  }
  TP_CHECK(!check_input_size || (g.in[0] >= g.k[0] && g.in[1] >= g.k[1] && g.in[2] >= g.k[2]),
           RuntimeError, "input image (T: ", g.in[0], " H: ", g.in[1], " W: ", g.in[2],
           ") smaller than kernel size (kT: ", g.k[0], " kH: ", g.k[1], " kW: ", g.k[2], ")");
  TP_CHECK(g.k[0] / 2 >= g.p[0] && g.k[2] / 2 >= g.p[2] && g.k[1] / 2 >= g.p[1], RuntimeError,
           "pad should be smaller than or equal to half of kernel size, but got kT: ", g.k[0],
           " kW: ", g.k[2], " kH: ", g.k[1], " padT: ", g.p[0], " padW: ", g.p[2], " padH: ",
           g.p[1]);
  const int64_t planes = input.size(-4);
  TP_CHECK(g.out[0] >= 1 && g.out[2] >= 1 && g.out[1] >= 1, RuntimeError, "Given input size: (",
           planes, "x", g.in[0], "x", g.in[1], "x", g.in[2], "). Calculated output size: (",
           planes, "x", g.out[0], "x", g.out[1], "x", g.out[2], "). Output size is too small");
}

// kernel_size / stride / padding / dilation as max_pool{2,3}d and avg_pool{2,3}d read them
// (`either`: the texts of max pooling and avg_pool2d say "must either be", avg_pool3d's not).
PoolGeom pool_geometry(const char* fname, int64_t spatial, const Shape& kernel,
                       const Shape& stride, const Shape& padding, const Shape& dilation,
                       bool ceil_mode, bool either = true) {
  const char* count = spatial == 3 ? "three" : "two";
  const char* must = either ? "must either be" : "must be";
  auto one_or_all = [&](const Shape& v) { return v.size() == 1 || static_cast<int64_t>(v.size()) == spatial; };
  PoolGeom g;
  g.spatial = spatial;
  g.ceil_mode = ceil_mode;
  const int64_t first = 3 - spatial;  // the first of (D, H, W) this pooling has
  TP_CHECK(one_or_all(kernel), RuntimeError, fname, ": kernel_size ", must,
           " a single int, or a tuple of ", count, " ints");
  for (int64_t i = first; i < 3; ++i) g.k[i] = kernel.size() == 1 ? kernel[0] : kernel[i - first];
  TP_CHECK(stride.empty() || one_or_all(stride), RuntimeError, fname, ": stride ", must,
           " omitted, a single int, or a tuple of ", count, " ints");
  for (int64_t i = first; i < 3; ++i)
    g.s[i] = stride.empty() ? g.k[i] : stride.size() == 1 ? stride[0] : stride[i - first];
  TP_CHECK(one_or_all(padding), RuntimeError, fname, ": padding ", must,
           " a single int, or a tuple of ", count, " ints");
  for (int64_t i = first; i < 3; ++i) g.p[i] = padding.size() == 1 ? padding[0] : padding[i - first];
  TP_CHECK(one_or_all(dilation), RuntimeError, fname,
           ": dilation must be either a single int, or a tuple of ", count, " ints");
  for (int64_t i = first; i < 3; ++i)
    g.d[i] = dilation.size() == 1 ? dilation[0] : dilation[i - first];
  return g;
}

// The input and output sizes (ATen computes them before its shape check).
void size_geometry(const Tensor& input, PoolGeom& g) {
  for (int64_t i = 3 - g.spatial; i < 3; ++i) {
    g.in[i] = input.size(i - 3);
    g.out[i] = pooling_output_shape(g.in[i], g.k[i], g.p[i], g.s[i], g.d[i], g.ceil_mode);
  }
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

// The padding after the input on dim i that makes every window of g lie inside it (ceil_mode's
// last windows included).
int64_t pad_after(const PoolGeom& g, int64_t i) {
  return std::max<int64_t>(0, (g.out[i] - 1) * g.s[i] + (g.k[i] - 1) * g.d[i] + 1 - g.in[i] - g.p[i]);
}

// x (N, C, D, H, W) padded with `value` so that every window of g lies inside it.
Tensor pad_for_windows(const Tensor& x, const PoolGeom& g, Scalar value) {
  Shape pad;
  bool any = false;
  for (int64_t i = 2; i >= 0; --i) {
    pad.insert(pad.end(), {g.p[i], pad_after(g, i)});
    any = any || g.p[i] || pad_after(g, i);
  }
  return any ? constant_pad_nd(x, pad, value) : contiguous(x);
}

// The strides of a contiguous (N, C, D, H, W) tensor xp, spatial dims only.
Dims3 spatial_strides(const Tensor& xp) {
  return {xp.size(3) * xp.size(4), xp.size(4), 1};
}

// The window element `off` of every output position: (N, C, OD, OH, OW) view of the padded input.
Tensor window_element(const Tensor& xp, const PoolGeom& g, const Dims3& off) {
  const Dims3 st = spatial_strides(xp);
  const int64_t plane = xp.size(2) * st[0];
  int64_t offset = xp.storage_offset();
  for (int64_t i = 0; i < 3; ++i) offset += off[i] * g.d[i] * st[i];
  return xp.as_strided({xp.size(0), xp.size(1), g.out[0], g.out[1], g.out[2]},
                       {xp.size(1) * plane, plane, g.s[0] * st[0], g.s[1] * st[1], g.s[2]}, offset);
}

// Calls fn(offset) for every kernel offset, in row-major order or its reverse.
template <typename Fn>
void for_each_offset(const PoolGeom& g, bool reverse, Fn fn) {
  for (int64_t a = 0; a < g.k[0]; ++a)
    for (int64_t b = 0; b < g.k[1]; ++b)
      for (int64_t c = 0; c < g.k[2]; ++c)
        fn(reverse ? Dims3{g.k[0] - 1 - a, g.k[1] - 1 - b, g.k[2] - 1 - c} : Dims3{a, b, c});
}

Tensor index_column(int64_t n, int64_t step, int64_t offset, Device device) {
  return to(add(mul(arange(Scalar(n), DType::Int64), Scalar(step)), Scalar(offset)), device,
            std::nullopt);
}

// Which dtypes a pooling kernel takes: every one but bool (max), floating only (adaptive
// average), or floating and int64 (average).
enum class PoolDTypes { AllButBool, Floating, FloatingAndLong };

void check_pool_dtype(const char* name, const Tensor& x, PoolDTypes taken) {
  const DType t = x.dtype();
  const bool ok = taken == PoolDTypes::AllButBool ? t != DType::Bool
                  : taken == PoolDTypes::Floating ? is_floating(t)
                                                  : is_floating(t) || t == DType::Int64;
  TP_CHECK(ok, NotImplementedError, "\"", name, "\" not implemented for '",
           dtype_legacy_name(t), "'");
}

// The gradient of a max pooling: each output's gradient added to the input element its index
// names (in output order, as ATen's CPU kernel). `indices` hold positions within a plane (a
// volume for 3-d). Under create_graph it is recorded as `double_name`, whose gradient reads
// those elements (and is zero for the pooled input, which ATen's backward kernel also takes).
Tensor scatter_to_planes(const char* double_name, const Tensor& g, const Tensor& indices,
                         const Tensor& input, int64_t spatial) {
  const Shape& in_sizes = input.sizes();
  const int64_t plane = shape_numel(Shape(in_sizes.end() - spatial, in_sizes.end()));
  const int64_t planes = shape_numel(in_sizes) / std::max<int64_t>(plane, 1);
  if (g.numel() == 0) return zeros(in_sizes, TensorOptions(g.dtype(), g.device()));
  const int64_t per_plane = indices.numel() / std::max<int64_t>(planes, 1);
  Tensor plane_start = index_column(planes, plane, 0, g.device());
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

// Records a max pooling's values with the node that scatters gradients back by its indices.
ValuesIndices record_max(const Tensor& input, int64_t spatial, const char* name,
                         const char* double_name, const std::function<ValuesIndices()>& compute) {
  if (!autograd::needs_grad({&input})) return compute();
  ValuesIndices out;
  {
    autograd::NoGradGuard no_grad;
    out = compute();
  }
  auto node = autograd::make_node(name, {out.indices}, [input, spatial, double_name](G grads, G s, N) {
    return TensorList{scatter_to_planes(double_name, grads[0], s[0], input, spatial)};
  });
  autograd::collect_edges(*node, {input});
  autograd::set_history(out.values, node);
  return out;
}

ValuesIndices max_pool_compute(const Tensor& input, const PoolGeom& g) {
  Tensor x = as5d(input, g.spatial);
  const int64_t n = x.size(0), c = x.size(1);
  Tensor xp = pad_for_windows(x, g, lowest(x.dtype()));
  const Dims3 st = spatial_strides(xp);
  const int64_t plane = xp.size(2) * st[0];
  Tensor windows = xp.as_strided(
      {n, c, g.out[0], g.out[1], g.out[2], g.k[0], g.k[1], g.k[2]},
      {c * plane, plane, g.s[0] * st[0], g.s[1] * st[1], g.s[2], g.d[0] * st[0], g.d[1] * st[1], g.d[2]},
      xp.storage_offset());
  ValuesIndices r = max(reshape(contiguous(windows),
                                {n, c, g.out[0], g.out[1], g.out[2], shape_numel({g.k[0], g.k[1], g.k[2]})}),
                        -1);
  // Window position -> position in the input volume, one dim at a time.
  Tensor idx;
  Tensor rest = r.indices;
  for (int64_t i = 0; i < 3; ++i) {
    const int64_t below = i == 0 ? g.k[1] * g.k[2] : i == 1 ? g.k[2] : 1;
    Tensor along = floor_divide(rest, Scalar(below));
    rest = sub(rest, mul(along, Scalar(below)));
    Shape col_shape(static_cast<size_t>(3 - i), 1);  // (OD, 1, 1), (OH, 1), (OW)
    col_shape[0] = g.out[i];
    Tensor pos = add(mul(along, Scalar(g.d[i])),
                     view(index_column(g.out[i], g.s[i], -g.p[i], x.device()), col_shape));
    if (g.p[i] || pad_after(g, i))  // a window of nothing but padding keeps its first input element
      pos = clamp(pos, Scalar(int64_t{0}), Scalar(g.in[i] - 1));
    idx = idx.defined() ? add(mul(idx, Scalar(g.in[i])), pos) : pos;
  }
  return {from5d(r.values, input.sizes(), g.spatial), from5d(idx, input.sizes(), g.spatial)};
}

// ATen's divide_factor of each average pooling window, shaped (OD, OH, OW).
Tensor avg_divisors(const PoolGeom& g, bool count_include_pad,
                    std::optional<int64_t> divisor_override, DType dtype, Device device) {
  std::vector<Scalar> v;
  for (int64_t od = 0; od < g.out[0]; ++od) {
    for (int64_t oh = 0; oh < g.out[1]; ++oh) {
      for (int64_t ow = 0; ow < g.out[2]; ++ow) {
        const Dims3 o{od, oh, ow};
        int64_t pool_size = 1, inside = 1;
        for (int64_t i = 0; i < 3; ++i) {
          int64_t start = o[i] * g.s[i] - g.p[i];
          int64_t end = std::min(start + g.k[i], g.in[i] + g.p[i]);
          pool_size *= end - start;
          inside *= std::max<int64_t>(0, std::min(end, g.in[i]) - std::max<int64_t>(start, 0));
        }
        int64_t d = divisor_override    ? *divisor_override
                    : count_include_pad ? pool_size
                                        : inside;
        if (inside == 0) d = 1;  // an empty window: its sum is 0 and so is ATen's output
        v.push_back(Scalar(d));
      }
    }
  }
  return to(tensor(v, {g.out[0], g.out[1], g.out[2]}, dtype), device, std::nullopt);
}

// The window adds in row-major order in the input's dtype, then divides, as ATen's CPU kernel.
Tensor avg_pool_compute(const Tensor& input, const PoolGeom& g, const Tensor& divisors) {
  Tensor x = as5d(input, g.spatial);
  Tensor xp = pad_for_windows(x, g, Scalar(0.0));
  Tensor acc = zeros({x.size(0), x.size(1), g.out[0], g.out[1], g.out[2]},
                     TensorOptions(x.dtype(), x.device()));
  for_each_offset(g, false, [&](const Dims3& off) { binary_(BinaryOp::Add, acc, window_element(xp, g, off)); });
  // An int64 average is the sum divided in integers (rounding towards zero), as ATen's kernel.
  Tensor out = is_floating(x.dtype()) ? div(acc, divisors) : div(acc, divisors, "trunc");
  return from5d(out, input.sizes(), g.spatial);
}

// The gradient of an average pooling: each output's share added to its window. Per input
// element the windows add in output order (ATen's loop), which is the kernel offsets in
// reverse. Under create_graph it is recorded: its gradient is the average pooling itself
// (recorded ops), and zero for the pooled input.
Tensor avg_pool_grad(const char* double_name, const Tensor& grad, const Tensor& input,
                     const PoolGeom& g, const Tensor& divisors) {
  const Shape& in_sizes = input.sizes();
  const Shape grad_sizes = grad.sizes();
  return autograd::linear_in_grad(
      double_name, grad,
      [&] {
        Tensor delta = div(as5d(grad, g.spatial), divisors);
        Shape padded{delta.size(0), delta.size(1)};
        for (int64_t i = 0; i < 3; ++i) padded.push_back(g.p[i] + g.in[i] + pad_after(g, i));
        Tensor gp = zeros(padded, TensorOptions(grad.dtype(), grad.device()));
        for_each_offset(g, true, [&](const Dims3& off) { binary_(BinaryOp::Add, window_element(gp, g, off), delta); });
        Tensor gi = gp;
        for (int64_t i = 0; i < 3; ++i) gi = narrow(gi, i + 2, g.p[i], g.in[i]);
        return reshape(contiguous(gi), in_sizes);
      },
      [g, divisors, grad_sizes](const Tensor& gg) { return reshape(avg_pool_compute(gg, g, divisors), grad_sizes); },
      {input});
}

// Adaptive windows along one dim: [start, end) of output o, ATen's start_index/end_index.
struct AdaptiveDim {
  std::vector<int64_t> start, len;
  int64_t max_len = 0;
  // Whether some window is shorter than the longest: its missing positions then read an extra
  // padded element past the input's end.
  bool ragged() const {
    return std::any_of(len.begin(), len.end(), [&](int64_t l) { return l < max_len; });
  }
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

// Adaptive pooling over (D, H, W), a 2-d one with depth 1.
struct AdaptiveGeom {
  std::array<AdaptiveDim, 3> dims;
  Dims3 in{1, 1, 1}, out{1, 1, 1};
  int64_t spatial = 2;
  // Per dim the window's input indices, shaped to broadcast to (OD, OH, OW, KD, KH, KW).
  std::array<Tensor, 3> index;
  int64_t window() const { return dims[0].max_len * dims[1].max_len * dims[2].max_len; }
};

AdaptiveGeom adaptive_geometry(const Tensor& x, const Shape& output_size, int64_t spatial) {
  AdaptiveGeom a;
  a.spatial = spatial;
  for (int64_t i = 3 - spatial; i < 3; ++i) {
    a.in[i] = x.size(i - 3);
    a.out[i] = output_size[i - (3 - spatial)];
  }
  for (int64_t i = 0; i < 3; ++i) {
    a.dims[i] = adaptive_dim(a.in[i], a.out[i]);
    Shape s(6, 1);
    s[i] = a.out[i];
    s[3 + i] = a.dims[i].max_len;
    a.index[i] = to(view(adaptive_index(a.dims[i], a.in[i]), s), x.device(), std::nullopt);
  }
  return a;
}

// The padding after each dim (last first, as constant_pad_nd takes it) that ragged windows read.
Shape adaptive_padding(const AdaptiveGeom& a) {
  return {0, a.dims[2].ragged() ? 1 : 0, 0, a.dims[1].ragged() ? 1 : 0, 0, a.dims[0].ragged() ? 1 : 0};
}

// Every adaptive window of x (N, C, D, H, W), padded with `value` where windows are ragged:
// (N, C, OD, OH, OW, KD, KH, KW).
Tensor adaptive_windows(const Tensor& x, const AdaptiveGeom& a, Scalar value) {
  const Shape pad = adaptive_padding(a);
  const bool any = std::any_of(pad.begin(), pad.end(), [](int64_t p) { return p != 0; });
  Tensor xp = any ? constant_pad_nd(x, pad, value) : x;
  return advanced_index(xp, {Tensor(), Tensor(), a.index[0], a.index[1], a.index[2]});
}

// The window sizes along dim i, shaped to broadcast against (OD, OH, OW), in x's dtype.
Tensor adaptive_lengths(const AdaptiveGeom& a, int64_t i, DType dtype, Device device) {
  std::vector<Scalar> v;
  for (int64_t l : a.dims[i].len) v.push_back(Scalar(l));
  Shape s(static_cast<size_t>(3 - i), 1);
  s[0] = a.out[i];
  return to(tensor(v, s, dtype), device, std::nullopt);
}

// sum / kd / kh / kw, the window added in row-major order in x's dtype, as ATen.
Tensor adaptive_avg_compute(const Tensor& input, const AdaptiveGeom& a) {
  Tensor x = as5d(input, a.spatial);
  Tensor acc = zeros({x.size(0), x.size(1), a.out[0], a.out[1], a.out[2]},
                     TensorOptions(x.dtype(), x.device()));
  if (acc.numel() > 0) {
    Tensor win = adaptive_windows(x, a, Scalar(0.0));
    for (int64_t t = 0; t < a.dims[0].max_len; ++t)
      for (int64_t i = 0; i < a.dims[1].max_len; ++i)
        for (int64_t j = 0; j < a.dims[2].max_len; ++j)
          binary_(BinaryOp::Add, acc, select(select(select(win, 5, t), 5, i), 5, j));
  }
  for (int64_t i = 0; i < 3; ++i) acc = div(acc, adaptive_lengths(a, i, x.dtype(), x.device()));
  return from5d(acc, input.sizes(), a.spatial);
}

// Under create_graph it is recorded: its gradient is the adaptive average pooling itself, and
// zero for the pooled input.
Tensor adaptive_avg_grad(const char* double_name, const Tensor& grad, const Tensor& input,
                         const AdaptiveGeom& a) {
  const Shape& in_sizes = input.sizes();
  const Shape grad_sizes = grad.sizes();
  return autograd::linear_in_grad(
      double_name, grad,
      [&] {
        Tensor delta = as5d(grad, a.spatial);
        for (int64_t i = 0; i < 3; ++i)
          delta = div(delta, adaptive_lengths(a, i, grad.dtype(), grad.device()));
        const int64_t n = delta.size(0), c = delta.size(1);
        Tensor gp = zeros({n, c, a.in[0] + a.dims[0].ragged(), a.in[1] + a.dims[1].ragged(),
                           a.in[2] + a.dims[2].ragged()},
                          TensorOptions(grad.dtype(), grad.device()));
        if (delta.numel() > 0) {
          Shape full{n, c, a.out[0], a.out[1], a.out[2], a.dims[0].max_len, a.dims[1].max_len,
                     a.dims[2].max_len};
          Shape lifted = delta.sizes();
          lifted.insert(lifted.end(), {1, 1, 1});
          Tensor values = contiguous(expand(reshape(delta, lifted), full));
          advanced_index_put_(gp, {Tensor(), Tensor(), a.index[0], a.index[1], a.index[2]}, values,
                              /*accumulate=*/true);
        }
        Tensor gi = gp;
        for (int64_t i = 0; i < 3; ++i) gi = narrow(gi, i + 2, 0, a.in[i]);
        return reshape(contiguous(gi), in_sizes);
      },
      [a, grad_sizes](const Tensor& gg) { return reshape(adaptive_avg_compute(gg, a), grad_sizes); },
      {input});
}

ValuesIndices adaptive_max_compute(const Tensor& input, const AdaptiveGeom& a) {
  Tensor x = as5d(input, a.spatial);
  const int64_t n = x.size(0), c = x.size(1);
  Tensor win = adaptive_windows(x, a, lowest(x.dtype()));
  ValuesIndices r = max(reshape(win, {n, c, a.out[0], a.out[1], a.out[2], a.window()}), -1);
  // The input position of every window element, (OD, OH, OW, KD*KH*KW), then the one max picked.
  Tensor pos = add(mul(add(mul(a.index[0], Scalar(a.in[1])), a.index[1]), Scalar(a.in[2])), a.index[2]);
  Tensor table = reshape(pos, {a.out[0], a.out[1], a.out[2], a.window()});
  Tensor od = view(index_column(a.out[0], 1, 0, x.device()), {a.out[0], 1, 1});
  Tensor oh = view(index_column(a.out[1], 1, 0, x.device()), {a.out[1], 1});
  Tensor ow = index_column(a.out[2], 1, 0, x.device());
  Tensor idx = advanced_index(table, {od, oh, ow, r.indices});
  return {from5d(r.values, input.sizes(), a.spatial), from5d(idx, input.sizes(), a.spatial)};
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

ValuesIndices max_pool(const Tensor& input, const PoolGeom& g) {
  const bool two = g.spatial == 2;
  return record_max(input, g.spatial, two ? "MaxPool2DWithIndicesBackward0" : "MaxPool3DWithIndicesBackward0",
                    two ? "MaxPool2DWithIndicesBackwardBackward0" : "MaxPool3DWithIndicesBackwardBackward0",
                    [&] { return max_pool_compute(input, g); });
}

Tensor avg_pool(const Tensor& input, const PoolGeom& g, bool count_include_pad,
                std::optional<int64_t> divisor_override) {
  Tensor divisors =
      avg_divisors(g, count_include_pad, divisor_override, input.dtype(), input.device());
  const bool two = g.spatial == 2;
  return autograd::record_op(
      {input}, [&] { return avg_pool_compute(input, g, divisors); },
      [&](const Tensor&) {
        return autograd::make_node(
            two ? "AvgPool2DBackward0" : "AvgPool3DBackward0", {}, [g, divisors, input, two](G grads, G, N) {
              return TensorList{avg_pool_grad(two ? "AvgPool2DBackwardBackward0" : "AvgPool3DBackwardBackward0",
                                              grads[0], input, g, divisors)};
            });
      });
}

// adaptive_avg_pool{2,3}d's checks, in ATen's order; (1, 1[, 1]) is a mean (MeanBackward1).
Tensor adaptive_avg(const Tensor& input, const Shape& output_size, int64_t spatial) {
  const char* name = spatial == 3 ? "adaptive_avg_pool3d" : "adaptive_avg_pool2d";
  TP_CHECK(static_cast<int64_t>(output_size.size()) == spatial, RuntimeError, name,
           ": output_size must be ", spatial);
  bool non_negative = true, all_one = true;
  for (int64_t o : output_size) {
    non_negative = non_negative && o >= 0;
    all_one = all_one && o == 1;
  }
  // ATen's 3-d text has no space before the last size: "{2, 2,-1}".
  const std::string received =
      spatial == 3 ? str_cat(output_size[0], ", ", output_size[1], ",", output_size[2])
                   : str_cat(output_size[0], ", ", output_size[1]);
  TP_CHECK(non_negative, RuntimeError, name,
           ": elements of output_size must be greater than or equal to 0 but received {", received,
           "}");
  Shape last;  // the pooled dims, last first
  for (int64_t i = -1; i >= -spatial; --i) last.push_back(i);
  if (all_one) return mean(input, last, /*keepdim=*/true);
  const int64_t ndim = input.dim();
  TP_CHECK(ndim == spatial + 1 || ndim == spatial + 2, RuntimeError, name, "(): Expected ",
           spatial + 1, "D or ", spatial + 2, "D tensor, but got ", shape_str(input.sizes()));
  for (int64_t i = -spatial; i < 0; ++i) {
    TP_CHECK(input.size(i) > 0, RuntimeError, name,
             "(): Expected input to have non-zero size for non-batch dimensions, but input has "
             "sizes ",
             shape_str(input.sizes()), " with dimension ", i + ndim, " being empty");
  }
  check_pool_dtype(spatial == 3 ? "adaptive_avg_pool3d_cpu" : "adaptive_avg_pool2d", input, PoolDTypes::Floating);
  AdaptiveGeom a = adaptive_geometry(input, output_size, spatial);
  const bool two = spatial == 2;
  return autograd::record_op(
      {input}, [&] { return adaptive_avg_compute(input, a); },
      [&](const Tensor&) {
        return autograd::make_node(
            two ? "AdaptiveAvgPool2DBackward0" : "AdaptiveAvgPool3DBackward0", {}, [a, input, two](G grads, G, N) {
              return TensorList{adaptive_avg_grad(two ? "AdaptiveAvgPool2DBackwardBackward0" : "AdaptiveAvgPool3DBackwardBackward0",
                                                  grads[0], input, a)};
            });
      });
}

ValuesIndices adaptive_max(const Tensor& input, const Shape& output_size, int64_t spatial) {
  const char* name = spatial == 3 ? "adaptive_max_pool3d" : "adaptive_max_pool2d";
  const int64_t ndim = input.dim();
  TP_CHECK(ndim == spatial + 1 || ndim == spatial + 2, RuntimeError, name, "(): Expected ",
           spatial + 1, "D or ", spatial + 2, "D tensor, but got: ", shape_str(input.sizes()));
  for (int64_t i = 1; i < ndim; ++i) {
    TP_CHECK(input.size(i) > 0, RuntimeError, name,
             "(): Expected input to have non-zero size for non-batch dimensions, but input has "
             "sizes ",
             shape_str(input.sizes()), " with dimension ", i, " being empty");
  }
  TP_CHECK(static_cast<int64_t>(output_size.size()) == spatial, RuntimeError, name,
           "(): internal error: output_size.size() must be ", spatial);
  bool non_negative = true;
  for (int64_t o : output_size) non_negative = non_negative && o >= 0;
  if (spatial == 2) {
    TP_CHECK(non_negative, RuntimeError,
             "adaptive_max_pool2d(): elements of output_size must be greater than or equal to 0 "
             "but received {",
             output_size[0], ", ", output_size[1], "}");
  } else if (!non_negative) {  // ATen's 3-d kernel resizes its output first
    Shape out(input.sizes().begin(), input.sizes().end() - 3);
    out.insert(out.end(), output_size.begin(), output_size.end());
    int64_t negative = 0;
    for (int64_t o : output_size) negative = o < 0 && !negative ? o : negative;
    fail(ErrorKind::RuntimeError, "Trying to create tensor with negative dimension ", negative, ": ",
         shape_str(out));
  }
  check_pool_dtype(spatial == 3 ? "adaptive_max_pool3d_cpu" : "adaptive_max_pool2d", input, PoolDTypes::Floating);
  AdaptiveGeom a = adaptive_geometry(input, output_size, spatial);
  const bool two = spatial == 2;
  return record_max(input, spatial, two ? "AdaptiveMaxPool2DBackward0" : "AdaptiveMaxPool3DBackward0",
                    two ? "AdaptiveMaxPool2DBackwardBackward0" : "AdaptiveMaxPool3DBackwardBackward0",
                    [&] { return adaptive_max_compute(input, a); });
}

}  // namespace

ValuesIndices max_pool2d_with_indices(const Tensor& input, const Shape& kernel_size,
                                      const Shape& stride, const Shape& padding,
                                      const Shape& dilation, bool ceil_mode) {
  PoolGeom g = pool_geometry("max_pool2d", 2, kernel_size, stride, padding, dilation, ceil_mode);
  TP_CHECK(input.dim() == 3 || input.dim() == 4, RuntimeError,
           "non-empty 3D or 4D (batch mode) tensor expected for input");
  size_geometry(input, g);
  pool2d_shape_check(input, g);
  check_pool_dtype("max_pool2d", input, PoolDTypes::AllButBool);
  return max_pool(input, g);
}

ValuesIndices max_pool3d_with_indices(const Tensor& input, const Shape& kernel_size,
                                      const Shape& stride, const Shape& padding,
                                      const Shape& dilation, bool ceil_mode) {
  PoolGeom g = pool_geometry("max_pool3d", 3, kernel_size, stride, padding, dilation, ceil_mode);
  TP_CHECK(input.dim() == 4 || input.dim() == 5, RuntimeError,
           "non-empty 4D or 5D (batch mode) tensor expected for input");
  size_geometry(input, g);
  pool3d_shape_check(input, g, "max_pool3d_with_indices_out_cpu_template()", false);
  check_pool_dtype("max_pool3d", input, PoolDTypes::AllButBool);
  return max_pool(input, g);
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
  PoolGeom g = pool_geometry("avg_pool2d", 2, kernel_size, stride, padding, {1}, ceil_mode);
  TP_CHECK(!divisor_override || *divisor_override != 0, RuntimeError, "divisor must be not zero");
  (void)input.size(-3);  // ATen reads the plane count first: IndexError for fewer than 3 dims
  size_geometry(input, g);
  pool2d_shape_check(input, g);
  check_pool_dtype("avg_pool2d", input, PoolDTypes::FloatingAndLong);
  return avg_pool(input, g, count_include_pad, divisor_override);
}

Tensor avg_pool3d(const Tensor& input, const Shape& kernel_size, const Shape& stride,
                  const Shape& padding, bool ceil_mode, bool count_include_pad,
                  std::optional<int64_t> divisor_override) {
  PoolGeom g = pool_geometry("avg_pool3d", 3, kernel_size, stride, padding, {1}, ceil_mode,
                             /*either=*/false);
  TP_CHECK(input.dim() == 4 || input.dim() == 5, RuntimeError,
           "non-empty 4D or 5D (batch mode) tensor expected for input");
  TP_CHECK(!divisor_override || *divisor_override != 0, RuntimeError, "divisor must be not zero");
  size_geometry(input, g);
  pool3d_shape_check(input, g, "avg_pool3d()", true);
  check_pool_dtype("avg_pool3d_out_frame", input, PoolDTypes::FloatingAndLong);
  return avg_pool(input, g, count_include_pad, divisor_override);
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
  return adaptive_avg(input, output_size, 2);
}

Tensor adaptive_avg_pool3d(const Tensor& input, const Shape& output_size) {
  return adaptive_avg(input, output_size, 3);
}

Tensor adaptive_avg_pool1d(const Tensor& input, const Shape& output_size) {
  check_dim_range("adaptive_avg_pool1d", input, 2, 4);
  check_1d_param("adaptive_avg_pool1d", "output_size", output_size);
  return squeeze(adaptive_avg_pool2d(unsqueeze(input, -2), {1, output_size[0]}), -2);
}

ValuesIndices adaptive_max_pool2d(const Tensor& input, const Shape& output_size) {
  return adaptive_max(input, output_size, 2);
}

ValuesIndices adaptive_max_pool3d(const Tensor& input, const Shape& output_size) {
  return adaptive_max(input, output_size, 3);
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
