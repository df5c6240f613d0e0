// nn.Sequential and nn.ModuleList: modules that hold submodules named "0", "1", ...
// Sequential's C++ forward chains its children's forwards; ModuleList has no forward and
// prints runs of identical children compressed ("(0-1): 2 x ReLU()"), as PyTorch does.
#pragma once

#include <memory>
#include <vector>

#include "core/nn/module.h"

namespace tp::nn {

class Sequential : public Module {
 public:
  explicit Sequential(const std::vector<std::shared_ptr<Module>>& modules = {});
  // Adds `module` as child str(size()).
  void append(std::shared_ptr<Module> module);
  int64_t size() const { return static_cast<int64_t>(children_dict().size()); }
  // seq[i], negative i from the end; IndexError "index 5 is out of range".
  std::shared_ptr<Module> at(int64_t index) const;
  Tensor forward(const Tensor& x) override;
  std::shared_ptr<Module> clone_empty() const override;
};

class ModuleList : public Module {
 public:
  explicit ModuleList(const std::vector<std::shared_ptr<Module>>& modules = {});
  void append(std::shared_ptr<Module> module);
  int64_t size() const { return static_cast<int64_t>(children_dict().size()); }
  std::shared_ptr<Module> at(int64_t index) const;
  std::string repr() const override;
  std::shared_ptr<Module> clone_empty() const override;
};

}  // namespace tp::nn
