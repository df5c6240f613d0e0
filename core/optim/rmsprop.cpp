// PyTorch's _single_tensor_rmsprop:
//   g = grad (negated when maximize); step += 1; g = g.add(p, alpha=weight_decay)
//   square_avg.mul_(alpha).addcmul_(g, g, value=1 - alpha)
//   avg = sqrt(square_avg - grad_avg^2) with grad_avg.lerp_(g, 1 - alpha) (centered), else
//   sqrt(square_avg); avg += eps
//   buf.mul_(momentum).addcdiv_(g, avg); p.add_(buf, alpha=-lr) (momentum), else
//   p.addcdiv_(g, avg, value=-lr)
#include "core/autograd/autograd.h"
#include "core/ops/creation.h"
#include "core/ops/elementwise.h"
#include "core/optim/optimizers.h"
#include "core/optim/update_math.h"

namespace tp::optim {

void rmsprop_step(const Tensor& p, ParamState& state, const RmspropOptions& o) {
  autograd::NoGradGuard no_grad;
  Tensor grad = autograd::grad(p);
  if (!grad.defined()) return;
  if (state.empty()) {
    state.set("step", new_step());
    state.set("square_avg", zeros_like(p));
    if (o.momentum > 0) state.set("momentum_buffer", zeros_like(p));
    if (o.centered) state.set("grad_avg", zeros_like(p));
  }
  Tensor square_avg = state.get("square_avg");
  count_step(state);
  grad = step_grad(p, grad, o.maximize, o.weight_decay);
  average_square_(square_avg, grad, o.alpha);
  Tensor avg;
  if (o.centered) {
    Tensor grad_avg = state.get("grad_avg");
    lerp_(grad_avg, grad, 1 - o.alpha);
    avg = sqrt(fma(neg(grad_avg), grad_avg, square_avg));  // addcmul(value=-1)
  } else {
    avg = sqrt(square_avg);
  }
  avg = add(avg, Scalar(o.eps));
  if (o.momentum > 0) {
    Tensor buf = state.get("momentum_buffer");
    mul_(buf, Scalar(o.momentum));
    addcdiv_(buf, grad, avg, 1);
    assign(p, fma(buf, -o.lr, p));
  } else {
    addcdiv_(p, grad, avg, -o.lr);
  }
}

}  // namespace tp::optim
