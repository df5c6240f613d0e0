// nn::Module, the base of every layer and of a learner's own networks: ordered dicts of
// parameters, buffers and submodules, the recursive walks over them (named_parameters,
// state_dict, train/eval, zero_grad, to), and PyTorch's printed form. A learner's
// `class Net(nn.Module)` is a plain Module named after the class; its forward lives in the
// language binding, which fills the dicts as the class's __init__ assigns attributes.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core/tensor.h"

namespace tp::nn {

class Module;

using NamedTensors = std::vector<std::pair<std::string, Tensor>>;
using NamedChildren = std::vector<std::pair<std::string, std::shared_ptr<Module>>>;
using NamedModules = std::vector<std::pair<std::string, Module*>>;

// load_state_dict's answer when it does not raise (PyTorch's _IncompatibleKeys).
struct LoadResult {
  std::vector<std::string> missing_keys;
  std::vector<std::string> unexpected_keys;
};

class Module {
 public:
  explicit Module(std::string type_name);
  virtual ~Module() = default;

  // The class name PyTorch prints ("Linear", or a learner's "SimpleNN").
  const std::string& type_name() const { return type_name_; }
  void set_type_name(std::string name) { type_name_ = std::move(name); }

  // ---- Registration (an existing name keeps its place; the name leaves the other dicts) ----

  // An undefined tensor registers None. The tensor is stored as given (layers make their
  // parameters with autograd::make_parameter first).
  void register_parameter(const std::string& name, const Tensor& param);
  // persistent=false keeps the buffer out of state_dict.
  void register_buffer(const std::string& name, const Tensor& buffer, bool persistent = true);
  // A null module registers None.
  void register_module(const std::string& name, std::shared_ptr<Module> module);
  // Drops `name` from whichever dict holds it (del module.name).
  void remove(const std::string& name);
  // nullptr when there is no such entry; an entry holding None gives an undefined tensor /
  // a null pointer.
  const Tensor* find_parameter(const std::string& name) const;
  const Tensor* find_buffer(const std::string& name) const;
  const std::shared_ptr<Module>* find_module(const std::string& name) const;
  // This module's own entries, in registration order.
  const NamedTensors& parameters_dict() const { return params_; }
  const NamedTensors& buffers_dict() const { return buffers_; }
  const NamedChildren& children_dict() const { return children_; }

  // ---- Recursive walks (PyTorch's order; a tensor or module reached twice counts once) ----

  // ("fc1.weight", tensor) for every parameter that is not None.
  NamedTensors named_parameters(bool recurse = true) const;
  NamedTensors named_parameters(const std::string& prefix, bool recurse) const;
  NamedTensors named_parameters(const char* prefix) const = delete;  // would pick the bool form
  std::vector<Tensor> parameters(bool recurse = true) const;
  NamedTensors named_buffers(bool recurse = true) const;
  NamedTensors named_buffers(const std::string& prefix, bool recurse) const;
  NamedTensors named_buffers(const char* prefix) const = delete;
  std::vector<Tensor> buffers(bool recurse = true) const;
  // Direct submodules that are not None, each once.
  NamedChildren named_children() const;
  std::vector<std::shared_ptr<Module>> children() const;
  // Self first (named ""), then depth first.
  NamedModules named_modules(const std::string& prefix = "");
  std::vector<Module*> modules();

  // ---- Modes and gradients ----

  bool training() const { return training_; }
  // module.train(mode): this module and every submodule.
  void train(bool mode = true);
  void eval() { train(false); }
  // Sets only this module's flag (`self.training = False`).
  void set_training_flag(bool mode) { training_ = mode; }
  // set_to_none drops each .grad; otherwise each .grad is detached and zeroed in place.
  void zero_grad(bool set_to_none = true);

  // ---- Moving (PyTorch's _apply) ----

  // module.to(device, dtype, non_blocking): each parameter takes the converted data in place
  // (param.data = ...), so handles stay valid; an existing .grad moves the same way. Buffers
  // are replaced by their converted tensors. dtype applies only to floating tensors.
  void to(std::optional<Device> device, std::optional<DType> dtype, bool non_blocking = false);
  void cuda(std::optional<int> index = std::nullopt);
  void cpu();
  void half() { to(std::nullopt, DType::Float16); }
  void bfloat16() { to(std::nullopt, DType::BFloat16); }
  void float_() { to(std::nullopt, DType::Float32); }
  void double_() { to(std::nullopt, DType::Float64); }
  // _apply(fn) itself: fn maps every parameter's data, .grad and buffer.
  void apply_to_tensors(const std::function<Tensor(const Tensor&)>& fn);

  // ---- Saving and loading ----

  // Parameters then persistent buffers of each module, recursively, detached.
  NamedTensors state_dict() const;
  // Copies the values in place (no_grad). Raises PyTorch's RuntimeError listing missing and
  // unexpected keys (strict only) and shape mismatches (always).
  LoadResult load_state_dict(const NamedTensors& entries, bool strict = true);

  // ---- Printing ----

  // The text inside the parentheses ("in_features=3, out_features=10, bias=True").
  virtual std::string extra_repr() const { return ""; }
  // PyTorch's nested repr: "SimpleNN(\n  (fc1): Linear(...)\n)".
  virtual std::string repr() const;

  // ---- Behaviour ----

  // The layer's computation; raises PyTorch's NotImplementedError for a module without one.
  virtual Tensor forward(const Tensor& x);
  // A module of the same kind and settings with empty parameter/buffer/child dicts
  // (DataParallel's replicas fill them).
  virtual std::shared_ptr<Module> clone_empty() const;

 public:
  // For clone_empty(): empties the dicts of a freshly made copy.
  void clear_entries_for_clone();

 protected:
  // Registers t as a new trainable parameter (a leaf that requires grad).
  void add_parameter(const std::string& name, const Tensor& t);

 private:
  void load_into(const std::string& prefix, const NamedTensors& entries, LoadResult& result,
                 std::vector<std::string>& errors);
  // named_modules' walk: pre-order, each module once.
  void walk(const std::string& prefix, std::vector<std::pair<std::string, const Module*>>& out,
            std::set<const Module*>& seen) const;
  NamedTensors collect_tensors(const std::string& prefix, bool recurse, bool buffers) const;
  void state_dict_into(const std::string& prefix, NamedTensors& out) const;

  std::string type_name_;
  bool training_ = true;
  NamedTensors params_;
  NamedTensors buffers_;
  std::set<std::string> non_persistent_;
  NamedChildren children_;
};

// Python's repr of a float ("0.5", "1e-05", "2.0"), for extra_repr texts.
std::string python_float_repr(double v);

}  // namespace tp::nn
