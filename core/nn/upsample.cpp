// Upsampling: ATen's size checks (UpSample.h's upsample_*_common_check), its source indices and
// weights (nearest_idx, nearest_exact_idx, compute_indices_weights_linear) computed on the host,
// then gathers and products as core ops. The gradient scatters back with index_put(accumulate).
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

// Per spatial dim: the source index of each output position, and for linear modes the second
// source and both weights (l0 for i0, l1 for i1).
struct Axis {
  std::vector<int64_t> i0, i1;
  std::vector<double> l0, l1;  // values of the compute dtype (float or double)
};

// ATen's compute_scales_value: 1 / scale when one was given, else in / out.
template <typename T>
T scale_value(std::optional<double> scale, int64_t in, int64_t out) {
  return scale && *scale > 0 ? static_cast<T>(1.0 / *scale)
                             : static_cast<T>(in) / static_cast<T>(out);
}

Axis nearest_axis(int64_t in, int64_t out, std::optional<double> scale, bool exact) {
  Axis a;
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
    a.i0.push_back(std::min(src, in - 1));
  }
  return a;
}

// compute_indices_weights_linear in the opmath type T (the generic kernel's: every step
// rounded, -ffp-contract=off keeps them apart here).
template <typename T>
Axis linear_axis(int64_t in, int64_t out, bool align_corners, std::optional<double> scale) {
  Axis a;
  T s;
  if (align_corners) {
    s = out > 1 ? static_cast<T>(in - 1) / static_cast<T>(out - 1) : T(0);
  } else {
    s = scale_value<T>(scale, in, out);
  }
  for (int64_t i = 0; i < out; ++i) {
    const T real = align_corners ? s * static_cast<T>(i)
                                 : std::max(s * (static_cast<T>(i) + T(0.5)) - T(0.5), T(0));
    const int64_t i0 = std::min(static_cast<int64_t>(std::floor(real)), in - 1);
    const T l1 = std::min(std::max(real - static_cast<T>(i0), T(0)), T(1));
    a.i0.push_back(i0);
    a.i1.push_back(i0 + (i0 < in - 1 ? 1 : 0));
    a.l0.push_back(static_cast<double>(T(1) - l1));
    a.l1.push_back(static_cast<double>(l1));
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

// One term of the interpolation: the sources picked by `corner` (bit j: i1 rather than i0 on
// axis j) and the product of their weights.
struct Term {
  std::vector<Tensor> index;  // for advanced_index: the leading (N, C) dims whole
  Tensor weight;              // undefined for nearest modes
};

std::vector<Term> terms_of(const std::vector<Axis>& axes, bool linear, DType dtype, Device device) {
  const size_t k = axes.size();
  std::vector<Term> terms;
  const size_t corners = linear ? (size_t{1} << k) : 1;
  for (size_t corner = 0; corner < corners; ++corner) {
    Term t;
    t.index.resize(2);
    for (size_t j = 0; j < k; ++j) {
      const bool second = (corner >> (k - 1 - j)) & 1;  // the first axis varies slowest
      t.index.push_back(index_tensor(second ? axes[j].i1 : axes[j].i0, k, j, device));
      if (!linear) continue;
      Tensor w = weight_tensor(second ? axes[j].l1 : axes[j].l0, k, j, dtype, device);
      t.weight = t.weight.defined() ? mul(t.weight, w) : w;
    }
    terms.push_back(std::move(t));
  }
  return terms;
}

// ATen's generic kernel, one dim at a time from the last: t = fma(x0, l0, x1 * l1).
Tensor interpolate_linear(const Tensor& x, const std::vector<Axis>& axes, DType dtype) {
  const size_t k = axes.size();
  auto weight = [&](size_t j, bool second) {
    return weight_tensor(second ? axes[j].l1 : axes[j].l0, k, j, dtype, x.device());
  };
  auto lerp = [&](const Tensor& a, const Tensor& b, size_t j) {
    return fused_multiply_add(a, weight(j, false), mul(b, weight(j, true)));
  };
  auto at = [&](bool h1, bool w1) {
    std::vector<Tensor> idx(2);
    if (k == 2) idx.push_back(index_tensor(h1 ? axes[0].i1 : axes[0].i0, k, 0, x.device()));
    idx.push_back(index_tensor(w1 ? axes[k - 1].i1 : axes[k - 1].i0, k, k - 1, x.device()));
    return advanced_index(x, idx);
  };
  if (k == 1) return lerp(at(false, false), at(false, true), 0);
  Tensor t0 = lerp(at(false, false), at(false, true), 1);
  Tensor t1 = lerp(at(true, false), at(true, true), 1);
  return lerp(t0, t1, 0);
}

const char* node_name(UpsampleMode mode, int64_t spatial) {
  switch (mode) {
    case UpsampleMode::Nearest:
      return spatial == 1 ? "UpsampleNearest1DBackward0" : "UpsampleNearest2DBackward0";
    case UpsampleMode::NearestExact:
      return spatial == 1 ? "UpsampleNearestExact1DBackward0" : "UpsampleNearestExact2DBackward0";
    case UpsampleMode::Linear:
      return spatial == 1 ? "UpsampleLinear1DBackward0" : "UpsampleBilinear2DBackward0";
  }
  return "";
}

void check_sizes(const Tensor& input, UpsampleMode mode, int64_t spatial, const Shape& out) {
  const bool linear = mode == UpsampleMode::Linear;
  const DType dt = input.dtype();
  if (!is_floating(dt) && !(dt == DType::UInt8 && !linear)) {
    const char* kernel = linear ? (spatial == 1 ? "compute_indices_weights_linear"
                                                : "upsample_bilinear2d_channels_last")
                                : (spatial == 1 ? "upsample_nearest1d" : "upsample_nearest2d_channels_last");
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
  } else {
    TP_CHECK(positive, RuntimeError,
             "Input and output sizes should be greater than 0, but got input (H: ", in[2],
             ", W: ", in[3], ") output (H: ", out[0], ", W: ", out[1], ")");
  }
  if (linear) {
    TP_CHECK(input.numel() > 0, RuntimeError, "Non-empty ", spatial + 2,
             "D data tensor expected but got a tensor with sizes ", shape_str(in));
  }
}

// The upsampling to `out` (one size per spatial dim) with ATen's optional scales.
Tensor upsample_to(const Tensor& input, UpsampleMode mode, const Shape& out,
                   const std::vector<std::optional<double>>& scales, bool align_corners) {
  const size_t k = out.size();
  const int64_t spatial = static_cast<int64_t>(k);
  const bool linear = mode == UpsampleMode::Linear;
  const DType compute = input.dtype() == DType::Float64 ? DType::Float64 : DType::Float32;
  std::vector<Axis> axes;
  for (size_t j = 0; j < k; ++j) {
    const int64_t in = input.size(2 + j);
    if (!linear) {
      axes.push_back(nearest_axis(in, out[j], scales[j], mode == UpsampleMode::NearestExact));
    } else if (compute == DType::Float64) {
      axes.push_back(linear_axis<double>(in, out[j], align_corners, scales[j]));
    } else {
      axes.push_back(linear_axis<float>(in, out[j], align_corners, scales[j]));
    }
  }
  Shape in_sizes = input.sizes();
  return autograd::record_op(
      {input},
      [&] {
        if (!linear) return advanced_index(input, terms_of(axes, false, compute, input.device())[0].index);
        return cast(interpolate_linear(cast(input, compute), axes, compute), input.dtype());
      },
      [&](const Tensor&) {
        std::vector<Term> terms = terms_of(axes, linear, compute, input.device());
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
