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
#include "repl/launcher.h"
#include "repl/line_editor.h"
#include "repl/meta_commands.h"
#include "repl/notebook/frontend_module.h"
#include "repl/program_session.h"
#include "repl/python_session.h"
#include "repl/sigint.h"

namespace {

namespace py = pybind11;

using Session = tp::repl::ProgramSession;

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

// This program's path ("" when it cannot be read): what workers and kernelspecs start.
std::string own_program() {
  char self[4096] = {};
  return readlink("/proc/self/exe", self, sizeof self - 1) > 0 ? self : "";
}

// The session is never torn down: the process ends in PythonSession::exit_process.
std::unique_ptr<Session> g_session;

int run_tensorplay(const tp::cli::Options& options) {
  using Mode = tp::cli::Options::Mode;
  try {
    // Hints are always on at the prompt and in a notebook; in scripts with --hints.
    const bool prompt = options.mode == Mode::Interactive, kernel = options.mode == Mode::Kernel;
    g_session = std::make_unique<Session>(options, prompt || kernel || options.hints, !prompt && !kernel);
    tp::notebook::install_frontend_module(*g_session);
  } catch (const std::exception& e) {  // a broken Python installation or package
    std::cerr << "tensorplay: cannot start Python: " << e.what() << "\n";
    return 1;
  }
  Session& session = *g_session;
  // A Jupyter kernel takes Ctrl-C (the interrupt button) as IPython's kernel sets it up.
  if (options.mode == Mode::Kernel) {
    return tp::notebook::run_python_entry("tensorplay.jupyter.kernel", "main", py::make_tuple(options.file));
  }
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
    case Mode::InstallKernel: {
      const std::string self = own_program();
      if (self.empty()) {
        std::cerr << "tensorplay: cannot find its own program for the kernelspec\n";
        return 1;
      }
      return tp::notebook::run_python_entry("tensorplay.jupyter.kernelspec", "install",
                                            py::make_tuple(self, options.install_user, options.install_prefix));
    }
    case Mode::ExportLessons:
      return tp::notebook::run_python_entry("tensorplay.jupyter.lesson_notebooks", "export", py::make_tuple(options.file));
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
    const std::string self = own_program();
    if (self.empty()) {
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
