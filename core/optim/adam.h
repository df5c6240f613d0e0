// torch.optim.Adam and AdamW, following torch/optim/adam.py's single-tensor (foreach=False)
// algorithm: AdamW is Adam with decoupled weight decay (p *= 1 - lr * weight_decay).
#pragma once

#include <utility>

#include "core/optim/optimizer.h"

namespace tp::optim {

struct AdamOptions {
  Scalar lr = 1e-3;
  std::pair<Scalar, Scalar> betas = {0.9, 0.999};
  Scalar eps = 1e-8;
  Scalar weight_decay = 0;  // AdamW's default is 1e-2 (AdamW::default_options())
  bool amsgrad = false;
  bool maximize = false;
};

class Adam : public Optimizer {
 public:
  // Raises PyTorch's ValueErrors ("Invalid learning rate: -1", "Invalid epsilon value: ...",
  // "Invalid beta parameter at index 0: 1.0", "Invalid weight_decay value: ...").
  Adam(std::vector<ParamGroup> groups, const AdamOptions& options = {});
  Adam(std::vector<Tensor> params, const AdamOptions& options = {})
      : Adam(one_group(std::move(params)), options) {}
  void step() override;

 protected:
  Adam(const char* name, bool decoupled, std::vector<ParamGroup> groups, const AdamOptions& options);
};

class AdamW : public Adam {
 public:
  // AdamOptions with AdamW's weight_decay default of 1e-2.
  static AdamOptions default_options();
  AdamW(std::vector<ParamGroup> groups, const AdamOptions& options = default_options());
  AdamW(std::vector<Tensor> params, const AdamOptions& options = default_options())
      : AdamW(one_group(std::move(params)), options) {}
};

}  // namespace tp::optim
