// PyTorch's _single_tensor_radam: step += 1; g = grad (negated when maximize), decay; the
// moments as Adam's; m_hat = m / (1 - beta1^step);
//   rho_t = rho_inf - 2 step beta2^step / (1 - beta2^step)
//   rho_t > 5: p -= m_hat * lr * (1 / (v.sqrt() + eps) * sqrt(1 - beta2^step)) * rect
//   else:      p -= m_hat * lr
#include <cmath>

#include "core/autograd/autograd.h"
#include "core/ops/elementwise.h"
#include "core/optim/optimizers.h"
#include "core/optim/update_math.h"

namespace tp::optim {

void radam_step(const Tensor& p, ParamState& state, const RadamOptions& o) {
  autograd::NoGradGuard no_grad;
  Tensor grad = autograd::grad(p);
  if (!grad.defined()) return;
  if (state.empty()) {
    state.set("step", new_step());
    init_moments(state, p);
  }
  Tensor exp_avg = state.get("exp_avg");
  Tensor exp_avg_sq = state.get("exp_avg_sq");
  if (o.maximize) grad = neg(grad);
  const double step = count_step(state);
  grad = decay(p, grad, o.lr, o.weight_decay, o.decoupled);
  lerp_(exp_avg, grad, 1 - o.beta1);
  average_square_(exp_avg_sq, grad, o.beta2);
  const double bias_correction1 = 1 - std::pow(o.beta1, step);
  const double bias_correction2 = 1 - std::pow(o.beta2, step);
  Tensor update = mul(div(exp_avg, Scalar(bias_correction1)), Scalar(o.lr));
  const double rho_inf = 2 / (1 - o.beta2) - 1;
  const double rho_t = rho_inf - 2 * step * std::pow(o.beta2, step) / bias_correction2;
  if (rho_t > 5.0) {
    // float / tensor is reciprocal(tensor) * float in PyTorch (Tensor.__rtruediv__).
    Tensor adaptive =
        mul(reciprocal(add(sqrt(exp_avg_sq), Scalar(o.eps))), Scalar(std::pow(bias_correction2, 0.5)));
    const double rect =
        std::pow((rho_t - 4) * (rho_t - 2) * rho_inf / ((rho_inf - 4) * (rho_inf - 2) * rho_t), 0.5);
    update = mul(mul(update, adaptive), Scalar(rect));
  }
  sub_(p, update);
}

}  // namespace tp::optim
