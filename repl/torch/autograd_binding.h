// The autograd surface of the torch namespace: a tensor's requires_grad/.grad/grad_fn/
// is_leaf/.data, grad_fn objects, and torch.no_grad / enable_grad / set_grad_enabled /
// torch.autograd.
#pragma once

#include <string>

#include "repl/torch/torch_types.h"

namespace tp::torchlang {

// t.name for the autograd attributes (Unbound for any other name).
Value tensor_autograd_attr(Interpreter& I, const Tensor& t, const std::string& name);
// t.name = v for requires_grad, grad and data; false for any other name.
bool set_tensor_autograd_attr(Interpreter& I, const Tensor& t, const std::string& name, const Value& v);
// torch.no_grad, enable_grad, set_grad_enabled, is_grad_enabled, inference_mode.
void add_grad_mode_functions(lang::ModuleObject& torch);
// The torch.autograd module.
void init_autograd_module(Interpreter& I, lang::ModuleObject& m);

}  // namespace tp::torchlang
