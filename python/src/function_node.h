// The grad_fn of a torch.autograd.Function: a C++ node whose backward calls the Python class's
// backward. Its Python face is the ctx object itself (y.grad_fn is ctx), as in PyTorch.
#pragma once

#include <memory>

#include "core/autograd/node.h"
#include "python/src/bindings.h"

namespace tp::torchpy {

// The ctx object of a torch.autograd.Function node, or a null object for any other node.
py::object function_ctx(const Node& node);
// The Python object of any node (autograd_binding.cpp): the ctx for a Function node.
py::object wrap_node(const std::shared_ptr<Node>& node);

}  // namespace tp::torchpy
