// The update kernels of torch.optim (torch/optim/*.py keeps the groups, state and texts):
// one parameter's SGD, Adam, Adadelta, RMSprop, Adagrad, Adamax, NAdam or RAdam step,
// PyTorch's _single_tensor_<name> op for op, with the roundings of its CPU kernels, so float32
// numbers match PyTorch's bit for bit (given the same sqrt: PyTorch's CPU one, MKL's, is not
// correctly rounded; tensorplay's is).
// The parameter's state is optimizer.state[p], a Python dict these kernels fill and update.
#include <cmath>

#include "core/autograd/autograd.h"
#include "core/ops/copy.h"
#include "core/ops/creation.h"
#include "core/ops/elementwise.h"
#include "python/src/bindings.h"
#include "python/src/py_types.h"

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

// t.lerp_(end, weight) as PyTorch's CPU kernel: t + w * (end - t) for a weight below 0.5,
// else end + (w - 1) * (end - t), each one fused multiply-add.
void lerp_(const Tensor& t, const Tensor& end, double weight) {
  if (std::abs(weight) < 0.5) assign(t, fma(sub(end, t), weight, t));
  else assign(t, fma(sub(end, t), static_cast<float>(weight) - 1.0f, end));
}

// v.mul_(decay).addcmul_(g, g, value=1 - decay): the running average of squares.
void average_square_(const Tensor& v, const Tensor& g, double decay) {
  mul_(v, Scalar(decay));
  assign(v, fma(mul(g, Scalar(1 - decay)), g, v));  // (value * g) * g + v
}

// p.addcdiv_(num, denom, value=value): (value * num) / denom + p.
void addcdiv_(const Tensor& p, const Tensor& num, const Tensor& denom, double value) {
  add_(p, div(mul(num, Scalar(value)), denom));
}

// The gradient a step starts from: negated when maximizing, plus weight_decay * p.
Tensor step_grad(const Tensor& p, const Tensor& grad, bool maximize, double weight_decay) {
  Tensor g = maximize ? neg(grad) : grad;
  return weight_decay != 0 ? fma(p, weight_decay, g) : g;
}

// state["step"] += 1, PyTorch's float32 CPU step counter; returns the new count.
double count_step(const py::dict& state) {
  Tensor step_t = state_tensor(state, "step");
  add_(step_t, Scalar(1));
  return item(step_t).to_double();
}

// A fresh float32 step counter, as PyTorch keeps it (a CPU scalar).
py::object new_step() { return wrap(zeros({}, TensorOptions(DType::Float32))); }

// Adam's two moments, made on the first step.
void init_moments(py::dict& state, const Tensor& p) {
  state[key("exp_avg")] = wrap(zeros_like(p));
  state[key("exp_avg_sq")] = wrap(zeros_like(p));
}

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
    state[key("step")] = new_step();
    init_moments(state, p);
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
  lerp_(exp_avg, grad, 1 - beta1);
  average_square_(exp_avg_sq, grad, beta2);
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
  addcdiv_(p, exp_avg, denom, -step_size);
}

// PyTorch's _single_tensor_adadelta:
//   step += 1; g = grad (negated when maximize), g = g.add(p, alpha=weight_decay)
//   square_avg.mul_(rho).addcmul_(g, g, value=1 - rho)
//   delta = (acc_delta + eps).sqrt() / (square_avg + eps).sqrt() * g
//   acc_delta.mul_(rho).addcmul_(delta, delta, value=1 - rho);  p.add_(delta, alpha=-lr)
void adadelta_step(py::handle param, py::dict state, double lr, double rho, double eps, double weight_decay,
                   bool maximize) {
  const Tensor& p = tensor_of(param);
  autograd::NoGradGuard no_grad;
  Tensor grad = autograd::grad(p);
  if (!grad.defined()) return;
  if (py::len(state) == 0) {
    state[key("step")] = new_step();
    state[key("square_avg")] = wrap(zeros_like(p));
    state[key("acc_delta")] = wrap(zeros_like(p));
  }
  Tensor square_avg = state_tensor(state, "square_avg");
  Tensor acc_delta = state_tensor(state, "acc_delta");
  count_step(state);
  grad = step_grad(p, grad, maximize, weight_decay);
  average_square_(square_avg, grad, rho);
  Tensor std = sqrt(add(square_avg, Scalar(eps)));
  Tensor delta = mul(div(sqrt(add(acc_delta, Scalar(eps))), std), grad);
  average_square_(acc_delta, delta, rho);
  assign(p, fma(delta, -lr, p));
}

