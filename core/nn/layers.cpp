// The builtin layers: construction (with PyTorch's initialisation order, so seeded values
// match), forward through nn::functional, and the extra_repr texts PyTorch prints.
#include "core/nn/layers.h"

#include <cmath>

#include "core/autograd/grad_mode.h"
#include "core/error.h"
#include "core/nn/functional.h"
#include "core/nn/init.h"
#include "core/ops/device_ops.h"

namespace tp::nn {

namespace {

std::string dim_repr(std::optional<int64_t> dim) { return "dim=" + (dim ? std::to_string(*dim) : "None"); }

const char* py_bool(bool b) { return b ? "True" : "False"; }

// clone_empty for a layer: a copy of its settings with empty dicts.
template <typename Layer>
std::shared_ptr<Module> empty_copy(const Layer& layer) {
  auto copy = std::make_shared<Layer>(layer);
  copy->clear_entries_for_clone();
  return copy;
}

}  // namespace

// ---- Linear ----

Linear::Linear(int64_t in_features, int64_t out_features, bool bias, std::optional<Device> device,
               std::optional<DType> dtype)
    : Module("Linear"), in_features_(in_features), out_features_(out_features) {
  TensorOptions options(dtype.value_or(DType::Float32));
  add_parameter("weight", empty({out_features, in_features}, options));
  if (bias) {
    add_parameter("bias", empty({out_features}, options));
  } else {
    register_parameter("bias", Tensor());
  }
  reset_parameters();
  if (device) to(device, std::nullopt);
}

void Linear::reset_parameters() {
  Tensor w = weight();
  init::kaiming_uniform_(w, std::sqrt(5.0));
  Tensor b = bias();
  if (!b.defined()) return;
  const int64_t fan_in = init::calculate_fan_in_and_fan_out(w).first;
  const double bound = fan_in > 0 ? 1 / std::sqrt(static_cast<double>(fan_in)) : 0;
  init::uniform_(b, -bound, bound);
}

Tensor Linear::weight() const {
  const Tensor* w = find_parameter("weight");
  return w ? *w : Tensor();
}

Tensor Linear::bias() const {
  const Tensor* b = find_parameter("bias");
  return b ? *b : Tensor();
}

Tensor Linear::forward(const Tensor& x) { return functional::linear(x, weight(), bias()); }

std::string Linear::extra_repr() const {
  return "in_features=" + std::to_string(in_features_) + ", out_features=" + std::to_string(out_features_) +
         ", bias=" + py_bool(bias().defined());
}

std::shared_ptr<Module> Linear::clone_empty() const { return empty_copy(*this); }

// ---- Activations ----

Tensor ReLU::forward(const Tensor& x) { return functional::relu(x, inplace_); }
std::shared_ptr<Module> ReLU::clone_empty() const { return empty_copy(*this); }

Tensor Sigmoid::forward(const Tensor& x) { return functional::sigmoid(x); }
std::shared_ptr<Module> Sigmoid::clone_empty() const { return empty_copy(*this); }

Tensor Tanh::forward(const Tensor& x) { return functional::tanh(x); }
std::shared_ptr<Module> Tanh::clone_empty() const { return empty_copy(*this); }

Tensor Softmax::forward(const Tensor& x) { return functional::softmax(x, dim_); }
std::string Softmax::extra_repr() const { return dim_repr(dim_); }
std::shared_ptr<Module> Softmax::clone_empty() const { return empty_copy(*this); }

Tensor LogSoftmax::forward(const Tensor& x) { return functional::log_softmax(x, dim_); }
std::string LogSoftmax::extra_repr() const { return dim_repr(dim_); }
std::shared_ptr<Module> LogSoftmax::clone_empty() const { return empty_copy(*this); }

// ---- Shape and regularisation ----

Tensor Flatten::forward(const Tensor& x) { return functional::flatten(x, start_dim_, end_dim_); }
std::string Flatten::extra_repr() const {
  return "start_dim=" + std::to_string(start_dim_) + ", end_dim=" + std::to_string(end_dim_);
}
std::shared_ptr<Module> Flatten::clone_empty() const { return empty_copy(*this); }

Dropout::Dropout(double p, bool inplace) : Module("Dropout"), p_(p), inplace_(inplace) {
  if (p < 0 || p > 1) {
    fail(ErrorKind::ValueError, "dropout probability has to be between 0 and 1, but got ", python_float_repr(p));
  }
}

Tensor Dropout::forward(const Tensor& x) { return functional::dropout(x, p_, training(), inplace_); }
std::string Dropout::extra_repr() const {
  return "p=" + python_float_repr(p_) + ", inplace=" + py_bool(inplace_);
}
std::shared_ptr<Module> Dropout::clone_empty() const { return empty_copy(*this); }

std::shared_ptr<Module> Identity::clone_empty() const { return empty_copy(*this); }

}  // namespace tp::nn
