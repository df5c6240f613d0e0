// Hooks that fill the builtin types' method tables, each defined in the file that
// implements those methods; ty::init() calls them once.
#pragma once

#include "repl/lang/objects.h"

namespace tp::lang {

void register_str_methods();        // str_methods.cpp
void register_container_methods();  // container_methods.cpp (list, tuple, dict, set)
void register_exception_methods();  // exceptions.cpp
void register_type_constructors();  // builtins.cpp (int(), str(), list(), ...)

// Adds a builtin method `name` to type t.
void add_method(TypeObject* t, const char* name, MethodFn fn);

// A native type that lives as long as the program: `name` in `module` ("torch.optim.sgd"),
// deriving from `base` (object when null).
TypeObject* new_native_type(const std::string& name, const std::string& module,
                            TypeObject* base = nullptr);

// Adds a builtin function `name` to module m (torch.cuda.synchronize, ...).
void add_function(ModuleObject& m, const char* name, NativeFn fn);

// Raises TypeError unless args has between lo and hi positional arguments and no keywords.
void check_arity(Interpreter& I, const char* fname, Args a, size_t lo, size_t hi);

}  // namespace tp::lang