// PyTorch's _single_tensor_rmsprop:
//   g = grad (negated when maximize); step += 1; g = g.add(p, alpha=weight_decay)
//   square_avg.mul_(alpha).addcmul_(g, g, value=1 - alpha)
//   avg = sqrt(square_avg - grad_avg^2) with grad_avg.lerp_(g, 1 - alpha) (centered), else
//   sqrt(square_avg); avg += eps
//   buf.mul_(momentum).addcdiv_(g, avg); p.add_(buf, alpha=-lr) (momentum), else
//   p.addcdiv_(g, avg, value=-lr)
void rmsprop_step(py::handle param, py::dict state, double lr, double alpha, double eps, double weight_decay,
                  double momentum, bool centered, bool maximize) {
  const Tensor& p = tensor_of(param);
  autograd::NoGradGuard no_grad;
  Tensor grad = autograd::grad(p);
  if (!grad.defined()) return;
  if (py::len(state) == 0) {
    state[key("step")] = new_step();
    state[key("square_avg")] = wrap(zeros_like(p));
    if (momentum > 0) state[key("momentum_buffer")] = wrap(zeros_like(p));
    if (centered) state[key("grad_avg")] = wrap(zeros_like(p));
  }
  Tensor square_avg = state_tensor(state, "square_avg");
  count_step(state);
  grad = step_grad(p, grad, maximize, weight_decay);
  average_square_(square_avg, grad, alpha);
  Tensor avg;
  if (centered) {
    Tensor grad_avg = state_tensor(state, "grad_avg");
    lerp_(grad_avg, grad, 1 - alpha);
    avg = sqrt(fma(neg(grad_avg), grad_avg, square_avg));  // addcmul(value=-1)
  } else {
    avg = sqrt(square_avg);
  }
  avg = add(avg, Scalar(eps));
  if (momentum > 0) {
    Tensor buf = state_tensor(state, "momentum_buffer");
    mul_(buf, Scalar(momentum));
    addcdiv_(buf, grad, avg, 1);
    assign(p, fma(buf, -lr, p));
  } else {
    addcdiv_(p, grad, avg, -lr);
  }
}

// PyTorch's _single_tensor_adagrad (dense): step += 1; g = grad (negated when maximize),
// g = g.add(p, alpha=weight_decay); clr = lr / (1 + (step - 1) * lr_decay)
//   sum.addcmul_(g, g, value=1); p.addcdiv_(g, sum.sqrt() + eps, value=-clr)
// The state (step, sum) is made by the constructor, as PyTorch does.
void adagrad_step(py::handle param, py::dict state, double lr, double lr_decay, double eps,
                  double weight_decay, bool maximize) {
  const Tensor& p = tensor_of(param);
  autograd::NoGradGuard no_grad;
  Tensor grad = autograd::grad(p);
  if (!grad.defined()) return;
  Tensor sum = state_tensor(state, "sum");
  const double step = count_step(state);
  grad = step_grad(p, grad, maximize, weight_decay);
  const double clr = lr / (1 + (step - 1) * lr_decay);
  assign(sum, fma(grad, grad, sum));
  addcdiv_(p, grad, add(sqrt(sum), Scalar(eps)), -clr);
}

// PyTorch's _single_tensor_adamax: step += 1; g = grad (negated when maximize),
// g = g.add(p, alpha=weight_decay); exp_avg.lerp_(g, 1 - beta1)
//   exp_inf = maximum(exp_inf * beta2, |g| + eps); p.addcdiv_(exp_avg, exp_inf, value=-lr / (1 - beta1^step))
void adamax_step(py::handle param, py::dict state, double lr, double beta1, double beta2, double eps,
                 double weight_decay, bool maximize) {
  const Tensor& p = tensor_of(param);
  autograd::NoGradGuard no_grad;
  Tensor grad = autograd::grad(p);
  if (!grad.defined()) return;
  if (py::len(state) == 0) {
    state[key("step")] = new_step();
    state[key("exp_avg")] = wrap(zeros_like(p));
    state[key("exp_inf")] = wrap(zeros_like(p));
  }
  Tensor exp_avg = state_tensor(state, "exp_avg");
  Tensor exp_inf = state_tensor(state, "exp_inf");
  const double step = count_step(state);
  grad = step_grad(p, grad, maximize, weight_decay);
  lerp_(exp_avg, grad, 1 - beta1);
  mul_(exp_inf, Scalar(beta2));
  assign(exp_inf, maximum(exp_inf, add(abs(grad), Scalar(eps))));
  addcdiv_(p, exp_avg, exp_inf, -(lr / (1 - std::pow(beta1, step))));
}

