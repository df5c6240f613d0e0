// The crash report: our handler runs after faulthandler's (faulthandler restores the handler
// it found and re-raises), writes the note, then hands the signal on to whatever was there
// before us (the default, or AddressSanitizer's report on a sanitizer build).
#include "repl/crash_report.h"

#include <pybind11/embed.h>

#include <csignal>
#include <unistd.h>

namespace tp {

namespace {

namespace py = pybind11;

constexpr int kFatalSignals[] = {SIGSEGV, SIGFPE, SIGABRT, SIGBUS, SIGILL};
struct sigaction g_previous[sizeof kFatalSignals / sizeof kFatalSignals[0]];

void on_fatal_signal(int sig) {
  static const char note[] =
      "\ntensorplay crashed: this is a bug in tensorplay, not in your code. Please report it with the traceback "
      "above and the line that ran (your history and lesson progress are saved).\n";
  ssize_t ignored = ::write(STDERR_FILENO, note, sizeof note - 1);
  (void)ignored;
  for (size_t i = 0; i < sizeof kFatalSignals / sizeof kFatalSignals[0]; ++i)
    if (kFatalSignals[i] == sig) sigaction(sig, &g_previous[i], nullptr);
  raise(sig);
}

}  // namespace

void install_crash_report() {
  struct sigaction mine {};
  mine.sa_handler = on_fatal_signal;
  sigemptyset(&mine.sa_mask);
  mine.sa_flags = SA_NODEFER;  // the handler re-raises the signal it handles
  for (size_t i = 0; i < sizeof kFatalSignals / sizeof kFatalSignals[0]; ++i)
    sigaction(kFatalSignals[i], &mine, &g_previous[i]);
  // Installed after ours, so faulthandler runs first and then hands the signal to us. Every
  // thread's stack: in the GUI the crash may come on the window's thread, not Python's.
  py::module_ sys = py::module_::import("sys");
  py::module_::import("faulthandler").attr("enable")(py::arg("file") = sys.attr("__stderr__"), py::arg("all_threads") = true);
}

}  // namespace tp
