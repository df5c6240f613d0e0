#include "repl/program_session.h"

#include <unistd.h>

#include "core/device_registry.h"

namespace tp::repl {

ProgramSession::ProgramSession(const cli::Options& options, bool hints, bool script)
    : options(options), hints_on_(hints), script_(script) {
  lessons.extra_dir = options.lessons_dir;
  lessons.progress_path = lesson::default_progress_path();
  start();
}

void ProgramSession::start() {
  python = std::make_unique<PythonSession>();
  if (hints_on_) {
    bool color = options.color && isatty(STDERR_FILENO) != 0;
    engine = std::make_unique<HintEngine>(*python, color, script_);
  }
  python->set_run_observer([this](const RunOutcome& o) { observe(o); });
}

void ProgramSession::observe(const RunOutcome& o) {
  // Hints look at every run; the lesson commands remember the last error (expect-error);
  // SystemExit (exit(), sys.exit(n)) ends the program.
  if (engine) engine->observe(o);
  if (o.exited) {
    exited = true;
    exit_code = o.exit_code;
  } else {
    lessons.note_run(o);
  }
}

void ProgramSession::stop() {
  engine.reset();
  python.reset();  // device tensors die with the old session
}

void ProgramSession::reset() {
  stop();
  configure_devices(options.devices);
  start();
}

}  // namespace tp::repl
