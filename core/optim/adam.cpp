// PyTorch's _single_tensor_adam (not capturable), also AdamW's:
//   step += 1; g = grad (negated when maximize)
//   weight decay: p.mul_(1 - lr * wd) (decoupled, AdamW) or g = g.add(p, alpha=wd)
//   m.lerp_(g, 1 - beta1); v.mul_(beta2).addcmul_(g, g, value=1 - beta2)
//   denom = (sqrt(max(v_max, v) or v) / sqrt(1 - beta2^step)).add_(eps)
//   p.addcdiv_(m, denom, value=-lr / (1 - beta1^step))
#include <cmath>

#include "core/autograd/autograd.h"
#include "core/ops/copy.h"
#include "core/ops/creation.h"
#include "core/ops/elementwise.h"
#include "core/optim/optimizers.h"
#include "core/optim/update_math.h"

namespace tp::optim {

void adam_step(const Tensor& p, ParamState& state, const AdamOptions& o) {
  autograd::NoGradGuard no_grad;
  Tensor grad = autograd::grad(p);
  if (!grad.defined()) return;
  if (state.empty()) {
    // As PyTorch: step is a float32 CPU scalar, the moments live beside the parameter.
    state.set("step", new_step());
    init_moments(state, p);
    if (o.amsgrad) state.set("max_exp_avg_sq", zeros_like(p));
  }
  Tensor step_t = state.get("step");
  Tensor exp_avg = state.get("exp_avg");
  Tensor exp_avg_sq = state.get("exp_avg_sq");
  if (o.maximize) grad = neg(grad);
  add_(step_t, Scalar(1));
  if (o.weight_decay != 0) {
    if (o.decoupled) mul_(p, Scalar(1 - o.lr * o.weight_decay));
    else grad = fma(p, o.weight_decay, grad);
  }
  lerp_(exp_avg, grad, 1 - o.beta1);
  average_square_(exp_avg_sq, grad, o.beta2);
  const double step = item(step_t).to_double();
  const double step_size = o.lr / (1 - std::pow(o.beta1, step));
  const double bias_correction2_sqrt = std::sqrt(1 - std::pow(o.beta2, step));
  Tensor second = exp_avg_sq;
  if (o.amsgrad) {
    // amsgrad switched on after the first step: the maximum starts from zeros.
    if (!state.contains("max_exp_avg_sq")) state.set("max_exp_avg_sq", zeros_like(p));
    Tensor max_sq = state.get("max_exp_avg_sq");
    assign(max_sq, maximum(max_sq, exp_avg_sq));
    second = max_sq;
  }
  Tensor denom = add(div(sqrt(second), Scalar(bias_correction2_sqrt)), Scalar(o.eps));
  addcdiv_(p, exp_avg, denom, -step_size);
}

}  // namespace tp::optim
