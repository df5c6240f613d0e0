// The tensorplay program: sets up the devices, then runs a script, a -c string, piped
// input, or the interactive prompt over one interpreter session.
#include <unistd.h>

#include <csetjmp>
#include <csignal>
#include <fstream>
#include <iostream>
#include <sstream>

#include "core/device_registry.h"
#include "repl/cli.h"
#include "repl/lang/interpreter.h"
#include "repl/lang/lexer.h"
#include "repl/line_editor.h"

namespace {

tp::lang::Interpreter* g_interpreter = nullptr;
volatile sig_atomic_t g_at_prompt = 0;
sigjmp_buf g_prompt_jump;

// Ctrl-C: at the prompt it drops the line; while code runs it raises KeyboardInterrupt.
void on_sigint(int) {
  if (g_at_prompt) siglongjmp(g_prompt_jump, 1);
  if (g_interpreter) g_interpreter->interrupt();
}

std::string read_all(std::istream& in) {
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Completion candidates for the last word of `line`: names in scope, or attributes
// after a dot.
std::vector<std::string> complete(tp::lang::Interpreter& interp, const std::string& line) {
  size_t start = line.find_last_of(" \t\n\"'`@$><=;|&{(,[+-*/%");
  std::string word = start == std::string::npos ? line : line.substr(start + 1);
  std::vector<std::string> out;
  size_t dot = word.rfind('.');
  if (dot == std::string::npos) {
    for (const std::string& name : interp.names_in_scope()) {
      if (name.rfind(word, 0) == 0) out.push_back(name);
    }
    return out;
  }
  // Attributes: evaluate the object only when it is a plain dotted name (no calls).
  std::string base = word.substr(0, dot), prefix = word.substr(dot + 1);
  if (base.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.") !=
      std::string::npos) {
    return out;
  }
  try {
    // Follow the dotted name through globals and attributes, without calling anything.
    std::istringstream parts(base);
    std::string part;
    std::getline(parts, part, '.');
    tp::lang::Value v = interp.get_global(part);
    while (!v.is_unbound() && std::getline(parts, part, '.')) v = interp.getattr_opt(v, part);
    if (v.is_unbound()) return out;
    for (const std::string& attr : interp.dir_names(v)) {
      if (attr.rfind(prefix, 0) == 0 && (prefix.rfind("_", 0) == 0 || attr.rfind("_", 0) != 0)) {
        out.push_back(base + "." + attr);
      }
    }
  } catch (...) {  // completion must never disturb the session
  }
  return out;
}

void print_banner() {
  std::cout << "tensorplay " << TP_VERSION
            << ": PyTorch-style tensors on a CPU and a real or simulated GPU\n";
  for (const std::string& line : tp::device_banner()) std::cout << line << "\n";
  std::cout << "Type :help for help, :quit or Ctrl-D to leave.\n";
}

bool run_meta(const std::string& line, bool& quit) {
  if (line == ":quit" || line == ":q" || line == ":exit") {
    quit = true;
    return true;
  }
  if (line == ":help") {
    std::cout << ":help      this help\n"
                 ":devices   the devices of this session (real or simulated)\n"
                 ":quit      leave (also Ctrl-D)\n"
                 "Anything else is Python: e.g. print(1 + 2), def f(x): ...\n";
    return true;
  }
  if (line == ":devices") {
    for (const std::string& l : tp::device_banner()) std::cout << l << "\n";
    return true;
  }
  if (!line.empty() && line[0] == ':') {
    std::cout << "unknown command " << line << " (type :help)\n";
    return true;
  }
  return false;
}

int interactive(tp::lang::Interpreter& interp) {
  print_banner();
  tp::repl::LineEditor editor(
      [&interp](const std::string& line) { return complete(interp, line); });
  if (!editor.warning().empty()) std::cerr << editor.warning() << "\n";
  std::string buffer;
  bool quit = false;
  while (!quit) {
    if (sigsetjmp(g_prompt_jump, 1) != 0) {
      std::cout << "\nKeyboardInterrupt\n";
      buffer.clear();
    }
    g_at_prompt = 1;
    auto line = editor.read(buffer.empty() ? ">>> " : "... ");
    g_at_prompt = 0;
    if (!line) {
      std::cout << "\n";
      break;
    }
    if (buffer.empty() && run_meta(*line, quit)) {
      editor.add_history(*line);
      continue;
    }
    buffer += *line + "\n";
    if (tp::lang::needs_more_input(buffer)) continue;
    editor.add_history(buffer.substr(0, buffer.size() - 1));
    interp.run_interactive(buffer);
    buffer.clear();
  }
  return 0;
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
  try {
    tp::configure_devices(options->devices);
  } catch (const std::exception& e) {
    std::cerr << "tensorplay: " << e.what() << "\n";
    return 2;
  }

  tp::lang::Interpreter interp;
  g_interpreter = &interp;
  struct sigaction sa {};
  sa.sa_handler = on_sigint;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, nullptr);

  switch (options->mode) {
    case Mode::RunFile: {
      std::ifstream in(options->file);
      if (!in) {
        std::cerr << "tensorplay: can't open file '" << options->file
                  << "': [Errno 2] No such file or directory\n";
        return 2;
      }
      return interp.run_file(read_all(in), options->file) ? 0 : 1;
    }
    case Mode::RunCode: return interp.run_file(options->code, "<string>") ? 0 : 1;
    case Mode::RunStdin: return interp.run_file(read_all(std::cin), "<stdin>") ? 0 : 1;
    default: return interactive(interp);
  }
}
