// cdist composed of elementwise ops: the direct path folds the columns in one at a time, which
// is ATen's sequential per-pair loop (DistanceOpsKernel.cpp), so its float32 values match the
// CPU kernel bit for bit; the matmul path is ATen's _euclidean_dist formula (its matmul sums
// in our BLAS's order, so it agrees with MKL's to float32 rounding). cross is three
// multiply-subtracts per component, as ATen's cross kernel computes them.
#include "core/ops/distance.h"

#include <cmath>
#include <limits>

#include "core/autograd/autograd.h"
#include "core/autograd/grad_utils.h"
#include "core/error.h"
#include "core/ops/device_check.h"
#include "core/ops/broadcast.h"
#include "core/ops/combine.h"
#include "core/ops/copy.h"
#include "core/ops/creation.h"
#include "core/ops/elementwise.h"
#include "core/ops/index_dim.h"
#include "core/ops/linalg.h"
#include "core/ops/reduce.h"
#include "core/ops/shape.h"

namespace tp {

namespace {

using autograd::make_node;
using G = const TensorList&;
using N = const Node&;

// (..., r1, 1, c) - (..., 1, r2, c): every pair's differences, for the gradients.
Tensor pair_differences(const Tensor& a, const Tensor& b) { return sub(unsqueeze(a, -2), unsqueeze(b, -3)); }

// Dist<scalar_t>'s map/red/finish for norm p over the columns of a and b (batch dims already
// broadcast): agg starts at 0 and takes the columns in order.
Tensor direct_distances(const Tensor& a, const Tensor& b, double p) {
  const int64_t c = a.sizes().back();
  const float p_value = static_cast<float>(p);  // ATen keeps p as scalar_t
  Tensor agg;
  for (int64_t k = 0; k < c; ++k) {
    Tensor diff = abs(sub(unsqueeze(select(a, -1, k), -1), unsqueeze(select(b, -1, k), -2)));
    Tensor term;
    if (p == 0) term = clamp_max(ceil(diff), Scalar(1));
    else if (p == 1 || std::isinf(p)) term = diff;
    else if (p == 2) term = mul(diff, diff);
    else term = pow(diff, a.dtype() == DType::Float64 ? Scalar(p) : Scalar(static_cast<double>(p_value)));
    if (std::isinf(p)) {
      // red is std::max(agg, term) from agg = 0: a NaN term never wins, as in ATen.
      agg = k == 0 ? zeros_like(term) : agg;
      agg = where(lt(agg, term), term, agg);
    } else {
      agg = k == 0 ? term : add(agg, term);  // ATen's agg starts at 0: 0 + term is term
    }
  }
  if (p == 2) return sqrt(agg);
  if (p == 0 || p == 1 || std::isinf(p)) return agg;
  // finish: std::pow(agg, 1.0 / p) in double, stored back as scalar_t.
  const double inv = 1.0 / (a.dtype() == DType::Float64 ? p : static_cast<double>(p_value));
  return cast(pow(cast(agg, DType::Float64), Scalar(inv)), a.dtype());
}

// _cdist_backward for one side: sum over the other side's rows of grad * d(dist)/d(a).
Tensor direct_grad(const Tensor& grad, const Tensor& a, const Tensor& b, double p, const Tensor& dist) {
  if (p == 0) return zeros_like(a);
  Tensor diff = pair_differences(a, b);  // (..., r1, r2, c)
  Tensor g = unsqueeze(grad, -1), d = unsqueeze(dist, -1);
  Tensor zero = zeros({}, TensorOptions(a.dtype(), a.device()));
  Tensor w;
  if (p == 1) {
    w = mul(sign(diff), g);
  } else if (p == 2) {
    w = where(eq(d, Scalar(0)), zero, div(mul(g, diff), d));
  } else if (std::isinf(p)) {
    w = mul(mul(g, sign(diff)), sub(Scalar(1), clamp_max(ceil(abs(sub(abs(diff), d))), Scalar(1))));
  } else if (p < 2) {
    Tensor skip = logical_or(eq(d, Scalar(0)), logical_and(eq(diff, Scalar(0)), full({}, p < 1, DType::Bool, a.device())));
    w = where(skip, zero, div(mul(mul(sign(diff), pow(abs(diff), Scalar(p - 1))), g), pow(d, Scalar(p - 1))));
  } else {
    w = where(eq(d, Scalar(0)), zero, div(mul(mul(diff, pow(abs(diff), Scalar(p - 2))), g), pow(d, Scalar(p - 1))));
  }
  return sum(w, {-2});
}

// _euclidean_dist: |a|^2 - 2 a.b + |b|^2 as one matmul of padded rows, clamped at 0.
Tensor euclidean_values(const Tensor& a, const Tensor& b) {
  Tensor a_norm = sum(pow(a, Scalar(2)), {-1}, true), b_norm = sum(pow(b, Scalar(2)), {-1}, true);
  Tensor a_ = cat({mul(a, Scalar(-2)), a_norm, ones_like(a_norm)}, -1);
  Tensor b_ = cat({b, ones_like(b_norm), b_norm}, -1);
  return sqrt(clamp_min(matmul(a_, transpose(b_, -2, -1)), Scalar(0)));
}

// EuclideanDistBackward0 (_euclidean_dist_backward): zero subgradient where the distance is 0.
Tensor euclidean_dist(const Tensor& a, const Tensor& b) {
  return autograd::record_op(
      {a, b}, [&] { return euclidean_values(a, b); },
      [&](const Tensor& result) {
        return make_node("EuclideanDistBackward0", {a, b, result}, [](G g, G s, N) {
          Tensor ratio = masked_fill(div(g[0], s[2]), eq(s[2], Scalar(0)), Scalar(0));
          Tensor ga = sub(mul(s[0], sum(ratio, {-1}, true)), matmul(ratio, s[1]));
          Tensor gb = sub(mul(s[1], unsqueeze(sum(ratio, {-2}), -1)), matmul(transpose(ratio, -2, -1), s[0]));
          return TensorList{ga, gb};
        });
      });
}

}  // namespace

Tensor cdist(const Tensor& x1, const Tensor& x2, double p, CdistMode mode) {
  TP_CHECK(x1.dim() >= 2, RuntimeError, "cdist only supports at least 2D tensors, X1 got: ", x1.dim(), "D");
  TP_CHECK(x2.dim() >= 2, RuntimeError, "cdist only supports at least 2D tensors, X2 got: ", x2.dim(), "D");
  const int64_t c = x1.sizes().back();
  TP_CHECK(c == x2.sizes().back(), RuntimeError, "X1 and X2 must have the same number of columns. X1: ", c,
           " X2: ", x2.sizes().back());
  TP_CHECK(is_floating(x1.dtype()), RuntimeError, "cdist only supports floating-point dtypes, X1 got: ",
           dtype_legacy_name(x1.dtype()));
  TP_CHECK(is_floating(x2.dtype()), RuntimeError, "cdist only supports floating-point dtypes, X2 got: ",
           dtype_legacy_name(x2.dtype()));
  TP_CHECK(p >= 0, RuntimeError, "cdist only supports non-negative p values");
  TP_CHECK(x1.dtype() == x2.dtype(), RuntimeError, "expected scalar type ", dtype_legacy_name(x1.dtype()),
           " but found ", dtype_legacy_name(x2.dtype()));
  check_same_device_args("__cdist_forward", {{"x1", &x1}, {"x2", &x2}});  // at::_cdist_forward's check
  const int64_t r1 = x1.sizes()[x1.dim() - 2], r2 = x2.sizes()[x2.dim() - 2];
  Shape batch1(x1.sizes().begin(), x1.sizes().end() - 2), batch2(x2.sizes().begin(), x2.sizes().end() - 2);
  Shape batch = broadcast_shapes(batch1, batch2);
  int64_t batch_product = 1;
  for (int64_t v : batch) batch_product *= v;
  Shape out_shape = batch;
  out_shape.push_back(r1);
  out_shape.push_back(r2);
  auto expanded = [&](const Tensor& x, int64_t r) {
    Shape full_shape = batch;
    full_shape.push_back(r);
    full_shape.push_back(c);
    return reshape(expand(x, full_shape), {batch_product, r, c});
  };
  const bool use_mm = p == 2 && (mode == CdistMode::UseMm || (mode == CdistMode::MmIfNecessary && (r1 > 25 || r2 > 25)));
  if (use_mm && x1.numel() != 0 && x2.numel() != 0 && c != 0)
    return view(euclidean_dist(expanded(x1, r1), expanded(x2, r2)), out_shape);
  // ATen's direct kernel is dispatched for float and double only.
  TP_CHECK(x1.dtype() == DType::Float32 || x1.dtype() == DType::Float64, NotImplementedError,
           "\"cdist\" not implemented for '", dtype_legacy_name(x1.dtype()), "'");
  Shape shape1 = x1.sizes(), shape2 = x2.sizes();
  return autograd::record_op(
      {x1, x2},
      [&] {
        if (r1 == 0 || r2 == 0 || batch_product == 0) return empty(out_shape, TensorOptions(x1.dtype(), x1.device()));
        if (c == 0) return zeros(out_shape, TensorOptions(x1.dtype(), x1.device()));
        return reshape(direct_distances(expanded(x1, r1), expanded(x2, r2), p), out_shape);
      },
      [&](const Tensor& result) {
        return make_node("CdistBackward0", {x1, x2, result}, [p, shape1, shape2](G g, G s, N n) {
          Shape b1(shape1.begin(), shape1.end() - 2), b2(shape2.begin(), shape2.end() - 2);
          Shape batch = broadcast_shapes(b1, b2);
          auto full = [&](const Tensor& x, const Shape& shape) {
            Shape to = batch;
            to.push_back(shape[shape.size() - 2]);
            to.push_back(shape.back());
            return expand(x, to);
          };
          Tensor a = full(s[0], shape1), b = full(s[1], shape2);
          Tensor ga, gb;
          if (n.needs(0)) ga = autograd::sum_to(direct_grad(g[0], a, b, p, s[2]), shape1);
          if (n.needs(1)) {
            Tensor gt = transpose(g[0], -2, -1), dt = transpose(s[2], -2, -1);
            gb = autograd::sum_to(direct_grad(gt, b, a, p, dt), shape2);
          }
          return TensorList{ga, gb};
        });
      });
}

Tensor linalg_cross(const Tensor& input, const Tensor& other, int64_t dim) {
  TP_CHECK(input.dim() == other.dim(), RuntimeError, "linalg.cross: inputs must have the same number of dimensions.");
  TP_CHECK(input.dim() > 0, IndexError, "Dimension specified as ", dim, " but tensor has no dimensions");
  const int64_t d = wrap_dim(dim, input.dim());
  TP_CHECK(input.sizes()[d] == 3 && other.sizes()[d] == 3, RuntimeError, "linalg.cross: inputs dimension ", dim,
           " must have length 3. Got ", input.sizes()[d], " and ", other.sizes()[d]);
  auto component = [d](const Tensor& a, const Tensor& b, int64_t i, int64_t j) {
    return sub(mul(select(a, d, i), select(b, d, j)), mul(select(a, d, j), select(b, d, i)));
  };
  TP_CHECK(input.dtype() != DType::Bool && other.dtype() != DType::Bool, NotImplementedError,
           "\"cross\" not implemented for 'Bool'");
  return autograd::record_op(
      {input, other},
      [&] {
        return stack({component(input, other, 1, 2), component(input, other, 2, 0), component(input, other, 0, 1)},
                     d);
      },
      [&](const Tensor&) {
        Shape in_shape = input.sizes(), other_shape = other.sizes();
        return make_node("LinalgCrossBackward0", {input, other}, [d, in_shape, other_shape](G g, G s, N n) {
          Tensor gi = n.needs(0) ? autograd::sum_to(linalg_cross(s[1], g[0], d), in_shape) : Tensor();
          Tensor go = n.needs(1) ? autograd::sum_to(linalg_cross(g[0], s[0], d), other_shape) : Tensor();
          return TensorList{gi, go};
        });
      });
}

Tensor cross(const Tensor& input, const Tensor& other, std::optional<int64_t> dim) {
  if (!dim) {
    for (int64_t i = 0; i < input.dim() && !dim; ++i)
      if (input.sizes()[i] == 3) dim = i;
    TP_CHECK(dim.has_value(), RuntimeError, "no dimension of size 3 in input");
  }
  return linalg_cross(input, other, *dim);
}

}  // namespace tp
