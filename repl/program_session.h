// The tensorplay program's session: one Python session with its hint engine and the lesson
// state. The prompt, scripts and the Jupyter kernel all run over one of these; :reset
// replaces the Python session and the hint engine, never the learner's lesson progress.
#pragma once

#include <memory>

#include "repl/cli.h"
#include "repl/hints.h"
#include "repl/lesson/lesson_commands.h"
#include "repl/python_session.h"

namespace tp::repl {

struct ProgramSession {
  // `hints`: explain device errors after a failed run; `script`: line numbers in hints refer
  // to a file (scripts), not to earlier inputs (the prompt, notebook cells).
  ProgramSession(const cli::Options& options, bool hints, bool script);
  ~ProgramSession() { stop(); }
  ProgramSession(const ProgramSession&) = delete;
  ProgramSession& operator=(const ProgramSession&) = delete;

  // :reset: a fresh session with the devices configured again from the same flags.
  void reset();
  // After a run: hints for its error, the lesson commands' bookkeeping, SystemExit noted.
  void observe(const RunOutcome& outcome);

  const cli::Options& options;
  std::unique_ptr<PythonSession> python;
  std::unique_ptr<HintEngine> engine;
  lesson::LessonSession lessons;  // survives :reset: progress belongs to the learner
  bool exited = false;            // the code raised SystemExit
  int exit_code = 0;

 private:
  void start();
  void stop();
  bool hints_on_;
  bool script_;
};

}  // namespace tp::repl
