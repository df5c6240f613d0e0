// Autograd state attached to a tensor. The autograd engine (a later step) grows this;
// printing and the core only need requires_grad and the grad_fn's name.
#pragma once

#include <memory>
#include <string>

namespace tp {

// A node of the backward graph (PyTorch's grad_fn).
struct Node {
  virtual ~Node() = default;
  // PyTorch's class name, e.g. "AddBackward0".
  virtual std::string name() const = 0;
};

struct AutogradMeta {
  bool requires_grad = false;
  std::shared_ptr<Node> grad_fn;
};

}  // namespace tp
