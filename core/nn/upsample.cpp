// Upsampling: ATen's size checks (UpSample.h's upsample_*_common_check), its source indices and
// weights (nearest_idx, nearest_exact_idx, compute_indices_weights_linear / _cubic) computed on
// the host, then gathers and products as core ops. The gradient scatters back with
// index_put(accumulate).
#include "core/nn/upsample.h"

#include <algorithm>
#include <cmath>

#include "core/autograd/autograd.h"
#include "core/autograd/grad_utils.h"
#include "core/error.h"
#include "core/nn/fused_multiply_add.h"
#include "core/ops/copy.h"
#include "core/ops/creation.h"
#include "core/ops/elementwise.h"
#include "core/ops/indexing.h"

namespace tp::nn::functional {

namespace {

using G = const TensorList&;
using N = const Node&;

// Per spatial dim and tap (1 nearest, 2 linear, 4 cubic): the source index of each output
// position and, for the interpolating modes, its weight.
struct Axis {
  std::vector<std::vector<int64_t>> index;  // [tap][output position]
  std::vector<std::vector<double>> weight;  // values of the compute dtype (float or double)
  size_t taps() const { return index.size(); }
};

// ATen's compute_scales_value: 1 / scale when one was given, else in / out.
template <typename T>
T scale_value(std::optional<double> scale, int64_t in, int64_t out) {
  return scale && *scale > 0 ? static_cast<T>(1.0 / *scale)
                             : static_cast<T>(in) / static_cast<T>(out);
}

Axis nearest_axis(int64_t in, int64_t out, std::optional<double> scale, bool exact) {
  Axis a;
  a.index.resize(1);
  const float s = scale_value<float>(scale, in, out);
  for (int64_t i = 0; i < out; ++i) {
    int64_t src;
    if (exact) {  // floorf((i + 0.5) * scale): the product in double, floored as a float
      src = static_cast<int64_t>(std::floor(static_cast<float>((static_cast<double>(i) + 0.5) * s)));
    } else if (out == in) {
      src = i;
    } else if (out == 2 * in) {
      src = i >> 1;
    } else {
      src = static_cast<int64_t>(std::floor(static_cast<float>(i) * s));
    }
    a.index[0].push_back(std::min(src, in - 1));
  }
  return a;
}

// compute_indices_weights_linear in the opmath type T (the generic kernel's: every step
// rounded, -ffp-contract=off keeps them apart here).
// area_pixel_compute_scale: the source step per output position.
template <typename T>
T source_scale(int64_t in, int64_t out, bool align_corners, std::optional<double> scale) {
  if (align_corners) return out > 1 ? static_cast<T>(in - 1) / static_cast<T>(out - 1) : T(0);
  return scale_value<T>(scale, in, out);
}

template <typename T>
Axis linear_axis(int64_t in, int64_t out, bool align_corners, std::optional<double> scale) {
  Axis a;
  a.index.resize(2);
  a.weight.resize(2);
  const T s = source_scale<T>(in, out, align_corners, scale);
  for (int64_t i = 0; i < out; ++i) {
    const T real = align_corners ? s * static_cast<T>(i)
                                 : std::max(s * (static_cast<T>(i) + T(0.5)) - T(0.5), T(0));
    const int64_t i0 = std::min(static_cast<int64_t>(std::floor(real)), in - 1);
    const T l1 = std::min(std::max(real - static_cast<T>(i0), T(0)), T(1));
    a.index[0].push_back(i0);
    a.index[1].push_back(i0 + (i0 < in - 1 ? 1 : 0));
    a.weight[0].push_back(static_cast<double>(T(1) - l1));
    a.weight[1].push_back(static_cast<double>(l1));
  }
  return a;
}

// compute_indices_weights_cubic in T: the four sources around the (unclamped) source position,
// clamped into the input, with the cubic convolution weights of A = -0.75 (UpSample.h's
// get_cubic_upsample_coefficients).
template <typename T>
Axis cubic_axis(int64_t in, int64_t out, bool align_corners, std::optional<double> scale) {
  Axis a;
  a.index.resize(4);
  a.weight.resize(4);
  const T s = source_scale<T>(in, out, align_corners, scale);
  const T A = T(-0.75);
  auto near = [A](T x) { return ((A + T(2)) * x - (A + T(3))) * x * x + T(1); };
  auto far = [A](T x) { return ((A * x - T(5) * A) * x + T(8) * A) * x - T(4) * A; };
  for (int64_t i = 0; i < out; ++i) {
    const T real = align_corners ? s * static_cast<T>(i) : s * (static_cast<T>(i) + T(0.5)) - T(0.5);
    const T floor_real = std::floor(real);
    const int64_t base = static_cast<int64_t>(floor_real);
    const T t = real - floor_real;
    const T w[4] = {far(t + T(1)), near(t), near(T(1) - t), far(T(2) - t)};
    for (int64_t j = 0; j < 4; ++j) {
      a.index[j].push_back(std::clamp<int64_t>(base - 1 + j, 0, in - 1));
      a.weight[j].push_back(static_cast<double>(w[j]));
    }
  }
  return a;
}

// A per-position list of axis j of k, shaped to broadcast against the other axes' lists.
Shape axis_shape(size_t k, size_t j, size_t n) {
  Shape shape(k, 1);
  shape[j] = static_cast<int64_t>(n);
  return shape;
}

Tensor index_tensor(const std::vector<int64_t>& v, size_t k, size_t j, Device device) {
  std::vector<Scalar> s(v.begin(), v.end());
  return to(tensor(s, axis_shape(k, j, v.size()), DType::Int64), device, std::nullopt);
}

Tensor weight_tensor(const std::vector<double>& v, size_t k, size_t j, DType dtype, Device device) {
  std::vector<Scalar> s(v.begin(), v.end());
  return to(tensor(s, axis_shape(k, j, v.size()), dtype), device, std::nullopt);
}

// One term of the interpolation: the sources of one combination of taps (one per axis) and the
// product of their weights.
struct Term {
  std::vector<Tensor> index;  // for advanced_index: the leading (N, C) dims whole
  Tensor weight;              // undefined for nearest modes
};

std::vector<Term> terms_of(const std::vector<Axis>& axes, DType dtype, Device device) {
  const size_t k = axes.size(), taps = axes.front().taps();
  size_t combinations = 1;
  for (size_t j = 0; j < k; ++j) combinations *= taps;
  std::vector<Term> terms;
  for (size_t c = 0; c < combinations; ++c) {
    Term t;
    t.index.resize(2);
    size_t rest = c;
    std::vector<size_t> tap(k);
    for (size_t j = k; j-- > 0; rest /= taps) tap[j] = rest % taps;  // the first axis varies slowest
    for (size_t j = 0; j < k; ++j) {
      t.index.push_back(index_tensor(axes[j].index[tap[j]], k, j, device));
      if (axes[j].weight.empty()) continue;
      Tensor w = weight_tensor(axes[j].weight[tap[j]], k, j, dtype, device);
      t.weight = t.weight.defined() ? mul(t.weight, w) : w;
    }
    terms.push_back(std::move(t));
  }
  return terms;
}

// ATen's generic kernel, one dim at a time from the last: t = fma(x0, l0, x1 * l1).
// `taps` holds the source (0 or 1) already chosen on each axis before `j`.
Tensor interpolate_linear(const Tensor& x, const std::vector<Axis>& axes, DType dtype, size_t j = 0,
                          std::vector<size_t> taps = {}) {
  const size_t k = axes.size();
  auto weight = [&](bool second) { return weight_tensor(axes[j].weight[second ? 1 : 0], k, j, dtype, x.device()); };
  auto side = [&](size_t tap) {
    std::vector<size_t> chosen = taps;
    chosen.push_back(tap);
    if (j + 1 < k) return interpolate_linear(x, axes, dtype, j + 1, chosen);
    std::vector<Tensor> idx(2);
    for (size_t a = 0; a < k; ++a) idx.push_back(index_tensor(axes[a].index[chosen[a]], k, a, x.device()));
    return advanced_index(x, idx);
  };
  return fused_multiply_add(side(0), weight(false), mul(side(1), weight(true)));
}

// Bicubic: each row of four sources summed along the width, then the four rows along the
// height, as ATen's cubic_interp1d nests them.
Tensor interpolate_cubic(const Tensor& x, const std::vector<Axis>& axes, DType dtype) {
  auto sum_taps = [&](size_t j, auto value) {
    Tensor acc;
    for (size_t tap = 0; tap < 4; ++tap) {
      Tensor term = mul(value(tap), weight_tensor(axes[j].weight[tap], 2, j, dtype, x.device()));
      acc = acc.defined() ? add(acc, term) : term;
    }
    return acc;
  };
  return sum_taps(0, [&](size_t row) {
    return sum_taps(1, [&](size_t col) {
      return advanced_index(x, {Tensor(), Tensor(), index_tensor(axes[0].index[row], 2, 0, x.device()),
                                index_tensor(axes[1].index[col], 2, 1, x.device())});
    });
  });
}

const char* node_name(UpsampleMode mode, int64_t spatial) {
  switch (mode) {
    case UpsampleMode::Nearest:
      return spatial == 1   ? "UpsampleNearest1DBackward0"
             : spatial == 2 ? "UpsampleNearest2DBackward0"
                            : "UpsampleNearest3DBackward0";
    case UpsampleMode::NearestExact:
      return spatial == 1   ? "UpsampleNearestExact1DBackward0"
             : spatial == 2 ? "UpsampleNearestExact2DBackward0"
                            : "UpsampleNearestExact3DBackward0";
    case UpsampleMode::Linear:
      return spatial == 1   ? "UpsampleLinear1DBackward0"
             : spatial == 2 ? "UpsampleBilinear2DBackward0"
                            : "UpsampleTrilinear3DBackward0";
    case UpsampleMode::Cubic:
      return "UpsampleBicubic2DBackward0";
  }
  return "";
}

void check_sizes(const Tensor& input, UpsampleMode mode, int64_t spatial, const Shape& out) {
  const bool linear = mode == UpsampleMode::Linear;
  const DType dt = input.dtype();
  if (mode == UpsampleMode::Cubic && !is_floating(dt)) {
    TP_CHECK(dt != DType::UInt8, NotImplementedError,
             "tensorplay: interpolate(mode='bicubic') of a uint8 tensor is not supported");
    fail(ErrorKind::NotImplementedError, "\"compute_indices_weights_cubic\" not implemented for '",
         dtype_legacy_name(dt), "'");
  }
  if (!is_floating(dt) && !(dt == DType::UInt8 && !linear)) {
    const char* kernel = linear ? (spatial == 2 ? "upsample_bilinear2d_channels_last" : "compute_indices_weights_linear")
                                : spatial == 1  ? "upsample_nearest1d"
                                : spatial == 2  ? "upsample_nearest2d_channels_last"
                                                : "compute_indices_weights_nearest";
    fail(ErrorKind::NotImplementedError, "\"", kernel, "\" not implemented for '",
         dtype_legacy_name(dt), "'");
  }
  const Shape& in = input.sizes();
  bool positive = true;
  for (int64_t i = 0; i < spatial; ++i) positive = positive && in[2 + i] > 0 && out[i] > 0;
  if (spatial == 1) {
    TP_CHECK(positive, RuntimeError,
             "Input and output sizes should be greater than 0, but got input (W: ", in[2],
             ") and output (W: ", out[0], ")");
  } else if (spatial == 2) {
    TP_CHECK(positive, RuntimeError,
             "Input and output sizes should be greater than 0, but got input (H: ", in[2],
             ", W: ", in[3], ") output (H: ", out[0], ", W: ", out[1], ")");
  } else {
    TP_CHECK(positive, RuntimeError,
             "Input and output sizes should be greater than 0, but got input (D: ", in[2], ", H: ", in[3],
             ", W: ", in[4], ") output (D: ", out[0], ", H: ", out[1], ", W: ", out[2], ")");
  }
  if (linear && spatial < 3) {  // ATen's trilinear kernel takes an empty batch
    TP_CHECK(input.numel() > 0, RuntimeError, "Non-empty ", spatial + 2,
             "D data tensor expected but got a tensor with sizes ", shape_str(in));
  }
}

// The upsampling to `out` (one size per spatial dim) with ATen's optional scales.
Tensor upsample_to(const Tensor& input, UpsampleMode mode, const Shape& out,
                   const std::vector<std::optional<double>>& scales, bool align_corners) {
  const size_t k = out.size();
  const int64_t spatial = static_cast<int64_t>(k);
  const bool nearest = mode == UpsampleMode::Nearest || mode == UpsampleMode::NearestExact;
  const DType compute = input.dtype() == DType::Float64 ? DType::Float64 : DType::Float32;
  const bool dbl = compute == DType::Float64;
  std::vector<Axis> axes;
  for (size_t j = 0; j < k; ++j) {
    const int64_t in = input.size(2 + j);
    if (nearest) {
      axes.push_back(nearest_axis(in, out[j], scales[j], mode == UpsampleMode::NearestExact));
    } else if (mode == UpsampleMode::Cubic) {
      axes.push_back(dbl ? cubic_axis<double>(in, out[j], align_corners, scales[j])
                         : cubic_axis<float>(in, out[j], align_corners, scales[j]));
    } else {
      axes.push_back(dbl ? linear_axis<double>(in, out[j], align_corners, scales[j])
                         : linear_axis<float>(in, out[j], align_corners, scales[j]));
    }
  }
  Shape in_sizes = input.sizes();
  return autograd::record_op(
      {input},
      [&] {
        if (nearest) return advanced_index(input, terms_of(axes, compute, input.device())[0].index);
        Tensor x = cast(input, compute);
        Tensor y = mode == UpsampleMode::Cubic ? interpolate_cubic(x, axes, compute)
                                               : interpolate_linear(x, axes, compute);
        return cast(y, input.dtype());
      },
      [&](const Tensor&) {
        std::vector<Term> terms = terms_of(axes, compute, input.device());
        std::string name = node_name(mode, spatial);
        std::string double_name = name.substr(0, name.size() - 1) + "Backward0";
        return autograd::make_node(
            name, {},
            [terms, in_sizes, double_name, mode, out, scales, align_corners](G g, G, N) {
              auto scatter = [&] {
                Tensor gc = cast(g[0], terms.front().weight.defined() ? terms.front().weight.dtype()
                                                                      : g[0].dtype());
                Tensor z = zeros(in_sizes, TensorOptions(gc.dtype(), g[0].device()));
                for (const Term& t : terms) {
                  advanced_index_put_(z, t.index, t.weight.defined() ? mul(gc, t.weight) : gc,
                                      /*accumulate=*/true);
                }
                return cast(z, g[0].dtype());
              };
              // The gradient of the gradient is this upsampling again (it is linear).
              auto again = [mode, out, scales, align_corners](const Tensor& gg) {
                return upsample_to(gg, mode, out, scales, align_corners);
              };
              return TensorList{autograd::linear_in_grad(double_name, g[0], scatter, again)};
            });
      });
}

}  // namespace

Tensor upsample(const Tensor& input, UpsampleMode mode, int64_t spatial,
                const std::optional<Shape>& output_size,
                const std::optional<std::vector<double>>& scale_factors, bool align_corners) {
  TP_CHECK(output_size.has_value() != scale_factors.has_value(), RuntimeError,
           "Must specify exactly one of output_size and scale_factors");
  TP_CHECK(input.dim() == spatial + 2, RuntimeError, "It is expected input_size equals to ",
           spatial + 2, ", but got size ", input.dim());
  const size_t k = static_cast<size_t>(spatial);
  Shape out;
  std::vector<std::optional<double>> scales(k);
  if (output_size) {
    TP_CHECK(output_size->size() == k, RuntimeError, "It is expected output_size equals to ",
             spatial, ", but got size ", output_size->size());
    out = *output_size;
  } else {
    TP_CHECK(scale_factors->size() == k, RuntimeError, "It is expected scale_factors equals to ",
             spatial, ", but got size ", scale_factors->size());
    for (size_t j = 0; j < k; ++j) {
      out.push_back(static_cast<int64_t>(static_cast<double>(input.size(2 + j)) * (*scale_factors)[j]));
      scales[j] = (*scale_factors)[j];
    }
  }
  check_sizes(input, mode, spatial, out);
  return upsample_to(input, mode, out, scales, align_corners);
}

}  // namespace tp::nn::functional
