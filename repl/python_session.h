// The embedded CPython interpreter and one session over it: a __main__ namespace that front
// ends (the prompt, scripts, the GUI console, lessons) feed source to, with the quick names
// predefined, output optionally captured, Ctrl-C as KeyboardInterrupt, and an observer that
// hears how each run ended (hints, lesson checks and the memory map read it).
#pragma once

#include <pybind11/pybind11.h>

#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

namespace tp {

namespace py = pybind11;

// How one run ended.
struct RunOutcome {
  bool ok = true;
  std::string filename;   // "<stdin>", "<string>", the script's path
  std::string source;     // what ran
  std::string exc_type;   // "RuntimeError", "torch.OutOfMemoryError" ("" when ok)
  std::string message;    // str(exception)
  std::string traceback;  // the text printed for it
  py::object exception;   // the exception object (its fields, its __traceback__)
  bool exited = false;    // SystemExit was raised: the program asked to end
  int exit_code = 0;
};

class PythonSession {
 public:
  // Starts the interpreter on first use (one per process) and gives this session a fresh,
  // empty __main__ namespace; a second session replaces the first's namespace (:reset), and
  // puts back the process environment (tensorplay/session.py).
  PythonSession();
  ~PythonSession();
  PythonSession(const PythonSession&) = delete;
  PythonSession& operator=(const PythonSession&) = delete;

  // Where print() and tracebacks go: C++ streams (the GUI, tests), or the process's own
  // stdout/stderr when both are null (the default).
  void set_output(std::ostream* out, std::ostream* err);
  // The streams set_output gave (null: the process's own), to put back after a capture.
  std::ostream* out_stream() const { return out_; }
  std::ostream* err_stream() const { return err_; }
  // Writes to the session's error stream (hints after a traceback).
  void write_err(const std::string& text);

  // Runs a whole script as __main__ (sys.argv = argv). True when it raised nothing.
  bool run_file(const std::string& source, const std::string& filename, const std::vector<std::string>& argv = {});
  // Runs a piece of code as a whole (a lesson step), leaving sys.argv and __file__ alone;
  // tracebacks show its lines.
  bool run_code(const std::string& source, const std::string& filename = "<string>");
  // Runs prompt input: statements one by one, echoing each expression statement's value.
  bool run_interactive(const std::string& source, const std::string& filename = "<stdin>");
  // Evaluates one expression in the session's namespace; `error` gets the exception's last
  // line when it raises (and then the result is a null object).
  py::object eval(const std::string& expr, std::string* error);
  // True when `source` is the start of a statement that needs more lines (the prompt's "...").
  static bool needs_more_input(const std::string& source);

  // The session's namespace (the globals of __main__).
  py::dict globals() const;
  // A global by name; a null object when it is not set.
  py::object get_global(const std::string& name) const;

  // Ends the process as `python` does at exit, less the teardown: non-daemon threads are
  // joined, atexit handlers run and output is flushed (status 120 when that fails and
  // `status` is 0), then the process exits at once. Freeing every object of the
  // interpreter one by one took longer than the rest of `tensorplay -c "..."`.
  [[noreturn]] static void exit_process(int status);
  // Raises KeyboardInterrupt in the running code at its next bytecode; async-signal-safe.
  static void interrupt();
  // Called after every run, once its traceback (if any) is printed.
  void set_run_observer(std::function<void(const RunOutcome&)> observer) { observer_ = std::move(observer); }

 private:
  bool run(const std::string& source, const std::string& filename, bool interactive);
  void finish(RunOutcome& outcome);
  py::object globals_;  // a dict once the interpreter runs
  py::object saved_stdout_, saved_stderr_;
  std::ostream* out_ = nullptr;
  std::ostream* err_ = nullptr;
  std::function<void(const RunOutcome&)> observer_;
};

}  // namespace tp
