// The embedded Python session itself: what a run reports (errors, SystemExit's code), output
// capture, prompt completeness as Python's REPL decides it, sys.argv and __file__, and what a
// new session clears (the namespace, the environment) and keeps (the one interpreter).
#include <doctest/doctest.h>

#include <cstdlib>
#include <sstream>

#include "repl/python_session.h"

using namespace tp;

namespace {

// The session's runs, captured.
struct Captured {
  Captured() {
    session.set_output(&out, &err);
    session.set_run_observer([this](const RunOutcome& o) { last = o; });
  }
  PythonSession session;
  std::ostringstream out, err;
  RunOutcome last;
};

}  // namespace

TEST_CASE("a run reports its error: type, message, traceback") {
  Captured c;
  CHECK(c.session.run_interactive("x = 2\nx * 3\n"));
  CHECK(c.out.str() == "6\n");  // prompt input echoes expression values
  CHECK_FALSE(c.session.run_code("1 / 0\n", "<step: t>"));
  CHECK_FALSE(c.last.ok);
  CHECK(c.last.exc_type == "ZeroDivisionError");
  CHECK(c.last.message == "division by zero");
  // A lesson step's lines are in no file: the session keeps them for the traceback.
  CHECK(c.err.str().find("  File \"<step: t>\", line 1, in <module>\n    1 / 0\n") != std::string::npos);
  CHECK(c.err.str().find("ZeroDivisionError: division by zero\n") != std::string::npos);
  // -c code shows no lines, as in python.
  c.err.str("");
  CHECK_FALSE(c.session.run_file("1 / 0\n", "<string>"));
  CHECK(c.err.str().find("  File \"<string>\", line 1, in <module>\nZeroDivisionError") != std::string::npos);
}

TEST_CASE("SystemExit ends the program with its code, printing nothing") {
  Captured c;
  CHECK_FALSE(c.session.run_file("import sys\nsys.exit(3)\n", "<string>"));
  CHECK(c.last.exited);
  CHECK(c.last.exit_code == 3);
  CHECK_FALSE(c.session.run_interactive("exit()\n"));
  CHECK(c.last.exited);
  CHECK(c.last.exit_code == 0);
  CHECK(c.err.str().empty());
}

TEST_CASE("the prompt needs more lines as Python's REPL does") {
  CHECK(PythonSession::needs_more_input("for i in range(3):\n"));
  CHECK(PythonSession::needs_more_input("while True: pass\n"));  // a blank line ends it
  CHECK_FALSE(PythonSession::needs_more_input("while True: pass\n\n"));
  CHECK(PythonSession::needs_more_input("if x:\n    y\n"));
  CHECK(PythonSession::needs_more_input("x = (1,\n"));
  CHECK_FALSE(PythonSession::needs_more_input("x = 1\n"));
  CHECK_FALSE(PythonSession::needs_more_input("x = )\n"));  // a syntax error runs (and raises)
}

TEST_CASE("scripts get sys.argv; __file__ only for a real file") {
  Captured c;
  CHECK(c.session.run_file("import sys\nprint(sys.argv, __file__)\n", "s.py", {"s.py", "a"}));
  CHECK(c.out.str() == "['s.py', 'a'] s.py\n");
  PythonSession fresh;  // -c code has no __file__
  std::ostringstream out, err;
  fresh.set_output(&out, &err);
  CHECK(fresh.run_file("print('__file__' in globals())\n", "<string>", {"-c"}));
  CHECK(out.str() == "False\n");
}

TEST_CASE("eval: a value, or the error's last line") {
  Captured c;
  c.session.run_interactive("n = 4\n");
  std::string error;
  CHECK(c.session.eval("n + 1", &error).cast<int>() == 5);
  CHECK_FALSE(c.session.eval("m", &error));
  CHECK(error == "NameError: name 'm' is not defined");
}

TEST_CASE("a new session clears the namespace and puts the environment back") {
  {
    PythonSession first;
    first.run_interactive("import os\nos.environ['TP_SESSION_MARK'] = '1'\nkept = 1\n");
    CHECK(std::getenv("TP_SESSION_MARK") != nullptr);
    CHECK(first.get_global("kept"));
  }
  PythonSession second;
  CHECK_FALSE(second.get_global("kept"));
  CHECK(std::getenv("TP_SESSION_MARK") == nullptr);
  CHECK(second.eval("ones", nullptr));  // the quick names stay: they live in builtins
}
