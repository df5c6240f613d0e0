// Embedding CPython: the system's libpython with tensorplay's python/ folder first on
// sys.path (so `import torch` is tensorplay's torch, whatever else is installed), torch._C
// built in, and the quick names in builtins. Runs go through ast so that prompt input echoes
// expression values as Python's REPL does, and tracebacks are CPython's own.
#include "repl/python_session.h"

#include <pybind11/embed.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <ostream>

#include "python/src/module.h"
#include "repl/crash_report.h"

namespace tp {

namespace {

// Starts CPython once per process; true when this call started it.
bool start_interpreter() {
  if (Py_IsInitialized()) return false;
  torchpy::register_torch_c();
  PyConfig config;
  PyConfig_InitPythonConfig(&config);
  config.parse_argv = 0;
  config.install_signal_handlers = 1;
  // The path calculation starts from the interpreter the build found (Debian's), not from
  // whatever python3 comes first on PATH.
  PyConfig_SetBytesString(&config, &config.program_name, TP_PYTHON_EXECUTABLE);
  py::initialize_interpreter(&config, 0, nullptr, false);
  install_crash_report();
  py::module_ sys = py::module_::import("sys");
  py::list path = sys.attr("path");
  // tensorplay's torch first; then, as in python, '' (the current folder) for the prompt and
  // -c code, which run_file turns into a script's own folder (`from model import Net`).
  path.insert(0, TP_PYTHON_DIR);
  path.insert(1, "");
  sys.attr("argv") = py::make_tuple("");
  // The quick names every session starts with: torch, nn, F, optim, ones, zeros, ..., cpu, cuda.
  py::module_::import("tensorplay.quick_names").attr("install")();
  // In the web build, clear errors for what a browser tab lacks (numpy).
  py::module_::import("tensorplay.browser").attr("install")();
  return true;
}

}  // namespace

PythonSession::PythonSession() {
  const bool first = start_interpreter();
  py::module_ main = py::module_::import("__main__");
  py::dict ns = main.attr("__dict__");
  ns.clear();
  ns["__name__"] = "__main__";
  ns["__builtins__"] = py::module_::import("builtins");
  globals_ = ns;
  py::module_::import("tensorplay.session").attr("new_session")();
  // An earlier session's tensors may sit in reference cycles; the first has none.
  if (!first) py::module_::import("gc").attr("collect")();
}

PythonSession::~PythonSession() {
  if (!Py_IsInitialized()) return;
  set_output(nullptr, nullptr);
  globals().clear();
  // The last traceback's frames hold the old session's tensors; so may reference cycles.
  py::module_ sys = py::module_::import("sys");
  for (const char* name : {"last_type", "last_value", "last_traceback", "last_exc"}) {
    if (py::hasattr(sys, name)) sys.attr(name) = py::none();
  }
  py::module_::import("gc").attr("collect")();
}

void PythonSession::set_output(std::ostream* out, std::ostream* err) {
  out_ = out;
  err_ = err;
  py::module_ sys = py::module_::import("sys");
  if (!out && !err) {
    if (saved_stdout_) sys.attr("stdout") = saved_stdout_;
    if (saved_stderr_) sys.attr("stderr") = saved_stderr_;
    saved_stdout_ = py::object();
    saved_stderr_ = py::object();
    return;
  }
  if (!saved_stdout_) {
    saved_stdout_ = sys.attr("stdout");
    saved_stderr_ = sys.attr("stderr");
  }
  py::object sink = py::module_::import("torch._C").attr("_OutputSink");
  sys.attr("stdout") = sink(reinterpret_cast<uintptr_t>(out));
  sys.attr("stderr") = sink(reinterpret_cast<uintptr_t>(err));
}

void PythonSession::write_err(const std::string& text) {
  py::module_ sys = py::module_::import("sys");
  sys.attr("stderr").attr("write")(text);
  sys.attr("stderr").attr("flush")();
}

bool PythonSession::run_file(const std::string& source, const std::string& filename,
                             const std::vector<std::string>& argv) {
  py::module_ sys = py::module_::import("sys");
  py::list args;
  for (const std::string& a : argv) args.append(a);
  if (argv.empty()) args.append(filename == "<string>" ? "-c" : filename);
  sys.attr("argv") = args;
  // As in python: a script has __file__; -c code and piped input ("<string>", "<stdin>") do not.
  // Tracebacks read a script's lines from its file; -c and piped code show none, as in python.
  if (filename.rfind('<', 0) != 0) {
    globals()["__file__"] = filename;
    py::module_ os_path = py::module_::import("os.path");
    py::object folder = os_path.attr("dirname")(os_path.attr("realpath")(filename));
    py::list path = sys.attr("path");
    if (path.size() > 1 && py::str(path[1]).cast<std::string>().empty()) path[1] = folder;
    else path.insert(1, folder);
  }
  return run(source, filename, false);
}

bool PythonSession::run_code(const std::string& source, const std::string& filename) {
  // Tracebacks show a lesson step's lines, which are in no file.
  py::module_::import("linecache").attr("cache")[py::str(filename)] =
      py::make_tuple(source.size(), py::none(), py::module_::import("tensorplay.console").attr("split_lines")(source), filename);
  return run(source, filename, false);
}

bool PythonSession::run_interactive(const std::string& source, const std::string& filename) {
  return run(source, filename, true);
}

bool PythonSession::run(const std::string& source, const std::string& filename, bool interactive) {
  RunOutcome outcome;
  outcome.filename = filename;
  outcome.source = source;
  try {
    py::module_::import("tensorplay.console").attr("run_source")(source, filename, interactive, globals_);
  } catch (py::error_already_set& e) {
    outcome.ok = false;
    outcome.exception = e.value();
    if (e.trace()) PyException_SetTraceback(e.value().ptr(), e.trace().ptr());
    if (e.matches(PyExc_SystemExit)) {
      outcome.exited = true;
      outcome.exit_code = py::module_::import("tensorplay.console").attr("exit_code")(e.value()).cast<int>();
    }
  }
  finish(outcome);
  return outcome.ok;
}

void PythonSession::finish(RunOutcome& o) {
  // What the run printed comes before its traceback, and before what the front end prints
  // next (meta commands, the prompt), even when stdout is a pipe.
  try {
    py::module_::import("sys").attr("stdout").attr("flush")();
  } catch (const py::error_already_set&) {  // a closed or replaced stdout: nothing to keep in order
  }
  if (!o.ok) {
    py::object console = py::module_::import("tensorplay.console");
    if (!o.exited) {
      py::tuple parts = console.attr("describe")(o.exception);
      o.exc_type = parts[0].cast<std::string>();
      o.message = parts[1].cast<std::string>();
      o.traceback = parts[2].cast<std::string>();
      write_err(o.traceback);
    }
  }
  if (observer_) observer_(o);
}

py::object PythonSession::eval(const std::string& expr, std::string* error) {
  try {
    return py::eval(py::str(expr), globals_);
  } catch (py::error_already_set& e) {
    if (error) *error = py::module_::import("tensorplay.console").attr("describe")(e.value())[py::int_(3)].cast<std::string>();
    return py::object();
  }
}

bool PythonSession::needs_more_input(const std::string& source) {
  start_interpreter();
  return py::module_::import("tensorplay.console").attr("needs_more_input")(source).cast<bool>();
}

py::dict PythonSession::globals() const { return py::reinterpret_borrow<py::dict>(globals_); }

py::object PythonSession::get_global(const std::string& name) const {
  py::dict ns = globals();
  if (!ns.contains(name)) return py::object();
  return ns[py::str(name)];
}

void PythonSession::exit_process(int status) {
  if (Py_IsInitialized()) {
    py::module_ sys = py::module_::import("sys");
    try {
      py::dict modules = sys.attr("modules");
      if (modules.contains("threading")) modules["threading"].attr("_shutdown")();
      py::module_::import("atexit").attr("_run_exitfuncs")();
    } catch (py::error_already_set& e) {
      e.discard_as_unraisable("tensorplay's exit");
    }
    for (const char* name : {"stdout", "stderr"}) {
      try {
        sys.attr(name).attr("flush")();
      } catch (py::error_already_set&) {
        if (status == 0) status = 120;
      }
    }
  }
  std::fflush(nullptr);
  std::_Exit(status);
}

void PythonSession::interrupt() { PyErr_SetInterruptEx(SIGINT); }

}  // namespace tp
