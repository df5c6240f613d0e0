// PyTorch's _single_tensor_adamax: step += 1; g = grad (negated when maximize),
// g = g.add(p, alpha=weight_decay); exp_avg.lerp_(g, 1 - beta1)
//   exp_inf = maximum(exp_inf * beta2, |g| + eps); p.addcdiv_(exp_avg, exp_inf, value=-lr / (1 - beta1^step))
#include <cmath>

#include "core/autograd/autograd.h"
#include "core/ops/creation.h"
#include "core/ops/elementwise.h"
#include "core/optim/optimizers.h"
#include "core/optim/update_math.h"

namespace tp::optim {

void adamax_step(const Tensor& p, ParamState& state, const AdamaxOptions& o) {
  autograd::NoGradGuard no_grad;
  Tensor grad = autograd::grad(p);
  if (!grad.defined()) return;
  if (state.empty()) {
    state.set("step", new_step());
    state.set("exp_avg", zeros_like(p));
    state.set("exp_inf", zeros_like(p));
  }
  Tensor exp_avg = state.get("exp_avg");
  Tensor exp_inf = state.get("exp_inf");
  const double step = count_step(state);
  grad = step_grad(p, grad, o.maximize, o.weight_decay);
  lerp_(exp_avg, grad, 1 - o.beta1);
  mul_(exp_inf, Scalar(o.beta2));
  assign(exp_inf, maximum(exp_inf, add(abs(grad), Scalar(o.eps))));
  addcdiv_(p, exp_avg, exp_inf, -(o.lr / (1 - std::pow(o.beta1, step))));
}

}  // namespace tp::optim