// The weight decay of Adam's family: p.mul_(1 - lr * weight_decay) when decoupled (the
// gradient unchanged), else g + weight_decay * p.
Tensor decay(const Tensor& p, const Tensor& grad, double lr, double weight_decay, bool decoupled) {
  if (weight_decay == 0) return grad;
  if (!decoupled) return fma(p, weight_decay, grad);
  mul_(p, Scalar(1 - lr * weight_decay));
  return grad;
}

// PyTorch's _single_tensor_nadam: step += 1; g = grad (negated when maximize), decay;
//   mu = beta1 * (1 - 0.5 * 0.96^(step * momentum_decay)), mu_next likewise at step + 1
//   mu_product *= mu (a float32 scalar); m.lerp_(g, 1 - beta1)
//   v.mul_(beta2).addcmul_(g, g, value=1 - beta2)
//   denom = (v / (1 - beta2^step)).sqrt() + eps
//   p.addcdiv_(g, denom, value=-lr * (1 - mu) / (1 - mu_product))
//   p.addcdiv_(m, denom, value=-lr * mu_next / (1 - mu_product * mu_next))
void nadam_step(py::handle param, py::dict state, double lr, double beta1, double beta2, double eps,
                double weight_decay, double momentum_decay, bool decoupled, bool maximize) {
  const Tensor& p = tensor_of(param);
  autograd::NoGradGuard no_grad;
  Tensor grad = autograd::grad(p);
  if (!grad.defined()) return;
  if (py::len(state) == 0) {
    state[key("step")] = new_step();
    state[key("mu_product")] = wrap(ones({}, TensorOptions(DType::Float32)));
    init_moments(state, p);
  }
  Tensor mu_product = state_tensor(state, "mu_product");
  Tensor exp_avg = state_tensor(state, "exp_avg");
  Tensor exp_avg_sq = state_tensor(state, "exp_avg_sq");
  if (maximize) grad = neg(grad);
  const double step = count_step(state);
  const double bias_correction2 = 1 - std::pow(beta2, step);
  grad = decay(p, grad, lr, weight_decay, decoupled);
  const double mu = beta1 * (1.0 - 0.5 * std::pow(0.96, step * momentum_decay));
  const double mu_next = beta1 * (1.0 - 0.5 * std::pow(0.96, (step + 1) * momentum_decay));
  mul_(mu_product, Scalar(mu));
  lerp_(exp_avg, grad, 1 - beta1);
  average_square_(exp_avg_sq, grad, beta2);
  Tensor denom = add(sqrt(div(exp_avg_sq, Scalar(bias_correction2))), Scalar(eps));
  const double product = item(mu_product).to_double();
  addcdiv_(p, grad, denom, -lr * (1.0 - mu) / (1.0 - product));
  addcdiv_(p, exp_avg, denom, (-lr * mu_next) / (1.0 - product * mu_next));
}

