// Playing a lesson in an interpreter session: runs each step's code with its output captured,
// compares a raised error with the step's expected error, and evaluates its checks. Used by
// the lesson tests now and by the REPL's :check and the GUI's check mark later.
#include <sstream>

#include "repl/lesson/lesson.h"

namespace tp::lesson {

namespace {

// Sends the interpreter's print() output and tracebacks to two strings while alive.
struct Capture {
  explicit Capture(lang::Interpreter& I) : I(I), old_out(&I.out()), old_err(&I.err()) {
    I.set_output(&out, &err);
  }
  ~Capture() { I.set_output(old_out, old_err); }
  lang::Interpreter& I;
  std::ostream* old_out;
  std::ostream* old_err;
  std::ostringstream out;
  std::ostringstream err;
};

// The global a check's value is stored in for a moment.
const char* const kCheckName = "__tp_check__";

}  // namespace

bool StepResult::passed() const {
  if (expects_error ? !expected_error_hit : !code_ok) return false;
  for (const CheckResult& c : checks)
    if (!c.passed) return false;
  return true;
}

std::vector<CheckResult> evaluate_checks(lang::Interpreter& I, const Step& step) {
  std::vector<CheckResult> results;
  for (const Check& check : step.checks) {
    CheckResult r;
    r.expr = check.expr;
    Capture cap(I);
    // Parenthesised so that any expression is one assignment; a newline keeps a trailing
    // comment in the expression from swallowing the closing parenthesis.
    if (I.run_file(std::string(kCheckName) + " = (" + check.expr + "\n)", "<check>")) {
      r.passed = I.truthy(I.get_global(kCheckName));
      I.run_file(std::string("del ") + kCheckName, "<check>");
    } else {
      r.error = cap.err.str();
    }
    results.push_back(r);
  }
  return results;
}

StepResult run_step(lang::Interpreter& I, const Step& step) {
  StepResult r;
  r.step = step.name;
  r.expects_error = !step.expect_error.empty();
  if (!step.code.empty()) {
    r.has_code = true;
    Capture cap(I);
    r.code_ok = I.run_file(step.code, "<step: " + step.name + ">");
    r.output = cap.out.str();
    r.error = cap.err.str();
    r.expected_error_hit =
        r.expects_error && !r.code_ok && r.error.find(step.expect_error) != std::string::npos;
  }
  r.checks = evaluate_checks(I, step);
  return r;
}

std::vector<StepResult> run_lesson(lang::Interpreter& I, const Lesson& lesson) {
  std::vector<StepResult> results;
  for (const Step& step : lesson.steps) results.push_back(run_step(I, step));
  return results;
}

}  // namespace tp::lesson
