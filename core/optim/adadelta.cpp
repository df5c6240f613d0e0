// PyTorch's _single_tensor_adadelta:
//   step += 1; g = grad (negated when maximize), g = g.add(p, alpha=weight_decay)
//   square_avg.mul_(rho).addcmul_(g, g, value=1 - rho)
//   delta = (acc_delta + eps).sqrt() / (square_avg + eps).sqrt() * g
//   acc_delta.mul_(rho).addcmul_(delta, delta, value=1 - rho);  p.add_(delta, alpha=-lr)
#include "core/autograd/autograd.h"
#include "core/ops/creation.h"
#include "core/ops/elementwise.h"
#include "core/optim/optimizers.h"
#include "core/optim/update_math.h"

namespace tp::optim {

void adadelta_step(const Tensor& p, ParamState& state, const AdadeltaOptions& o) {
  autograd::NoGradGuard no_grad;
  Tensor grad = autograd::grad(p);
  if (!grad.defined()) return;
  if (state.empty()) {
    state.set("step", new_step());
    state.set("square_avg", zeros_like(p));
    state.set("acc_delta", zeros_like(p));
  }
  Tensor square_avg = state.get("square_avg");
  Tensor acc_delta = state.get("acc_delta");
  count_step(state);
  grad = step_grad(p, grad, o.maximize, o.weight_decay);
  average_square_(square_avg, grad, o.rho);
  Tensor std = sqrt(add(square_avg, Scalar(o.eps)));
  Tensor delta = mul(div(sqrt(add(acc_delta, Scalar(o.eps))), std), grad);
  average_square_(acc_delta, delta, o.rho);
  assign(p, fma(delta, -o.lr, p));
}

}  // namespace tp::optim
