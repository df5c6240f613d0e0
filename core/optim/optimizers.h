// torch.optim's update kernels: one parameter's step of SGD, Adam/AdamW, Adadelta, RMSprop,
// Adagrad, Adamax, NAdam or RAdam, PyTorch's _single_tensor_<name> op for op, with the
// roundings of its CPU kernels, so float32 numbers match PyTorch's bit for bit (given the same
// sqrt: PyTorch's CPU one, MKL's, is not correctly rounded; tensorplay's is). torch/optim/*.py
// keeps the parameter groups and their texts. A parameter without a gradient is left as it is.
#pragma once

#include "core/optim/param_state.h"
#include "core/tensor.h"

namespace tp::optim {

struct SgdOptions {
  double lr, momentum, dampening, weight_decay;
  bool nesterov, maximize;
};
void sgd_step(const Tensor& param, ParamState& state, const SgdOptions& options);

// decoupled: AdamW's weight decay (the parameter shrunk, the gradient unchanged).
struct AdamOptions {
  double lr, beta1, beta2, eps, weight_decay;
  bool amsgrad, maximize, decoupled;
};
void adam_step(const Tensor& param, ParamState& state, const AdamOptions& options);

struct AdadeltaOptions {
  double lr, rho, eps, weight_decay;
  bool maximize;
};
void adadelta_step(const Tensor& param, ParamState& state, const AdadeltaOptions& options);

struct RmspropOptions {
  double lr, alpha, eps, weight_decay, momentum;
  bool centered, maximize;
};
void rmsprop_step(const Tensor& param, ParamState& state, const RmspropOptions& options);

// Adagrad's state (step, sum) is made by its constructor, as PyTorch's is.
struct AdagradOptions {
  double lr, lr_decay, eps, weight_decay;
  bool maximize;
};
void adagrad_step(const Tensor& param, ParamState& state, const AdagradOptions& options);

struct AdamaxOptions {
  double lr, beta1, beta2, eps, weight_decay;
  bool maximize;
};
void adamax_step(const Tensor& param, ParamState& state, const AdamaxOptions& options);

struct NadamOptions {
  double lr, beta1, beta2, eps, weight_decay, momentum_decay;
  bool decoupled, maximize;
};
void nadam_step(const Tensor& param, ParamState& state, const NadamOptions& options);

struct RadamOptions {
  double lr, beta1, beta2, eps, weight_decay;
  bool decoupled, maximize;
};
void radam_step(const Tensor& param, ParamState& state, const RadamOptions& options);

}  // namespace tp::optim
