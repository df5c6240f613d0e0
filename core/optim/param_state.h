// One parameter's optimizer state, optimizer.state[p] in torch.optim: tensors by name, kept by
// the caller (torch/optim keeps a dict, which torch.save writes out and load_state_dict
// replaces). A step reads its entries afresh each time and adds them where PyTorch's step
// does, in its order, so the state holds what PyTorch's holds, in the same order.
#pragma once

#include "core/tensor.h"

namespace tp::optim {

class ParamState {
 public:
  virtual ~ParamState() = default;
  virtual bool empty() const = 0;
  // Whether the entry is there at all, and whether it holds a tensor: SGD's momentum_buffer
  // may be there holding nothing (None), as PyTorch's state dicts have it.
  virtual bool contains(const char* name) const = 0;
  virtual bool holds_tensor(const char* name) const = 0;
  virtual Tensor get(const char* name) const = 0;
  virtual void set(const char* name, const Tensor& value) = 0;
};

}  // namespace tp::optim
