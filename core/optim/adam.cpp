// Adam's update, as torch/optim/adam.py _single_tensor_adam (not capturable):
//   step += 1; g = grad (negated when maximize)
//   weight decay: p *= 1 - lr * wd (AdamW) or g += wd * p (Adam)
//   m = lerp(m, g, 1 - beta1); v = beta2 * v + (1 - beta2) * g * g
//   denom = sqrt(max(v_max, v) or v) / sqrt(1 - beta2^step) + eps
//   p -= lr / (1 - beta1^step) * m / denom
#include "core/optim/adam.h"

#include <cmath>

#include "core/autograd/autograd.h"
#include "core/error.h"
#include "core/ops/copy.h"
#include "core/ops/creation.h"
#include "core/ops/elementwise.h"

namespace tp::optim {

namespace {

std::string value_str(const Scalar& s) { return option_str(OptionValue(s)); }

Options adam_defaults(const AdamOptions& o, bool decoupled) {
  double b0 = o.betas.first.to_double(), b1 = o.betas.second.to_double();
  TP_CHECK(o.lr.to_double() >= 0.0, ValueError, "Invalid learning rate: ", value_str(o.lr));
  TP_CHECK(o.eps.to_double() >= 0.0, ValueError, "Invalid epsilon value: ", value_str(o.eps));
  TP_CHECK(b0 >= 0.0 && b0 < 1.0, ValueError, "Invalid beta parameter at index 0: ",
           value_str(o.betas.first));
  TP_CHECK(b1 >= 0.0 && b1 < 1.0, ValueError, "Invalid beta parameter at index 1: ",
           value_str(o.betas.second));
  TP_CHECK(o.weight_decay.to_double() >= 0.0, ValueError, "Invalid weight_decay value: ",
           value_str(o.weight_decay));
  return {{"lr", o.lr},
          {"betas", o.betas},
          {"eps", o.eps},
          {"weight_decay", o.weight_decay},
          {"amsgrad", o.amsgrad},
          {"maximize", o.maximize},
          {"foreach", std::monostate{}},
          {"capturable", false},
          {"differentiable", false},
          {"fused", std::monostate{}},
          {"decoupled_weight_decay", decoupled}};
}

}  // namespace

Adam::Adam(std::vector<ParamGroup> groups, const AdamOptions& options)
    : Adam("Adam", false, std::move(groups), options) {}

Adam::Adam(const char* name, bool decoupled, std::vector<ParamGroup> groups, const AdamOptions& options)
    : Optimizer(name, std::move(groups), adam_defaults(options, decoupled)) {}

AdamOptions AdamW::default_options() {
  AdamOptions o;
  o.weight_decay = 1e-2;
  return o;
}

AdamW::AdamW(std::vector<ParamGroup> groups, const AdamOptions& options)
    : Adam("AdamW", true, std::move(groups), options) {}

void Adam::step() {
  autograd::NoGradGuard no_grad;
  for (const ParamGroup& group : param_groups()) {
    const double lr = group.number("lr");
    const auto [beta1, beta2] = group.pair("betas");
    const double eps = group.number("eps");
    const double weight_decay = group.number("weight_decay");
    const bool amsgrad = group.flag("amsgrad");
    const bool maximize = group.flag("maximize");
    const bool decoupled = group.flag("decoupled_weight_decay");
    for (const Tensor& p : group.params) {
      Tensor grad = autograd::grad(p);
      if (!grad.defined()) continue;
      ParamState& st = state(p);
      if (st.empty()) {
        // As PyTorch: step is a float32 CPU scalar, the moments live beside the parameter.
        st["step"] = zeros({}, TensorOptions(DType::Float32));
        st["exp_avg"] = zeros_like(p);
        st["exp_avg_sq"] = zeros_like(p);
        if (amsgrad) st["max_exp_avg_sq"] = zeros_like(p);
      }
      Tensor exp_avg = st["exp_avg"];
      Tensor exp_avg_sq = st["exp_avg_sq"];
      if (maximize) grad = neg(grad);
      add_(st["step"], Scalar(1));
      if (weight_decay != 0) {
        if (decoupled) mul_(p, Scalar(1 - lr * weight_decay));
        else grad = add(grad, p, Scalar(weight_decay));
      }
      // exp_avg.lerp_(grad, 1 - beta1): for weights below 0.5 lerp is m + w * (g - m).
      add_(exp_avg, sub(grad, exp_avg), Scalar(1 - beta1));
      mul_(exp_avg_sq, Scalar(beta2));
      add_(exp_avg_sq, mul(grad, grad), Scalar(1 - beta2));
      const double step = item(st["step"]).to_double();
      const double bias_correction1 = 1 - std::pow(beta1, step);
      const double bias_correction2 = 1 - std::pow(beta2, step);
      const double step_size = lr / bias_correction1;
      const double bias_correction2_sqrt = std::sqrt(bias_correction2);
      Tensor second = exp_avg_sq;
      if (amsgrad) {
        Tensor& max_sq = st["max_exp_avg_sq"];
        copy_(max_sq, maximum(max_sq, exp_avg_sq));
        second = max_sq;
      }
      Tensor denom = add(div(sqrt(second), Scalar(bias_correction2_sqrt)), Scalar(eps));
      add_(p, div(exp_avg, denom), Scalar(-step_size));
    }
  }
}

}  // namespace tp::optim
