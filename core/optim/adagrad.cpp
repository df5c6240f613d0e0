// PyTorch's _single_tensor_adagrad (dense): step += 1; g = grad (negated when maximize),
// g = g.add(p, alpha=weight_decay); clr = lr / (1 + (step - 1) * lr_decay)
//   sum.addcmul_(g, g, value=1); p.addcdiv_(g, sum.sqrt() + eps, value=-clr)
#include "core/autograd/autograd.h"
#include "core/ops/elementwise.h"
#include "core/optim/optimizers.h"
#include "core/optim/update_math.h"

namespace tp::optim {

void adagrad_step(const Tensor& p, ParamState& state, const AdagradOptions& o) {
  autograd::NoGradGuard no_grad;
  Tensor grad = autograd::grad(p);
  if (!grad.defined()) return;
  Tensor sum = state.get("sum");
  const double step = count_step(state);
  grad = step_grad(p, grad, o.maximize, o.weight_decay);
  const double clr = o.lr / (1 + (step - 1) * o.lr_decay);
  assign(sum, fma(grad, grad, sum));
  addcdiv_(p, grad, add(sqrt(sum), Scalar(o.eps)), -clr);
}

}  // namespace tp::optim
