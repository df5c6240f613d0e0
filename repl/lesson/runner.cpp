// Playing a lesson in a Python session: runs each step's code with its output captured,
// compares a raised error with the step's expected error, and evaluates its checks (Python
// expressions). Used by the lesson tests, the REPL's :check and the GUI's check mark.
#include <sstream>

#include "repl/lesson/lesson.h"

namespace tp::lesson {

namespace {

// Sends the session's print() output and tracebacks to two strings while alive.
struct Capture {
  explicit Capture(PythonSession& s) : s(s), old_out(s.out_stream()), old_err(s.err_stream()) {
    s.set_output(&out, &err);
  }
  ~Capture() { s.set_output(old_out, old_err); }
  PythonSession& s;
  std::ostream* old_out;
  std::ostream* old_err;
  std::ostringstream out;
  std::ostringstream err;
};

}  // namespace

bool StepResult::passed() const {
  if (expects_error ? !expected_error_hit : !code_ok) return false;
  for (const CheckResult& c : checks)
    if (!c.passed) return false;
  return true;
}

std::vector<CheckResult> evaluate_checks(PythonSession& session, const Step& step) {
  std::vector<CheckResult> results;
  for (const Check& check : step.checks) {
    CheckResult r;
    r.expr = check.expr;
    Capture cap(session);
    // bool() inside the evaluation, so that an ambiguous truth value is the check's error; a
    // newline keeps a trailing comment in the expression from swallowing the parenthesis.
    std::string error;
    py::object value = session.eval("bool((" + check.expr + "\n))", &error);
    if (value) {
      r.passed = value.cast<bool>();
    } else {
      r.error = error;
    }
    results.push_back(r);
  }
  return results;
}

StepResult run_step(PythonSession& session, const Step& step) {
  StepResult r;
  r.step = step.name;
  r.expects_error = !step.expect_error.empty();
  if (!step.code.empty()) {
    r.has_code = true;
    Capture cap(session);
    r.code_ok = session.run_code(step.code, "<step: " + step.name + ">");
    r.output = cap.out.str();
    r.error = cap.err.str();
    r.expected_error_hit =
        r.expects_error && !r.code_ok && r.error.find(step.expect_error) != std::string::npos;
  }
  r.checks = evaluate_checks(session, step);
  return r;
}

std::vector<StepResult> run_lesson(PythonSession& session, const Lesson& lesson) {
  std::vector<StepResult> results;
  for (const Step& step : lesson.steps) results.push_back(run_step(session, step));
  return results;
}

}  // namespace tp::lesson
