// torch.nn.init: the in-place initialisers a layer's reset_parameters() uses. Each one runs
// with gradient recording off and draws from the same generator calls as PyTorch, so a seed
// gives PyTorch's CPU values bit for bit.
#pragma once

#include <optional>
#include <string>
#include <utility>

#include "core/generator.h"
#include "core/tensor.h"

namespace tp::nn::init {

// calculate_gain(nonlinearity, param): the recommended gain for an activation
// ("linear", "conv*", "sigmoid", "tanh", "relu", "leaky_relu", "selu").
double calculate_gain(const std::string& nonlinearity, std::optional<double> param = std::nullopt);
// _calculate_fan_in_and_fan_out: (size(1), size(0)) times the receptive field size.
std::pair<int64_t, int64_t> calculate_fan_in_and_fan_out(const Tensor& t);

// uniform_(t, a, b): samples from U(a, b).
const Tensor& uniform_(const Tensor& t, double a = 0.0, double b = 1.0, Generator* gen = nullptr);
// normal_(t, mean, std): samples from N(mean, std^2).
const Tensor& normal_(const Tensor& t, double mean = 0.0, double std = 1.0, Generator* gen = nullptr);
const Tensor& constant_(const Tensor& t, double value);
const Tensor& zeros_(const Tensor& t);
const Tensor& ones_(const Tensor& t);

// kaiming_uniform_: U(-bound, bound) with bound = gain * sqrt(3 / fan) (He et al. 2015).
const Tensor& kaiming_uniform_(const Tensor& t, double a = 0.0, const std::string& mode = "fan_in",
                               const std::string& nonlinearity = "leaky_relu", Generator* gen = nullptr);
// kaiming_normal_: N(0, std^2) with std = gain / sqrt(fan).
const Tensor& kaiming_normal_(const Tensor& t, double a = 0.0, const std::string& mode = "fan_in",
                              const std::string& nonlinearity = "leaky_relu", Generator* gen = nullptr);
// xavier_uniform_: U(-a, a) with a = gain * sqrt(6 / (fan_in + fan_out)) (Glorot & Bengio 2010).
const Tensor& xavier_uniform_(const Tensor& t, double gain = 1.0, Generator* gen = nullptr);
// xavier_normal_: N(0, std^2) with std = gain * sqrt(2 / (fan_in + fan_out)).
const Tensor& xavier_normal_(const Tensor& t, double gain = 1.0, Generator* gen = nullptr);

}  // namespace tp::nn::init
