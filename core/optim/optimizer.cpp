// The Optimizer base (torch/optim/optimizer.py): groups, defaults, state, zero_grad, repr.
#include "core/optim/optimizer.h"

#include <set>
#include <sstream>

#include "core/autograd/autograd.h"
#include "core/error.h"
#include "core/nn/module.h"
#include "core/ops/copy.h"

namespace tp::optim {

namespace {

std::string scalar_str(const Scalar& s) {
  if (s.is_bool()) return s.to_bool() ? "True" : "False";
  if (s.is_int()) return std::to_string(static_cast<long long>(s.to_double()));
  return nn::python_float_repr(s.to_double());
}

const OptionValue& lookup(const Options& options, const std::string& key) {
  auto it = options.find(key);
  TP_ASSERT(it != options.end());
  return it->second;
}

}  // namespace

std::string option_str(const OptionValue& v) {
  if (std::holds_alternative<std::monostate>(v)) return "None";
  if (const bool* b = std::get_if<bool>(&v)) return *b ? "True" : "False";
  if (const Scalar* s = std::get_if<Scalar>(&v)) return scalar_str(*s);
  const auto& p = std::get<std::pair<Scalar, Scalar>>(v);
  return "(" + scalar_str(p.first) + ", " + scalar_str(p.second) + ")";
}

double ParamGroup::number(const std::string& key) const {
  const OptionValue& v = lookup(options, key);
  TP_ASSERT(std::holds_alternative<Scalar>(v));
  return std::get<Scalar>(v).to_double();
}

bool ParamGroup::flag(const std::string& key) const {
  const OptionValue& v = lookup(options, key);
  TP_ASSERT(std::holds_alternative<bool>(v));
  return std::get<bool>(v);
}

std::pair<double, double> ParamGroup::pair(const std::string& key) const {
  const OptionValue& v = lookup(options, key);
  TP_ASSERT((std::holds_alternative<std::pair<Scalar, Scalar>>(v)));
  const auto& p = std::get<std::pair<Scalar, Scalar>>(v);
  return {p.first.to_double(), p.second.to_double()};
}

std::vector<ParamGroup> one_group(std::vector<Tensor> params) {
  if (params.empty()) return {};
  return {ParamGroup{std::move(params), {}}};
}

Optimizer::Optimizer(std::string name, std::vector<ParamGroup> groups, Options defaults)
    : name_(std::move(name)), defaults_(std::move(defaults)) {
  TP_CHECK(!groups.empty(), ValueError, "optimizer got an empty parameter list");
  for (ParamGroup& g : groups) add_param_group(std::move(g));
}

void Optimizer::add_param_group(ParamGroup group) {
  for (const Tensor& p : group.params) {
    TP_CHECK(autograd::is_leaf(p) || autograd::meta(p).retains_grad, ValueError,
             "can't optimize a non-leaf Tensor");
  }
  for (const auto& [key, value] : defaults_) group.options.emplace(key, value);
  std::set<const TensorImpl*> seen;
  for (const ParamGroup& g : groups_)
    for (const Tensor& p : g.params) seen.insert(p.impl());
  for (const Tensor& p : group.params) {
    TP_CHECK(!seen.count(p.impl()), ValueError,
             "some parameters appear in more than one parameter group");
  }
  groups_.push_back(std::move(group));
}

void Optimizer::zero_grad(bool set_to_none) {
  for (const ParamGroup& g : groups_) {
    for (const Tensor& p : g.params) {
      Tensor grad = autograd::grad(p);
      if (!grad.defined()) continue;
      if (set_to_none) {
        autograd::set_grad(p, Tensor());
      } else {
        autograd::NoGradGuard no_grad;
        zero_(grad);
      }
    }
  }
}

bool Optimizer::has_state(const Tensor& param) const {
  auto it = state_.find(param.impl());
  return it != state_.end() && !it->second.empty();
}

std::string Optimizer::repr() const {
  std::ostringstream os;
  os << name_ << " (";
  for (size_t i = 0; i < groups_.size(); ++i) {
    os << "\nParameter Group " << i << "\n";
    for (const auto& [key, value] : groups_[i].options) os << "    " << key << ": " << option_str(value) << "\n";
  }
  os << ")";
  return os.str();
}

}  // namespace tp::optim