// PyTorch's _single_tensor_radam: step += 1; g = grad (negated when maximize), decay; the
// moments as Adam's; m_hat = m / (1 - beta1^step);
//   rho_t = rho_inf - 2 step beta2^step / (1 - beta2^step)
//   rho_t > 5: p -= m_hat * lr * (1 / (v.sqrt() + eps) * sqrt(1 - beta2^step)) * rect
//   else:      p -= m_hat * lr
void radam_step(py::handle param, py::dict state, double lr, double beta1, double beta2, double eps,
                double weight_decay, bool decoupled, bool maximize) {
  const Tensor& p = tensor_of(param);
  autograd::NoGradGuard no_grad;
  Tensor grad = autograd::grad(p);
  if (!grad.defined()) return;
  if (py::len(state) == 0) {
    state[key("step")] = new_step();
    init_moments(state, p);
  }
  Tensor exp_avg = state_tensor(state, "exp_avg");
  Tensor exp_avg_sq = state_tensor(state, "exp_avg_sq");
  if (maximize) grad = neg(grad);
  const double step = count_step(state);
  grad = decay(p, grad, lr, weight_decay, decoupled);
  lerp_(exp_avg, grad, 1 - beta1);
  average_square_(exp_avg_sq, grad, beta2);
  const double bias_correction1 = 1 - std::pow(beta1, step);
  const double bias_correction2 = 1 - std::pow(beta2, step);
  Tensor update = mul(div(exp_avg, Scalar(bias_correction1)), Scalar(lr));
  const double rho_inf = 2 / (1 - beta2) - 1;
  const double rho_t = rho_inf - 2 * step * std::pow(beta2, step) / bias_correction2;
  if (rho_t > 5.0) {
    // float / tensor is reciprocal(tensor) * float in PyTorch (Tensor.__rtruediv__).
    Tensor adaptive =
        mul(reciprocal(add(sqrt(exp_avg_sq), Scalar(eps))), Scalar(std::pow(bias_correction2, 0.5)));
    const double rect =
        std::pow((rho_t - 4) * (rho_t - 2) * rho_inf / ((rho_inf - 4) * (rho_inf - 2) * rho_t), 0.5);
    update = mul(mul(update, adaptive), Scalar(rect));
  }
  sub_(p, update);
}

}  // namespace

void bind_optim(py::module_& m) {
  m.def("_sgd_step", &sgd_step, py::arg("param"), py::arg("state"), py::arg("lr"), py::arg("momentum"),
        py::arg("dampening"), py::arg("weight_decay"), py::arg("nesterov"), py::arg("maximize"),
        "One parameter's torch.optim.SGD update (state: optimizer.state[param]).");
  m.def("_adam_step", &adam_step, py::arg("param"), py::arg("state"), py::arg("lr"), py::arg("beta1"),
        py::arg("beta2"), py::arg("eps"), py::arg("weight_decay"), py::arg("amsgrad"), py::arg("maximize"),
        py::arg("decoupled"), "One parameter's torch.optim.Adam / AdamW update (state: optimizer.state[param]).");
  m.def("_adadelta_step", &adadelta_step, py::arg("param"), py::arg("state"), py::arg("lr"), py::arg("rho"),
        py::arg("eps"), py::arg("weight_decay"), py::arg("maximize"), "One parameter's torch.optim.Adadelta update.");
  m.def("_rmsprop_step", &rmsprop_step, py::arg("param"), py::arg("state"), py::arg("lr"), py::arg("alpha"),
        py::arg("eps"), py::arg("weight_decay"), py::arg("momentum"), py::arg("centered"), py::arg("maximize"),
        "One parameter's torch.optim.RMSprop update.");
  m.def("_adagrad_step", &adagrad_step, py::arg("param"), py::arg("state"), py::arg("lr"), py::arg("lr_decay"),
        py::arg("eps"), py::arg("weight_decay"), py::arg("maximize"), "One parameter's torch.optim.Adagrad update.");
  m.def("_adamax_step", &adamax_step, py::arg("param"), py::arg("state"), py::arg("lr"), py::arg("beta1"),
        py::arg("beta2"), py::arg("eps"), py::arg("weight_decay"), py::arg("maximize"),
        "One parameter's torch.optim.Adamax update.");
  m.def("_nadam_step", &nadam_step, py::arg("param"), py::arg("state"), py::arg("lr"), py::arg("beta1"),
        py::arg("beta2"), py::arg("eps"), py::arg("weight_decay"), py::arg("momentum_decay"), py::arg("decoupled"),
        py::arg("maximize"), "One parameter's torch.optim.NAdam update.");
  m.def("_radam_step", &radam_step, py::arg("param"), py::arg("state"), py::arg("lr"), py::arg("beta1"),
        py::arg("beta2"), py::arg("eps"), py::arg("weight_decay"), py::arg("decoupled"), py::arg("maximize"),
        "One parameter's torch.optim.RAdam update.");
}

}  // namespace tp::torchpy
