// SGD's update, as torch/optim/sgd.py _single_tensor_sgd:
//   g = grad (negated when maximize) + weight_decay * p
//   buf = g (first step) or momentum * buf + (1 - dampening) * g
//   g = g + momentum * buf (nesterov) or buf;  p -= lr * g
#include "core/optim/sgd.h"

#include "core/autograd/autograd.h"
#include "core/error.h"
#include "core/ops/copy.h"
#include "core/ops/elementwise.h"

namespace tp::optim {

namespace {

// Python's f"{value}" for the messages.
std::string value_str(const Scalar& s) { return option_str(OptionValue(s)); }

Options sgd_defaults(const SGDOptions& o) {
  TP_CHECK(o.lr.to_double() >= 0.0, ValueError, "Invalid learning rate: ", value_str(o.lr));
  TP_CHECK(o.momentum.to_double() >= 0.0, ValueError, "Invalid momentum value: ", value_str(o.momentum));
  TP_CHECK(o.weight_decay.to_double() >= 0.0, ValueError, "Invalid weight_decay value: ",
           value_str(o.weight_decay));
  TP_CHECK(!o.nesterov || (o.momentum.to_double() > 0 && o.dampening.to_double() == 0), ValueError,
           "Nesterov momentum requires a momentum and zero dampening");
  return {{"lr", o.lr},
          {"momentum", o.momentum},
          {"dampening", o.dampening},
          {"weight_decay", o.weight_decay},
          {"nesterov", o.nesterov},
          {"maximize", o.maximize},
          {"foreach", std::monostate{}},
          {"differentiable", false},
          {"fused", std::monostate{}}};
}

}  // namespace

SGD::SGD(std::vector<ParamGroup> groups, const SGDOptions& options)
    : Optimizer("SGD", std::move(groups), sgd_defaults(options)) {}

void SGD::step() {
  autograd::NoGradGuard no_grad;
  for (const ParamGroup& group : param_groups()) {
    const double lr = group.number("lr");
    const double momentum = group.number("momentum");
    const double dampening = group.number("dampening");
    const double weight_decay = group.number("weight_decay");
    const bool nesterov = group.flag("nesterov");
    const bool maximize = group.flag("maximize");
    for (const Tensor& p : group.params) {
      Tensor grad = autograd::grad(p);
      if (!grad.defined()) continue;
      if (maximize) grad = neg(grad);
      if (weight_decay != 0) grad = add(grad, p, Scalar(weight_decay));
      if (momentum != 0) {
        ParamState& st = state(p);
        auto it = st.find("momentum_buffer");
        Tensor buf;
        if (it == st.end()) {
          buf = clone(grad);
          st["momentum_buffer"] = buf;
        } else {
          buf = it->second;
          mul_(buf, Scalar(momentum));
          add_(buf, grad, Scalar(1 - dampening));
        }
        grad = nesterov ? add(grad, buf, Scalar(momentum)) : buf;
      }
      add_(p, grad, Scalar(-lr));
    }
  }
}

}  // namespace tp::optim
