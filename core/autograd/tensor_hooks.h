// Tensor.register_hook: functions called with the gradient flowing into a tensor during a
// backward pass (PyTorch's tensor pre-hooks); a defined result replaces that gradient.
// A leaf's hooks run on its accumulator, a non-leaf's on the grad_fn that made it.
#pragma once

#include <functional>

#include "core/autograd/node.h"
#include "core/tensor.h"

namespace tp::autograd {

using TensorHook = std::function<Tensor(const Tensor&)>;

// Registers `hook` on t (PyTorch's error when t does not require grad). Returns its remover.
std::function<void()> add_tensor_hook(const Tensor& t, TensorHook hook);

// Runs the hooks on the gradients arriving at `node`, in registration order, replacing each
// gradient a hook returns a tensor for (before captures, retain_grad and accumulation).
void run_tensor_hooks(Node& node, TensorList& grads);

}  // namespace tp::autograd
