// Dumps a syntax tree in CPython's ast.dump() format (without ctx=), for tests and `:ast`.
#pragma once

#include <string>

#include "repl/lang/ast.h"

namespace tp::lang {

std::string dump(const Module& module);

}  // namespace tp::lang
