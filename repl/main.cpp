// The tensorplay program: sets up the devices, then runs a script, a -c string, piped
// input, or the interactive prompt over one embedded CPython session whose `torch` is
// tensorplay's; the process ends as `python`'s does (atexit, flushed output), less the teardown.
#include <poll.h>
#include <unistd.h>

#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>

#include "core/device_registry.h"
#include "repl/cli.h"
#include "repl/completion.h"
#include "repl/hints.h"
#include "repl/launcher.h"
#include "repl/lesson/lesson_commands.h"
#include "repl/line_editor.h"
#include "repl/meta_commands.h"
#include "repl/python_session.h"
#include "repl/sigint.h"

namespace {

namespace py = pybind11;

// One Python session and its hint engine; :reset replaces both.
struct Session {
  Session(const tp::cli::Options& options, bool hints) : options(options), hints_on(hints) {
    lessons.extra_dir = options.lessons_dir;
    lessons.progress_path = tp::lesson::default_progress_path();
    start();
  }
  ~Session() { stop(); }
  void start() {
    python = std::make_unique<tp::PythonSession>();
    if (hints_on) {
      bool color = options.color && isatty(STDERR_FILENO) != 0;
      bool script = options.mode != tp::cli::Options::Mode::Interactive;
      engine = std::make_unique<tp::repl::HintEngine>(*python, color, script);
    }
    // Hints look at every run; the lesson commands remember the last error (expect-error);
    // SystemExit (exit(), sys.exit(n)) ends the program.
    python->set_run_observer([this](const tp::RunOutcome& o) {
      if (engine) engine->observe(o);
      if (o.exited) {
        exited = true;
        exit_code = o.exit_code;
      } else {
        lessons.note_run(o);
      }
    });
  }
  void stop() {
    engine.reset();
    python.reset();  // device tensors die with the old session
  }
  // :reset: a fresh session with the devices configured again from the same flags.
  void reset() {
    stop();
    tp::configure_devices(options.devices);
    start();
  }
  const tp::cli::Options& options;
  bool hints_on;
  std::unique_ptr<tp::PythonSession> python;
  std::unique_ptr<tp::repl::HintEngine> engine;
  tp::lesson::LessonSession lessons;  // survives :reset: progress belongs to the learner
  bool exited = false;                // the code raised SystemExit
  int exit_code = 0;
};

// True when more input is already waiting on stdin: a paste is still arriving.
bool input_pending() {
  pollfd fd{STDIN_FILENO, POLLIN, 0};
  return ::poll(&fd, 1, 0) > 0 && (fd.revents & POLLIN) != 0;
}

std::string read_all(std::istream& in) {
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

void print_banner() {
  std::cout << "tensorplay " << TP_VERSION
            << ": PyTorch-style tensors on a CPU and a real or simulated GPU\n";
  for (const std::string& line : tp::device_banner()) std::cout << line << "\n";
  if (const std::string note = tp::machine_clock_note(); !note.empty()) std::cout << note << "\n";
  std::cout << "Type :help for help, :quit or Ctrl-D to leave.\n";
}

int interactive(Session& session) {
  print_banner();
  tp::repl::LineEditor editor(
      [&session](const std::string& line) { return tp::repl::complete_line(*session.python, line); });
  if (!editor.warning().empty()) std::cerr << editor.warning() << "\n";
  std::string buffer;
  bool quit = false;
  // A meta command (`:lesson 3`); false when the line is not one.
  auto meta = [&session, &quit](const std::string& line) {
    tp::repl::MetaContext ctx{*session.python, std::cout, [&session] { session.reset(); }};
    ctx.lessons = &session.lessons;
    bool handled = false;
    try {
      handled = tp::repl::run_meta_command(line, ctx);
    } catch (const std::exception& e) {  // e.g. a device reconfiguration that failed
      std::cout << "error: " << e.what() << "\n";
      handled = true;
    }
    quit = quit || ctx.quit;
    return handled;
  };
  if (!session.options.lesson.empty()) meta(":lesson " + session.options.lesson);
  while (!quit && !session.exited) {
    tp::repl::set_waiting_for_input(true);
    auto line = editor.read(buffer.empty() ? ">>> " : "... ");
    tp::repl::set_waiting_for_input(false);
    if (tp::repl::take_sigint_while_waiting()) {
      std::cout << "\nKeyboardInterrupt\n";
      buffer.clear();
      continue;
    }
    if (!line) {
      std::cout << "\n";
      break;
    }
    try {
      if (buffer.empty() && meta(*line)) {
        editor.add_history(*line);
        continue;
      }
      buffer += *line + "\n";
      if (tp::PythonSession::needs_more_input(buffer)) continue;
      // A blank line ends a block, as in python; but in a paste (the rest of it already
      // waiting) the block may go on after it: the next method of a class.
      if (line->empty() && buffer != "\n" && input_pending()) continue;
      editor.add_history(buffer.substr(0, buffer.size() - 1));
      std::cout.flush();  // what the prompt printed comes before what the code prints
      session.python->run_interactive(buffer);
    } catch (const py::error_already_set& e) {
      // A Ctrl-C that came between runs surfaces in the next bit of Python the prompt calls.
      std::cout << "\n" << (e.matches(PyExc_KeyboardInterrupt) ? "KeyboardInterrupt" : e.what()) << "\n";
    }
    buffer.clear();
  }
  return session.exited ? session.exit_code : 0;
}

// The session is never torn down: the process ends in PythonSession::exit_process.
std::unique_ptr<Session> g_session;

int run_tensorplay(const tp::cli::Options& options) {
  using Mode = tp::cli::Options::Mode;
  try {
    // Hints are always on at the prompt; in scripts with --hints.
    g_session = std::make_unique<Session>(options, options.mode == Mode::Interactive || options.hints);
  } catch (const std::exception& e) {  // a broken Python installation or package
    std::cerr << "tensorplay: cannot start Python: " << e.what() << "\n";
    return 1;
  }
  Session& session = *g_session;
  // Ctrl-C: at the prompt it drops the line; while code runs it raises KeyboardInterrupt.
  tp::repl::install_sigint_handler();

  // A script's status: SystemExit's code, else 1 when an error escaped.
  auto status = [&session](bool ok) { return session.exited ? session.exit_code : ok ? 0 : 1; };
  switch (options.mode) {
    case Mode::RunFile: {
      std::ifstream in(options.file);
      if (!in) {
        std::cerr << "tensorplay: can't open file '" << options.file
                  << "': [Errno 2] No such file or directory\n";
        return 2;
      }
      std::vector<std::string> argv{options.file};
      argv.insert(argv.end(), options.args.begin(), options.args.end());
      return status(session.python->run_file(read_all(in), options.file, argv));
    }
    case Mode::RunCode: {
      std::vector<std::string> argv{"-c"};
      argv.insert(argv.end(), options.args.begin(), options.args.end());
      return status(session.python->run_file(options.code, "<string>", argv));
    }
    case Mode::RunStdin: return status(session.python->run_file(read_all(std::cin), "<stdin>", {"-"}));
    default: return interactive(session);
  }
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  std::string error;
  auto options = tp::cli::parse(args, isatty(STDIN_FILENO) != 0, error);
  if (!options) {
    std::cerr << "tensorplay: " << error << "\n";
    return 2;
  }
  using Mode = tp::cli::Options::Mode;
  if (options->mode == Mode::Help) {
    std::cout << tp::cli::usage();
    return 0;
  }
  if (options->mode == Mode::Version) {
    std::cout << "tensorplay " << TP_VERSION << "\n";
    return 0;
  }
  // The launcher starts no Python of its own: each worker is this program again.
  if (options->launch.nproc_per_node > 0) {
    char self[4096] = {};
    if (readlink("/proc/self/exe", self, sizeof self - 1) <= 0) {
      std::cerr << "tensorplay: cannot find its own program to start workers\n";
      return 1;
    }
    return tp::launcher::run(options->launch, self, options->worker_argv, options->file);
  }
  try {
    tp::configure_devices(options->devices);
  } catch (const std::exception& e) {
    std::cerr << "tensorplay: " << e.what() << "\n";
    return 2;
  }
  int status = run_tensorplay(*options);
  std::cout.flush();
  tp::PythonSession::exit_process(status);
}
