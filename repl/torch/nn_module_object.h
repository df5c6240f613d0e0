// nn.Module as the language sees it: a native object wrapping a core nn::Module, so that a
// learner's `class Net(nn.Module)` registers parameters and submodules when its __init__
// assigns them, calls forward on `net(x)`, prints like PyTorch and moves with .to().
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/nn/module.h"
#include "repl/torch/torch_types.h"

namespace tp::torchlang {

namespace pyty {
extern lang::TypeObject* module;  // torch.nn.Module
}

struct NnModuleObject : lang::NativeObject {
  NnModuleObject(lang::TypeObject* type, std::shared_ptr<nn::Module> m);
  std::shared_ptr<nn::Module> m;
  lang::AttrMap attrs;     // plain Python attributes (not parameters, buffers or modules)
  lang::AttrMap children;  // the submodule objects, in m's registration order
  bool initialized = false;  // Module.__init__ has run
  bool container = false;    // Sequential / ModuleList: indexable, sized, iterable

  Value get_attr(Interpreter& I, const std::string& name) override;
  bool set_attr(Interpreter& I, const std::string& name, const Value& v) override;
  Value call(Interpreter& I, Args args) override;
  std::string repr(Interpreter& I) override;
  std::vector<std::string> dir(Interpreter& I) override;
  // Containers (Sequential, ModuleList) index, measure and iterate their children.
  Value get_item(Interpreter& I, const Value& key) override;
  int64_t len(Interpreter& I) override;
  Value iter(Interpreter& I) override;

  // Registers `child` (a NnModuleObject or None) under `name`, in both trees.
  void add_child(const std::string& name, const Value& child);
};

inline bool is_module(const Value& v) { return v.is_obj() && dynamic_cast<NnModuleObject*>(v.obj()) != nullptr; }
inline NnModuleObject* module_of(const Value& v) { return static_cast<NnModuleObject*>(v.obj()); }

// Wraps a core module as an instance of `type` (a builtin layer type), initialized.
Value wrap_module(lang::TypeObject* type, std::shared_ptr<nn::Module> m);
// A copy of the module tree for DataParallel: same classes and attributes, each parameter
// copied to `device` with its gradient flowing back to the original.
Value replicate_module(Interpreter& I, const Value& module, Device device);
// All the tensors a value holds for the memory view (a tensor, or a module's parameters and
// buffers).
std::vector<Tensor> tensors_of(const Value& v);


}  // namespace tp::torchlang
