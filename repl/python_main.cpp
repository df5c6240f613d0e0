// tensorplay-py: the CPython engine's program while the front ends move onto it. It takes
// tensorplay's command line (device flags, run FILE, -c, piped input) and runs the code in
// an embedded CPython whose `torch` is tensorplay's; interactive input is read line by line.
#include <unistd.h>

#include <csignal>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>

#include "core/device_registry.h"
#include "repl/cli.h"
#include "repl/python_session.h"

namespace {

std::string read_all(std::istream& in) {
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Plain line input: Python decides when a statement is complete.
int interactive(tp::PythonSession& session, int& exit_code, bool& exited) {
  std::string buffer, line;
  while (!exited) {
    std::cout << (buffer.empty() ? ">>> " : "... ") << std::flush;
    if (!std::getline(std::cin, line)) break;
    buffer += line + "\n";
    if (tp::PythonSession::needs_more_input(buffer)) continue;
    session.run_interactive(buffer);
    buffer.clear();
  }
  return exited ? exit_code : 0;
}

}  // namespace

int run_tensorplay(int argc, char** argv) {
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
  try {
    tp::configure_devices(options->devices);
  } catch (const std::exception& e) {
    std::cerr << "tensorplay: " << e.what() << "\n";
    return 2;
  }
  std::unique_ptr<tp::PythonSession> started;
  try {
    started = std::make_unique<tp::PythonSession>();
  } catch (const std::exception& e) {  // a broken Python installation or package
    std::cerr << "tensorplay: cannot start Python: " << e.what() << "\n";
    return 1;
  }
  tp::PythonSession& session = *started;
  bool exited = false;
  int exit_code = 0;
  session.set_run_observer([&](const tp::RunOutcome& o) {
    if (o.exited) {
      exited = true;
      exit_code = o.exit_code;
    }
  });
  auto status = [&](bool ok) { return exited ? exit_code : ok ? 0 : 1; };
  switch (options->mode) {
    case Mode::RunFile: {
      std::ifstream in(options->file);
      if (!in) {
        std::cerr << "tensorplay: can't open file '" << options->file << "': [Errno 2] No such file or directory\n";
        return 2;
      }
      std::vector<std::string> argv_py{options->file};
      argv_py.insert(argv_py.end(), options->args.begin(), options->args.end());
      return status(session.run_file(read_all(in), options->file, argv_py));
    }
    case Mode::RunCode: return status(session.run_file(options->code, "<string>", {"-c"}));
    case Mode::RunStdin: return status(session.run_file(read_all(std::cin), "<stdin>", {"-"}));
    default: return interactive(session, exit_code, exited);
  }
}

int main(int argc, char** argv) {
  int status = run_tensorplay(argc, argv);
  int flush = tp::PythonSession::finalize();
  return status != 0 ? status : flush;
}
