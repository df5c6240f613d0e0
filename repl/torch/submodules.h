// The init functions of the torch submodules bound in their own files (each registered in
// torch_module.cpp's register_modules()).
#pragma once

#include "repl/lang/interpreter.h"

namespace tp::torchlang {

void init_nn_module(lang::Interpreter& I, lang::ModuleObject& m);          // nn_binding.cpp
void init_functional_module(lang::Interpreter& I, lang::ModuleObject& m);  // nn_functional_binding.cpp
void init_data_module(lang::Interpreter& I, lang::ModuleObject& m);        // data_binding.cpp
void init_optim_module(lang::Interpreter& I, lang::ModuleObject& m);       // optim_binding.cpp
void init_amp_module(lang::Interpreter& I, lang::ModuleObject& m);         // amp_binding.cpp (torch.amp)
void init_cuda_amp_module(lang::Interpreter& I, lang::ModuleObject& m);    // amp_binding.cpp (torch.cuda.amp)
void init_distributed_module(lang::Interpreter& I, lang::ModuleObject& m);       // distributed_binding.cpp
void init_nn_parallel_module(lang::Interpreter& I, lang::ModuleObject& m);       // distributed_binding.cpp
void init_data_distributed_module(lang::Interpreter& I, lang::ModuleObject& m);  // distributed_binding.cpp
// Adds torch.finfo and torch.iinfo (finfo_binding.cpp).
void add_type_info(lang::ModuleObject& torch);
// torch.autocast (the same as torch.amp.autocast).
lang::Value torch_autocast_fn();

}  // namespace tp::torchlang
