// The initialisers of torch/nn/init.py. The arithmetic on bounds follows the Python source
// step by step (same order of sqrt, * and /) so the doubles handed to uniform_/normal_, and
// therefore the samples, are PyTorch's.
#include "core/nn/init.h"

#include <cmath>

#include "core/autograd/grad_mode.h"
#include "core/error.h"
#include "core/ops/copy.h"
#include "core/ops/random.h"

namespace tp::nn::init {

namespace {

// _calculate_correct_fan: fan_in or fan_out, by name.
int64_t correct_fan(const Tensor& t, const std::string& mode) {
  if (mode != "fan_in" && mode != "fan_out") {
    fail(ErrorKind::ValueError, "Mode ", mode, " not supported, please use one of ['fan_in', 'fan_out']");
  }
  auto [fan_in, fan_out] = calculate_fan_in_and_fan_out(t);
  return mode == "fan_in" ? fan_in : fan_out;
}

// PyTorch returns an empty tensor untouched (with a warning) instead of dividing by zero.
bool has_zero_dim(const Tensor& t) {
  for (int64_t s : t.sizes())
    if (s == 0) return true;
  return false;
}

}  // namespace

double calculate_gain(const std::string& nonlinearity, std::optional<double> param) {
  if (nonlinearity == "linear" || nonlinearity == "conv1d" || nonlinearity == "conv2d" ||
      nonlinearity == "conv3d" || nonlinearity == "conv_transpose1d" || nonlinearity == "conv_transpose2d" ||
      nonlinearity == "conv_transpose3d" || nonlinearity == "sigmoid") {
    return 1.0;
  }
  if (nonlinearity == "tanh") return 5.0 / 3;
  if (nonlinearity == "relu") return std::sqrt(2.0);
  if (nonlinearity == "leaky_relu") {
    double slope = param.value_or(0.01);
    return std::sqrt(2.0 / (1 + slope * slope));
  }
  if (nonlinearity == "selu") return 3.0 / 4;
  fail(ErrorKind::ValueError, "Unsupported nonlinearity ", nonlinearity);
}

std::pair<int64_t, int64_t> calculate_fan_in_and_fan_out(const Tensor& t) {
  if (t.dim() < 2) {
    fail(ErrorKind::ValueError,
         "Fan in and fan out can not be computed for tensor with fewer than 2 dimensions");
  }
  int64_t receptive_field = 1;
  for (int64_t d = 2; d < t.dim(); ++d) receptive_field *= t.size(d);
  return {t.size(1) * receptive_field, t.size(0) * receptive_field};
}

const Tensor& uniform_(const Tensor& t, double a, double b, Generator* gen) {
  autograd::NoGradGuard no_grad;
  return tp::uniform_(t, a, b, gen);
}

const Tensor& normal_(const Tensor& t, double mean, double std, Generator* gen) {
  autograd::NoGradGuard no_grad;
  return tp::normal_(t, mean, std, gen);
}

const Tensor& constant_(const Tensor& t, double value) {
  autograd::NoGradGuard no_grad;
  return fill_(t, Scalar(value));
}

const Tensor& zeros_(const Tensor& t) {
  autograd::NoGradGuard no_grad;
  return zero_(t);
}

const Tensor& ones_(const Tensor& t) {
  autograd::NoGradGuard no_grad;
  return fill_(t, Scalar(1.0));
}

const Tensor& kaiming_uniform_(const Tensor& t, double a, const std::string& mode,
                               const std::string& nonlinearity, Generator* gen) {
  if (has_zero_dim(t)) return t;
  const int64_t fan = correct_fan(t, mode);
  const double gain = calculate_gain(nonlinearity, a);
  const double std = gain / std::sqrt(static_cast<double>(fan));
  const double bound = std::sqrt(3.0) * std;
  return init::uniform_(t, -bound, bound, gen);
}

const Tensor& kaiming_normal_(const Tensor& t, double a, const std::string& mode,
                              const std::string& nonlinearity, Generator* gen) {
  if (has_zero_dim(t)) return t;
  const int64_t fan = correct_fan(t, mode);
  const double gain = calculate_gain(nonlinearity, a);
  const double std = gain / std::sqrt(static_cast<double>(fan));
  return init::normal_(t, 0.0, std, gen);
}

const Tensor& xavier_uniform_(const Tensor& t, double gain, Generator* gen) {
  auto [fan_in, fan_out] = calculate_fan_in_and_fan_out(t);
  const double std = gain * std::sqrt(2.0 / static_cast<double>(fan_in + fan_out));
  const double a = std::sqrt(3.0) * std;
  return init::uniform_(t, -a, a, gen);
}

const Tensor& xavier_normal_(const Tensor& t, double gain, Generator* gen) {
  auto [fan_in, fan_out] = calculate_fan_in_and_fan_out(t);
  const double std = gain * std::sqrt(2.0 / static_cast<double>(fan_in + fan_out));
  return init::normal_(t, 0.0, std, gen);
}

}  // namespace tp::nn::init
