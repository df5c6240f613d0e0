// torch.optim.Optimizer for C++: parameter groups with their options, per-parameter state,
// zero_grad, add_param_group and PyTorch's repr. SGD / Adam / AdamW (sgd.h, adam.h) fill in
// step(), which runs under no_grad with in-place core ops on each parameter's own device.
#pragma once

#include <map>
#include <string>
#include <unordered_map>
#include <utility>
#include <variant>
#include <vector>

#include "core/scalar.h"
#include "core/tensor.h"

namespace tp::optim {

// One option of a parameter group, as Python would hold it: None, a bool, a number (int or
// float, which print differently: "momentum: 0" vs "lr: 0.1") or a pair such as betas.
using OptionValue = std::variant<std::monostate, bool, Scalar, std::pair<Scalar, Scalar>>;
using Options = std::map<std::string, OptionValue>;  // sorted by key, as repr prints them

// Python's str() of an option value: "None", "True", "0", "0.001", "(0.9, 0.999)".
std::string option_str(const OptionValue& v);

// A param_groups entry: the parameters and the options that apply to them.
struct ParamGroup {
  std::vector<Tensor> params;
  Options options;
  // Typed reads of an option (an internal error if missing or of another kind).
  double number(const std::string& key) const;
  bool flag(const std::string& key) const;
  std::pair<double, double> pair(const std::string& key) const;
};

// A parameter's state (state[p] in Python): "momentum_buffer", "step", "exp_avg", ...
using ParamState = std::map<std::string, Tensor>;

class Optimizer {
 public:
  virtual ~Optimizer() = default;
  // The class name ("SGD", "Adam", "AdamW").
  const std::string& name() const { return name_; }
  std::vector<ParamGroup>& param_groups() { return groups_; }
  const std::vector<ParamGroup>& param_groups() const { return groups_; }
  const Options& defaults() const { return defaults_; }
  // optimizer.add_param_group(group): options it leaves out take the defaults. Raises
  // PyTorch's ValueErrors for a non-leaf parameter or one already in another group.
  void add_param_group(ParamGroup group);
  // optimizer.zero_grad(set_to_none): drops each .grad, or zeroes it in place.
  void zero_grad(bool set_to_none = true);
  // optimizer.step(): one update of every parameter that has a .grad.
  virtual void step() = 0;
  // state[p]: created empty on first use.
  ParamState& state(const Tensor& param) { return state_[param.impl()]; }
  // Whether p has state yet (len(state[p]) > 0).
  bool has_state(const Tensor& param) const;
  // PyTorch's repr: "SGD (\nParameter Group 0\n    dampening: 0\n ...)".
  std::string repr() const;

 protected:
  // Checks the list is not empty and adds the groups (a plain list is one group).
  Optimizer(std::string name, std::vector<ParamGroup> groups, Options defaults);

 private:
  std::string name_;
  std::vector<ParamGroup> groups_;
  Options defaults_;
  std::unordered_map<const TensorImpl*, ParamState> state_;
};

// A plain parameter list as the single group optimizers are usually given.
std::vector<ParamGroup> one_group(std::vector<Tensor> params);

}  // namespace tp::optim
