// The update kernels of torch.optim (torch/optim/*.py keeps the groups, state and texts):
// one parameter's SGD or Adam step, the same core ops in the same order as core/optim, so the
// numbers are PyTorch's _single_tensor_sgd / _single_tensor_adam bit for bit on CPU float32.
// The parameter's state is optimizer.state[p], a Python dict these kernels fill and update.
#include <cmath>

#include "core/autograd/autograd.h"
#include "core/ops/copy.h"
#include "core/ops/creation.h"
#include "core/ops/elementwise.h"
#include "repl/bindings/bindings.h"
#include "repl/bindings/py_types.h"

namespace tp::torchpy {

namespace {

// state["name"] as a tensor (the dict holds Python tensor objects).
Tensor state_tensor(const py::dict& state, const char* name) { return tensor_of(state[name]); }

// g = grad (negated when maximize) + weight_decay * p
// buf = g (first step) or momentum * buf + (1 - dampening) * g
// g = g + momentum * buf (nesterov) or buf;  p -= lr * g
void sgd_step(py::handle param, py::dict state, double lr, double momentum, double dampening, double weight_decay,
              bool nesterov, bool maximize) {
  const Tensor& p = tensor_of(param);
  autograd::NoGradGuard no_grad;
  Tensor grad = autograd::grad(p);
  if (!grad.defined()) return;
  if (maximize) grad = neg(grad);
  if (weight_decay != 0) grad = add(grad, p, Scalar(weight_decay));
  if (momentum != 0) {
    Tensor buf;
    if (!state.contains("momentum_buffer") || state["momentum_buffer"].is_none()) {
      buf = clone(grad);
      state["momentum_buffer"] = wrap(buf);
    } else {
      buf = state_tensor(state, "momentum_buffer");
      mul_(buf, Scalar(momentum));
      add_(buf, grad, Scalar(1 - dampening));
    }
    grad = nesterov ? add(grad, buf, Scalar(momentum)) : buf;
  }
  add_(p, grad, Scalar(-lr));
}

// step += 1; g = grad (negated when maximize)
// weight decay: p *= 1 - lr * wd (decoupled, AdamW) or g += wd * p (Adam)
// m = lerp(m, g, 1 - beta1); v = beta2 * v + (1 - beta2) * g * g
// denom = sqrt(max(v_max, v) or v) / sqrt(1 - beta2^step) + eps
// p -= lr / (1 - beta1^step) * m / denom
void adam_step(py::handle param, py::dict state, double lr, double beta1, double beta2, double eps,
               double weight_decay, bool amsgrad, bool maximize, bool decoupled) {
  const Tensor& p = tensor_of(param);
  autograd::NoGradGuard no_grad;
  Tensor grad = autograd::grad(p);
  if (!grad.defined()) return;
  if (py::len(state) == 0) {
    // As PyTorch: step is a float32 CPU scalar, the moments live beside the parameter.
    state["step"] = wrap(zeros({}, TensorOptions(DType::Float32)));
    state["exp_avg"] = wrap(zeros_like(p));
    state["exp_avg_sq"] = wrap(zeros_like(p));
    if (amsgrad) state["max_exp_avg_sq"] = wrap(zeros_like(p));
  }
  Tensor step_t = state_tensor(state, "step");
  Tensor exp_avg = state_tensor(state, "exp_avg");
  Tensor exp_avg_sq = state_tensor(state, "exp_avg_sq");
  if (maximize) grad = neg(grad);
  add_(step_t, Scalar(1));
  if (weight_decay != 0) {
    if (decoupled) mul_(p, Scalar(1 - lr * weight_decay));
    else grad = add(grad, p, Scalar(weight_decay));
  }
  // exp_avg.lerp_(grad, 1 - beta1): for weights below 0.5 lerp is m + w * (g - m).
  add_(exp_avg, sub(grad, exp_avg), Scalar(1 - beta1));
  mul_(exp_avg_sq, Scalar(beta2));
  add_(exp_avg_sq, mul(grad, grad), Scalar(1 - beta2));
  const double step = item(step_t).to_double();
  const double step_size = lr / (1 - std::pow(beta1, step));
  const double bias_correction2_sqrt = std::sqrt(1 - std::pow(beta2, step));
  Tensor second = exp_avg_sq;
  if (amsgrad) {
    if (!state.contains("max_exp_avg_sq")) state["max_exp_avg_sq"] = wrap(zeros_like(p));
    Tensor max_sq = state_tensor(state, "max_exp_avg_sq");
    copy_(max_sq, maximum(max_sq, exp_avg_sq));
    second = max_sq;
  }
  Tensor denom = add(div(sqrt(second), Scalar(bias_correction2_sqrt)), Scalar(eps));
  add_(p, div(exp_avg, denom), Scalar(-step_size));
}

}  // namespace

void bind_optim(py::module_& m) {
  m.def("_sgd_step", &sgd_step, py::arg("param"), py::arg("state"), py::arg("lr"), py::arg("momentum"),
        py::arg("dampening"), py::arg("weight_decay"), py::arg("nesterov"), py::arg("maximize"),
        "One parameter's torch.optim.SGD update (state: optimizer.state[param]).");
  m.def("_adam_step", &adam_step, py::arg("param"), py::arg("state"), py::arg("lr"), py::arg("beta1"),
        py::arg("beta2"), py::arg("eps"), py::arg("weight_decay"), py::arg("amsgrad"), py::arg("maximize"),
        py::arg("decoupled"), "One parameter's torch.optim.Adam / AdamW update (state: optimizer.state[param]).");
}

}  // namespace tp::torchpy
