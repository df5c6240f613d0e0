// The entry point of the torch binding: makes `import torch` (and its submodules) available
// and predefines the quick names (torch nn F optim ones zeros ... cpu cuda device) in a session.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "repl/lang/interpreter.h"

namespace tp::torchlang {

// Registers the torch modules and adds the quick names as builtins of `I`.
void install(lang::Interpreter& I);
// (name, one-line help) for every torch function and Tensor method, from the op table.
std::vector<std::pair<std::string, std::string>> help_entries();

}  // namespace tp::torchlang
