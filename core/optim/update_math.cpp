#include "core/optim/update_math.h"

#include <cmath>

#include "core/ops/copy.h"
#include "core/ops/creation.h"
#include "core/ops/elementwise.h"

namespace tp::optim {

Tensor fma(const Tensor& a, const Tensor& b, const Tensor& c) {
  if (c.dtype() != DType::Float32) return add(c, mul(a, b));
  auto f64 = [](const Tensor& t) { return cast(t, DType::Float64); };
  return cast(add(mul(f64(a), f64(b)), f64(c)), DType::Float32);
}

Tensor fma(const Tensor& a, double b, const Tensor& c) {
  if (c.dtype() != DType::Float32) return add(c, a, Scalar(b));
  Scalar b32(static_cast<double>(static_cast<float>(b)));
  return cast(add(mul(cast(a, DType::Float64), b32), cast(c, DType::Float64)), DType::Float32);
}

void assign(const Tensor& t, const Tensor& value) { copy_(t, value); }

void lerp_(const Tensor& t, const Tensor& end, double weight) {
  if (std::abs(weight) < 0.5) assign(t, fma(sub(end, t), weight, t));
  else assign(t, fma(sub(end, t), static_cast<float>(weight) - 1.0f, end));
}

void average_square_(const Tensor& v, const Tensor& g, double decay) {
  mul_(v, Scalar(decay));
  assign(v, fma(mul(g, Scalar(1 - decay)), g, v));  // (value * g) * g + v
}

void addcdiv_(const Tensor& p, const Tensor& num, const Tensor& denom, double value) {
  add_(p, div(mul(num, Scalar(value)), denom));
}

Tensor step_grad(const Tensor& p, const Tensor& grad, bool maximize, double weight_decay) {
  Tensor g = maximize ? neg(grad) : grad;
  return weight_decay != 0 ? fma(p, weight_decay, g) : g;
}

Tensor decay(const Tensor& p, const Tensor& grad, double lr, double weight_decay, bool decoupled) {
  if (weight_decay == 0) return grad;
  if (!decoupled) return fma(p, weight_decay, grad);
  mul_(p, Scalar(1 - lr * weight_decay));
  return grad;
}

Tensor new_step() { return zeros({}, TensorOptions(DType::Float32)); }

double count_step(const ParamState& state) {
  Tensor step_t = state.get("step");
  add_(step_t, Scalar(1));
  return item(step_t).to_double();
}

void init_moments(ParamState& state, const Tensor& p) {
  state.set("exp_avg", zeros_like(p));
  state.set("exp_avg_sq", zeros_like(p));
}

}  // namespace tp::optim
