// The activations that take arguments (leaky_relu's slope, elu's alpha, gelu's
// approximation, ...): each checks its arguments, fills UnaryArgs and runs its unary op
// (unary_ops.def). With inplace they write into x and return it, as F.relu_ does.
#pragma once

#include <string>

#include "core/tensor.h"

namespace tp {

Tensor leaky_relu(const Tensor& x, double negative_slope = 0.01, bool inplace = false);
Tensor elu(const Tensor& x, double alpha = 1.0, bool inplace = false);
// elu with PyTorch's fixed alpha and scale.
Tensor selu(const Tensor& x, bool inplace = false);
// elu(x / alpha) * alpha for x <= 0.
Tensor celu(const Tensor& x, double alpha = 1.0, bool inplace = false);
// log(1 + exp(beta * x)) / beta, x itself where beta * x > threshold.
Tensor softplus(const Tensor& x, double beta = 1.0, double threshold = 20.0);
// approximate is "none" (erf) or "tanh".
Tensor gelu(const Tensor& x, const std::string& approximate = "none");
Tensor hardtanh(const Tensor& x, double min_val = -1.0, double max_val = 1.0, bool inplace = false);
Tensor relu6(const Tensor& x, bool inplace = false);

}  // namespace tp
