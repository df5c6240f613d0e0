// Tab completion shared by the prompt and the GUI console: meta commands, names in scope,
// and attributes after a plain dotted name (never calling anything).
#pragma once

#include <string>
#include <vector>

#include "repl/python_session.h"

namespace tp::repl {

// Candidates for the last word of `line`.
std::vector<std::string> complete_line(PythonSession& session, const std::string& line);

}  // namespace tp::repl
