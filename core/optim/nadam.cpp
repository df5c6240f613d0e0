// PyTorch's _single_tensor_nadam: step += 1; g = grad (negated when maximize), decay;
//   mu = beta1 * (1 - 0.5 * 0.96^(step * momentum_decay)), mu_next likewise at step + 1
//   mu_product *= mu (a float32 scalar); m.lerp_(g, 1 - beta1)
//   v.mul_(beta2).addcmul_(g, g, value=1 - beta2)
//   denom = (v / (1 - beta2^step)).sqrt() + eps
//   p.addcdiv_(g, denom, value=-lr * (1 - mu) / (1 - mu_product))
//   p.addcdiv_(m, denom, value=-lr * mu_next / (1 - mu_product * mu_next))
#include <cmath>

#include "core/autograd/autograd.h"
#include "core/ops/copy.h"
#include "core/ops/creation.h"
#include "core/ops/elementwise.h"
#include "core/optim/optimizers.h"
#include "core/optim/update_math.h"

namespace tp::optim {

void nadam_step(const Tensor& p, ParamState& state, const NadamOptions& o) {
  autograd::NoGradGuard no_grad;
  Tensor grad = autograd::grad(p);
  if (!grad.defined()) return;
  if (state.empty()) {
    state.set("step", new_step());
    state.set("mu_product", ones({}, TensorOptions(DType::Float32)));
    init_moments(state, p);
  }
  Tensor mu_product = state.get("mu_product");
  Tensor exp_avg = state.get("exp_avg");
  Tensor exp_avg_sq = state.get("exp_avg_sq");
  if (o.maximize) grad = neg(grad);
  const double step = count_step(state);
  const double bias_correction2 = 1 - std::pow(o.beta2, step);
  grad = decay(p, grad, o.lr, o.weight_decay, o.decoupled);
  const double mu = o.beta1 * (1.0 - 0.5 * std::pow(0.96, step * o.momentum_decay));
  const double mu_next = o.beta1 * (1.0 - 0.5 * std::pow(0.96, (step + 1) * o.momentum_decay));
  mul_(mu_product, Scalar(mu));
  lerp_(exp_avg, grad, 1 - o.beta1);
  average_square_(exp_avg_sq, grad, o.beta2);
  Tensor denom = add(sqrt(div(exp_avg_sq, Scalar(bias_correction2))), Scalar(o.eps));
  const double product = item(mu_product).to_double();
  addcdiv_(p, grad, denom, -o.lr * (1.0 - mu) / (1.0 - product));
  addcdiv_(p, exp_avg, denom, (-o.lr * mu_next) / (1.0 - product * mu_next));
}

}  // namespace tp::optim
