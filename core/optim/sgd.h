// torch.optim.SGD: plain, momentum, Nesterov momentum, weight decay and maximize, following
// torch/optim/sgd.py's single-tensor (foreach=False) algorithm step for step.
#pragma once

#include "core/optim/optimizer.h"

namespace tp::optim {

// SGD's constructor arguments; int defaults stay ints so repr prints "momentum: 0".
struct SGDOptions {
  Scalar lr = 1e-3;
  Scalar momentum = 0;
  Scalar dampening = 0;
  Scalar weight_decay = 0;
  bool nesterov = false;
  bool maximize = false;
};

class SGD : public Optimizer {
 public:
  // Raises PyTorch's ValueErrors ("Invalid learning rate: -1", "Nesterov momentum requires a
  // momentum and zero dampening", "optimizer got an empty parameter list").
  SGD(std::vector<ParamGroup> groups, const SGDOptions& options = {});
  SGD(std::vector<Tensor> params, const SGDOptions& options = {})
      : SGD(one_group(std::move(params)), options) {}
  void step() override;
};

}  // namespace tp::optim
