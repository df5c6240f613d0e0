// The builtin namespace, declared once in one table: the interpreter's builtins, :help
// and tab completion all read it.
#pragma once

#include <vector>

#include "repl/lang/objects.h"

namespace tp::lang {

struct BuiltinSpec {
  const char* name;
  NativeFn fn;             // the function, or the type's constructor
  TypeObject** type;       // set for builtin types (int, list, ValueError, ...)
  const char* help;        // one line for :help
};

// Every builtin name, in the order CPython's builtins module lists them where it can.
const std::vector<BuiltinSpec>& builtin_table();

}  // namespace tp::lang
