// The update kernels of torch.optim (torch/optim/*.py keeps the groups, state and texts):
// one parameter's SGD or Adam step, PyTorch's _single_tensor_sgd / _single_tensor_adam op for
// op, with the roundings of its CPU kernels, so float32 numbers match PyTorch's bit for bit.
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

// A state key as one interned string object per name, as PyTorch's literal keys are: torch.save
// then pickles every later "exp_avg" as a reference to the first, byte for byte as PyTorch does.
py::str key(const char* name) { return py::reinterpret_steal<py::str>(PyUnicode_InternFromString(name)); }

// a * b + c rounded once, as PyTorch's CPU kernels compute add(c, a, alpha=b), lerp and
// addcmul: they are compiled into fused multiply-adds. For float32 the product of two float32
// values is exact in float64, so the float64 sum rounded to float32 is the fused result (but
// for double-rounding ties, some 2^-29 of cases). Other dtypes compute unfused.
Tensor fma(const Tensor& a, const Tensor& b, const Tensor& c) {
  if (c.dtype() != DType::Float32) return add(c, mul(a, b));
  auto f64 = [](const Tensor& t) { return cast(t, DType::Float64); };
  return cast(add(mul(f64(a), f64(b)), f64(c)), DType::Float32);
}
// a * b + c for a Python number b, which the kernel holds as a float32 first.
Tensor fma(const Tensor& a, double b, const Tensor& c) {
  if (c.dtype() != DType::Float32) return add(c, a, Scalar(b));
  Scalar b32(static_cast<double>(static_cast<float>(b)));
  return cast(add(mul(cast(a, DType::Float64), b32), cast(c, DType::Float64)), DType::Float32);
}
// In-place forms: the result written into t (a parameter or a state tensor).
void assign(const Tensor& t, const Tensor& value) { copy_(t, value); }

// PyTorch's _single_tensor_sgd:
//   g = grad (negated when maximize); g = g.add(p, alpha=weight_decay)
//   buf = clone(g) (first step) or buf.mul_(momentum).add_(g, alpha=1 - dampening)
//   g = g.add(buf, alpha=momentum) (nesterov) or buf;  p.add_(g, alpha=-lr)
void sgd_step(py::handle param, py::dict state, double lr, double momentum, double dampening, double weight_decay,
              bool nesterov, bool maximize) {
  const Tensor& p = tensor_of(param);
  autograd::NoGradGuard no_grad;
  Tensor grad = autograd::grad(p);
  if (!grad.defined()) return;
  if (maximize) grad = neg(grad);
  if (weight_decay != 0) grad = fma(p, weight_decay, grad);
  if (momentum != 0) {
    Tensor buf;
    if (!state.contains("momentum_buffer") || state["momentum_buffer"].is_none()) {
      buf = clone(grad);
      state[key("momentum_buffer")] = wrap(buf);
    } else {
      buf = state_tensor(state, "momentum_buffer");
      mul_(buf, Scalar(momentum));
      assign(buf, fma(grad, 1 - dampening, buf));
    }
    grad = nesterov ? fma(buf, momentum, grad) : buf;
  }
  assign(p, fma(grad, -lr, p));
}

// PyTorch's _single_tensor_adam (not capturable):
//   step += 1; g = grad (negated when maximize)
//   weight decay: p.mul_(1 - lr * wd) (decoupled, AdamW) or g = g.add(p, alpha=wd)
//   m.lerp_(g, 1 - beta1); v.mul_(beta2).addcmul_(g, g, value=1 - beta2)
//   denom = (sqrt(max(v_max, v) or v) / sqrt(1 - beta2^step)).add_(eps)
//   p.addcdiv_(m, denom, value=-lr / (1 - beta1^step))
void adam_step(py::handle param, py::dict state, double lr, double beta1, double beta2, double eps,
               double weight_decay, bool amsgrad, bool maximize, bool decoupled) {
  const Tensor& p = tensor_of(param);
  autograd::NoGradGuard no_grad;
  Tensor grad = autograd::grad(p);
  if (!grad.defined()) return;
  if (py::len(state) == 0) {
    // As PyTorch: step is a float32 CPU scalar, the moments live beside the parameter.
    state[key("step")] = wrap(zeros({}, TensorOptions(DType::Float32)));
    state[key("exp_avg")] = wrap(zeros_like(p));
    state[key("exp_avg_sq")] = wrap(zeros_like(p));
    if (amsgrad) state[key("max_exp_avg_sq")] = wrap(zeros_like(p));
  }
  Tensor step_t = state_tensor(state, "step");
  Tensor exp_avg = state_tensor(state, "exp_avg");
  Tensor exp_avg_sq = state_tensor(state, "exp_avg_sq");
  if (maximize) grad = neg(grad);
  add_(step_t, Scalar(1));
  if (weight_decay != 0) {
    if (decoupled) mul_(p, Scalar(1 - lr * weight_decay));
    else grad = fma(p, weight_decay, grad);
  }
  // lerp with a weight below 0.5 is m + w * (g - m).
  assign(exp_avg, fma(sub(grad, exp_avg), 1 - beta1, exp_avg));
  mul_(exp_avg_sq, Scalar(beta2));
  assign(exp_avg_sq, fma(mul(grad, Scalar(1 - beta2)), grad, exp_avg_sq));  // (value * g) * g + v
  const double step = item(step_t).to_double();
  const double step_size = lr / (1 - std::pow(beta1, step));
  const double bias_correction2_sqrt = std::sqrt(1 - std::pow(beta2, step));
  Tensor second = exp_avg_sq;
  if (amsgrad) {
    if (!state.contains("max_exp_avg_sq")) state[key("max_exp_avg_sq")] = wrap(zeros_like(p));
    Tensor max_sq = state_tensor(state, "max_exp_avg_sq");
    assign(max_sq, maximum(max_sq, exp_avg_sq));
    second = max_sq;
  }
  Tensor denom = add(div(sqrt(second), Scalar(bias_correction2_sqrt)), Scalar(eps));
  add_(p, div(mul(exp_avg, Scalar(-step_size)), denom));  // addcdiv: (value * m) / denom + p
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
