// PyTorch's _single_tensor_sgd:
//   g = grad (negated when maximize); g = g.add(p, alpha=weight_decay)
//   buf = clone(g) (first step) or buf.mul_(momentum).add_(g, alpha=1 - dampening)
//   g = g.add(buf, alpha=momentum) (nesterov) or buf;  p.add_(g, alpha=-lr)
#include "core/autograd/autograd.h"
#include "core/ops/copy.h"
#include "core/ops/elementwise.h"
#include "core/optim/optimizers.h"
#include "core/optim/update_math.h"

namespace tp::optim {

void sgd_step(const Tensor& p, ParamState& state, const SgdOptions& o) {
  autograd::NoGradGuard no_grad;
  Tensor grad = autograd::grad(p);
  if (!grad.defined()) return;
  if (o.maximize) grad = neg(grad);
  if (o.weight_decay != 0) grad = fma(p, o.weight_decay, grad);
  if (o.momentum != 0) {
    Tensor buf;
    if (!state.holds_tensor("momentum_buffer")) {
      buf = clone(grad);
      state.set("momentum_buffer", buf);
    } else {
      buf = state.get("momentum_buffer");
      mul_(buf, Scalar(o.momentum));
      assign(buf, fma(grad, 1 - o.dampening, buf));
    }
    grad = o.nesterov ? fma(buf, o.momentum, grad) : buf;
  }
  assign(p, fma(grad, -o.lr, p));
}

}  // namespace tp::optim
