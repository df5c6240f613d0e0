// The torch.nn namespace's pieces, shared by the files that bind them: the Module type's
// methods (nn_module_methods.cpp), layers and containers (nn_binding.cpp), losses
// (nn_loss_binding.cpp), DataParallel (data_parallel_binding.cpp) and nn.functional.
#pragma once

#include "repl/torch/nn_module_object.h"

namespace tp::torchlang {

// Adds nn.Module's methods (parameters, to, state_dict, ...) to its type.
void add_module_methods(lang::TypeObject* t);
// Adds Sequential/ModuleList methods (forward only for Sequential).
void add_container_methods(lang::TypeObject* t, bool with_forward);
// A builtin layer type: a subclass of nn.Module named `name` whose instances come from `make`.
lang::TypeObject* layer_type(const char* name, lang::NativeFn make);
// Adds the loss modules and their functional forms.
void add_loss_bindings(Interpreter& I, lang::ModuleObject& nn, lang::ModuleObject& functional);
// Adds nn.DataParallel.
void add_data_parallel(Interpreter& I, lang::ModuleObject& nn);
// Fills torch.nn.functional (activations, linear, dropout; losses come from add_loss_bindings).
void init_functional_module(Interpreter& I, lang::ModuleObject& m);

}  // namespace tp::torchlang
