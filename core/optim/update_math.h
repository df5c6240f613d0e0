// The pieces the optimizer steps (core/optim/*.cpp) share: PyTorch's in-place updates with the
// roundings of its CPU kernels, the gradient a step starts from, and the step counter.
#pragma once

#include "core/optim/param_state.h"
#include "core/tensor.h"

namespace tp::optim {

// a * b + c rounded once, as PyTorch's CPU kernels compute add(c, a, alpha=b), lerp and
// addcmul: they are compiled into fused multiply-adds. For float32 the product of two float32
// values is exact in float64, so the float64 sum rounded to float32 is the fused result (but
// for double-rounding ties, some 2^-29 of cases). Other dtypes compute unfused.
Tensor fma(const Tensor& a, const Tensor& b, const Tensor& c);
// a * b + c for a Python number b, which the kernel holds as a float32 first.
Tensor fma(const Tensor& a, double b, const Tensor& c);
// The result written into t (a parameter or a state tensor).
void assign(const Tensor& t, const Tensor& value);

// t.lerp_(end, weight) as PyTorch's CPU kernel: t + w * (end - t) for a weight below 0.5,
// else end + (w - 1) * (end - t), each one fused multiply-add.
void lerp_(const Tensor& t, const Tensor& end, double weight);
// v.mul_(decay).addcmul_(g, g, value=1 - decay): the running average of squares.
void average_square_(const Tensor& v, const Tensor& g, double decay);
// p.addcdiv_(num, denom, value=value): (value * num) / denom + p.
void addcdiv_(const Tensor& p, const Tensor& num, const Tensor& denom, double value);

// The gradient a step starts from: negated when maximizing, plus weight_decay * p.
Tensor step_grad(const Tensor& p, const Tensor& grad, bool maximize, double weight_decay);
// The weight decay of Adam's family: p.mul_(1 - lr * weight_decay) when decoupled (the
// gradient unchanged), else g + weight_decay * p.
Tensor decay(const Tensor& p, const Tensor& grad, double lr, double weight_decay, bool decoupled);

// A fresh step counter, as PyTorch keeps it: a float32 CPU scalar.
Tensor new_step();
// state["step"] += 1; returns the new count.
double count_step(const ParamState& state);
// Adam's two moments (exp_avg, exp_avg_sq), made on the first step.
void init_moments(ParamState& state, const Tensor& p);

}  // namespace tp::optim
