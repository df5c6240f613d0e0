// The SIGINT handler the prompt and the GUI share: PythonSession::interrupt() while code
// runs, a flag while waiting for input. Lock-free atomics, so the handler may touch them.
#include "repl/sigint.h"

#include <pthread.h>

#include <atomic>
#include <csignal>

#include "repl/python_session.h"

namespace tp::repl {

namespace {

pthread_t g_python_thread;  // set before the handler is installed
std::atomic<bool> g_waiting{false};
std::atomic<bool> g_interrupted_waiting{false};
static_assert(std::atomic<bool>::is_always_lock_free, "the signal handler needs lock-free flags");

// At the prompt the handler only sets a flag: the interrupted read() makes readline return,
// and the prompt drops the line (jumping out of libedit corrupts its state).
void on_sigint(int) {
  // The kernel gives a process's signal to any thread that does not block it (OpenBLAS's
  // threads, started before main, do not): pass it on to Python's. The web build has one
  // thread (and no pthread_kill).
#ifndef __EMSCRIPTEN__
  if (!pthread_equal(pthread_self(), g_python_thread)) {
    pthread_kill(g_python_thread, SIGINT);
    return;
  }
#endif
  if (g_waiting) {
    g_interrupted_waiting = true;
    return;
  }
  PythonSession::interrupt();
}

}  // namespace

void install_sigint_handler() {
  g_python_thread = pthread_self();
  // Python raises KeyboardInterrupt for interrupt() only while its own SIGINT handler is set;
  // it leaves SIGINT alone when it started ignored (a wrapper's `trap '' INT`, a job started
  // with `&`). (_signal is signal's C half: the same call without importing enum at start-up.)
  py::module_ signal = py::module_::import("_signal");
  signal.attr("signal")(SIGINT, signal.attr("default_int_handler"));
  struct sigaction sa {};
  sa.sa_handler = on_sigint;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, nullptr);
}

void set_waiting_for_input(bool waiting) { g_waiting = waiting; }

bool take_sigint_while_waiting() { return g_interrupted_waiting.exchange(false); }

}  // namespace tp::repl
