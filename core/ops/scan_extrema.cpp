// cummax/cummin/logcumsumexp composed of elementwise ops stepping along dim one slice at a
// time: each step is ATen's sequential CPU recurrence applied to every row at once, so the
// values (and float rounding) are the CPU kernel's on every backend.
#include "core/ops/scan_extrema.h"

#include <limits>

#include "core/autograd/autograd.h"
#include "core/autograd/grad_utils.h"
#include "core/error.h"
#include "core/ops/copy.h"
#include "core/ops/creation.h"
#include "core/ops/elementwise.h"
#include "core/ops/index_dim.h"
#include "core/ops/rearrange.h"
#include "core/ops/shape.h"

namespace tp {

namespace {

using autograd::make_node;
using G = const TensorList&;
using N = const Node&;

// cummax_cummin_helper: the running value moves to element i when it is NaN, or when the
// running value is not NaN and `x[i] >= best` (<= for cummin).
ValuesIndices running_extreme(const Tensor& x, int64_t dim, bool largest) {
  Tensor values = empty(x.sizes(), TensorOptions(x.dtype(), x.device()));
  Tensor indices = empty(x.sizes(), TensorOptions(DType::Int64, x.device()));
  if (x.dim() == 0) {
    copy_(values, x);
    fill_(indices, Scalar(0));
    return {values, indices};
  }
  const int64_t n = x.sizes()[dim];
  if (n == 0) return {values, indices};
  Tensor best = select(x, dim, 0);
  Tensor best_at = zeros(best.sizes(), TensorOptions(DType::Int64, x.device()));
  const bool floating = is_floating(x.dtype());
  for (int64_t i = 0; i < n; ++i) {
    Tensor xi = select(x, dim, i);
    if (i > 0) {
      Tensor moves = largest ? ge(xi, best) : le(xi, best);
      if (floating) moves = logical_or(isnan(xi), logical_and(logical_not(isnan(best)), moves));
      best = where(moves, xi, best);
      best_at = where(moves, Scalar(i), best_at);
    }
    copy_(select(values, dim, i), best);
    copy_(select(indices, dim, i), best_at);
  }
  return {values, indices};
}

ValuesIndices recorded_extreme(const char* node, const Tensor& x, int64_t dim, bool largest) {
  dim = x.dim() == 0 ? wrap_dim(dim, 1) : wrap_dim(dim, x.dim());
  ValuesIndices r;
  Shape shape = x.sizes();
  Tensor values = autograd::record_op(
      {x},
      [&] {
        r = running_extreme(x, dim, largest);
        return r.values;
      },
      [&](const Tensor&) {
        // cummaxmin_backward: each gradient goes back to where its value came from.
        return make_node(node, {r.indices}, [shape, dim](G g, G s, N) {
          if (shape.empty()) return TensorList{g[0]};
          Tensor zero = zeros(shape, TensorOptions(g[0].dtype(), g[0].device()));
          return TensorList{scatter(zero, dim, s[0], g[0], true)};
        });
      });
  return {values, r.indices};
}

// ATen's _log_add_exp_helper(x, y) on tensors: max + log1p(exp(min - max)), except that two
// equal infinities give x (NaN propagates through min/max).
Tensor log_add_exp(const Tensor& x, const Tensor& y) {
  Tensor lo = minimum(x, y), hi = maximum(x, y);
  Tensor general = add(hi, log1p(exp(sub(lo, hi))));
  return where(logical_or(ne(lo, hi), isfinite(lo)), general, x);
}

Tensor logcumsumexp_values(const Tensor& x, int64_t dim) {
  if (x.dim() == 0) return clone(x);
  // at::acc_type<scalar_t, /*is_cuda=*/false>: double for float32/float64, float for 16-bit.
  const DType acc_dtype = x.dtype() == DType::Float64 || x.dtype() == DType::Float32 ? DType::Float64 : DType::Float32;
  Tensor out = empty(x.sizes(), TensorOptions(x.dtype(), x.device()));
  const int64_t n = x.sizes()[dim];
  if (n == 0) return out;
  Tensor acc = cast(x, acc_dtype);
  Tensor running = full(select(acc, dim, 0).sizes(), Scalar(-std::numeric_limits<double>::infinity()), acc_dtype,
                        x.device());
  for (int64_t i = 0; i < n; ++i) {
    running = log_add_exp(select(acc, dim, i), running);
    copy_(select(out, dim, i), running);
  }
  return out;
}

Tensor reverse_logcumsumexp(const Tensor& x, int64_t dim) { return flip(logcumsumexp(flip(x, {dim}), dim), {dim}); }

// logcumsumexp_backward (FunctionsManual.cpp): the positive and negative parts of the
// gradient go through reversed logcumsumexps in log space.
Tensor logcumsumexp_grad(const Tensor& grad, const Tensor& self, const Tensor& result, int64_t dim) {
  if (grad.dim() == 0 || grad.numel() == 0) return grad;
  const double lowest = grad.dtype() == DType::Float64 ? std::numeric_limits<double>::lowest()
                                                        : static_cast<double>(std::numeric_limits<float>::lowest());
  Tensor grad_min = full({}, Scalar(lowest), grad.dtype(), grad.device());
  Tensor log_abs_grad = log(abs(grad));
  Tensor log_grad_positive = where(gt(grad, Scalar(0)), log_abs_grad, grad_min);
  Tensor log_grad_negative = where(lt(grad, Scalar(0)), log_abs_grad, grad_min);
  Tensor output_pos = exp(add(reverse_logcumsumexp(sub(log_grad_positive, result), dim), self));
  Tensor output_neg = exp(add(reverse_logcumsumexp(sub(log_grad_negative, result), dim), self));
  return sub(output_pos, output_neg);
}

}  // namespace

ValuesIndices cummax(const Tensor& x, int64_t dim) { return recorded_extreme("CummaxBackward0", x, dim, true); }
ValuesIndices cummin(const Tensor& x, int64_t dim) { return recorded_extreme("CumminBackward0", x, dim, false); }

Tensor logcumsumexp(const Tensor& x, int64_t dim) {
  dim = x.dim() == 0 ? wrap_dim(dim, 1) : wrap_dim(dim, x.dim());
  TP_CHECK(is_floating(x.dtype()), NotImplementedError, "\"logcumsumexp_out_cpu\" not implemented for '",
           dtype_legacy_name(x.dtype()), "'");
  return autograd::record_op(
      {x}, [&] { return logcumsumexp_values(x, dim); },
      [&](const Tensor& result) {
        return make_node("LogcumsumexpBackward0", {x, result},
                         [dim](G g, G s, N) { return TensorList{logcumsumexp_grad(g[0], s[0], s[1], dim)}; });
      });
}

}  // namespace tp
