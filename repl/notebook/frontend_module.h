// `_tensorplay_frontend`: what tensorplay's Python front-end code (the Jupyter kernel in
// python/tensorplay/jupyter/, the pictures of python/tensorplay/show.py) needs from the
// program: the meta commands with their output captured, the hint engine and lesson state
// told how a notebook cell ended, the lessons for export, and the GUI's views drawn as SVG.
// The tensorplay program adds it to every session it starts.
#pragma once

#include <string>

#include "repl/program_session.h"

namespace tp::notebook {

// Adds the module to the running interpreter (sys.modules), bound to `session`.
void install_frontend_module(repl::ProgramSession& session);

// Calls `module`.`function`(*args) in the running session (the kernel, the kernelspec installer, the
// lesson export); prints the traceback of what escapes and returns 1, else what the call
// returned (an int, or 0).
int run_python_entry(const char* module, const char* function, const pybind11::tuple& args);

}  // namespace tp::notebook
