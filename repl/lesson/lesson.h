// Guided lessons (lessons/*.lesson, format in lessons/README.md): the parsed form, the
// loader that finds and parses lesson files, and the runner that plays a lesson's steps in an
// Python session and says, step by step, what ran, what raised and which checks hold.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "repl/python_session.h"

namespace tp::lesson {

// The GUI view a step asks for.
// Kernel: the thread grid on the learner's last numba.cuda kernel.
enum class View { None, Grid, Timings, Memory, Timeline, Devices, Kernel };

// "grid", "timings", ... for a view; "" for None.
const char* view_name(View v);

// One `check:` line: a Python expression that must be truthy in the learner's session.
struct Check {
  std::string expr;
  int line = 0;
};

// One `## Step:` section of a lesson.
struct Step {
  std::string name;
  int line = 0;               // the line of its `## Step:` heading
  std::string prose;          // the text shown to the learner (markdown-ish, trimmed)
  std::string code;           // the ```python block, "" when the step has none
  int code_line = 0;          // the line of the code's first source line
  std::vector<Check> checks;  // all must be true for the step to pass
  std::string expect_error;   // text the code's error must contain; "" when none expected
  std::string hint;
  View view = View::None;
};

// One parsed lesson file.
struct Lesson {
  std::string title;
  int minutes = 0;
  int gpus = 1;       // GPUs its code needs (header `gpus: N`); :lesson says how to get them
  int number = 0;     // from the file name's number prefix (01_why_gpus.lesson -> 1)
  std::string path;   // the file it came from
  std::vector<Step> steps;
};

// A malformed lesson; what() is "FILE:LINE: message".
struct LessonError : std::runtime_error {
  LessonError(const std::string& file, int line, const std::string& message);
  std::string file;
  int line;
  std::string message;
};

// Parses one lesson's text; `file` names it in errors. Throws LessonError.
Lesson parse_lesson(const std::string& text, const std::string& file);
// Reads and parses one file (number taken from its name). Throws LessonError.
Lesson load_lesson_file(const std::string& path);

// What loading directories gives: the good lessons, sorted by number, and one
// "FILE:LINE: message" per file that could not be loaded.
struct LoadResult {
  std::vector<Lesson> lessons;
  std::vector<std::string> errors;
};

// Loads every *.lesson file in each directory (missing directories are skipped).
LoadResult load_lessons(const std::vector<std::string>& dirs);
// The directories lessons are searched in: the shipped lessons/ folder, then `extra`
// (from `--lessons DIR`) when it is not empty.
std::vector<std::string> lesson_dirs(const std::string& extra = "");

// How one check came out.
struct CheckResult {
  std::string expr;
  bool passed = false;
  std::string error;  // the traceback when evaluating the expression raised
};

// How one step came out when run.
struct StepResult {
  std::string step;
  bool has_code = false;
  bool code_ok = true;          // the code ran without an uncaught exception
  std::string output;           // what the code printed
  std::string error;            // the traceback when it raised
  bool expects_error = false;
  bool expected_error_hit = false;  // it raised, and the traceback contains the text
  std::vector<CheckResult> checks;
  // The step is done: its expected error (if any) was hit, or its code ran cleanly;
  // and every check is true.
  bool passed() const;
};

// Runs one step's code (if any) in `session`, then evaluates its checks.
StepResult run_step(PythonSession& session, const Step& step);
// Evaluates the step's checks only (the REPL's :check after the learner's own typing).
std::vector<CheckResult> evaluate_checks(PythonSession& session, const Step& step);
// Runs every step in order in one session.
std::vector<StepResult> run_lesson(PythonSession& session, const Lesson& lesson);

}  // namespace tp::lesson
