// Python's thread for the GUI: starts the session there, then runs one input at a time with
// the GIL the UI thread lends it, and hands the report back under a mutex.
#include "gui/session_thread.h"

#include <pthread.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>

#include "repl/sigint.h"

namespace tp::gui {

namespace {

sigset_t sigint_only() {
  sigset_t s;
  sigemptyset(&s);
  sigaddset(&s, SIGINT);
  return s;
}

}  // namespace

SessionThread::SessionThread(DeviceConfig devices) {
  const sigset_t s = sigint_only();
  pthread_sigmask(SIG_BLOCK, &s, nullptr);
  thread_ = std::thread([this, devices] { thread_main(devices); });
  {
    std::unique_lock<std::mutex> lock(mutex_);
    done_.wait(lock, [this] { return started_up_; });
  }
  if (start_error_) {
    thread_.join();
    std::rethrow_exception(start_error_);
  }
  PyGILState_Ensure();  // the UI thread's from now on, lent to each run
}

SessionThread::~SessionThread() {
  // No bound here: the thread uses this object until its run ends.
  while (!stop(1.0)) {
  }
  {
    std::lock_guard<std::mutex> lock(mutex_);
    quit_ = true;
  }
  wake_.notify_one();
  thread_.join();
}

void SessionThread::thread_main(DeviceConfig devices) {
  const sigset_t s = sigint_only();
  pthread_sigmask(SIG_UNBLOCK, &s, nullptr);
  try {
    session_ = std::make_unique<Session>(std::move(devices));
    repl::install_sigint_handler();
    repl::set_waiting_for_input(true);
  } catch (...) {
    start_error_ = std::current_exception();
  }
  PyThreadState* own = Py_IsInitialized() && PyGILState_Check() ? PyEval_SaveThread() : nullptr;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    started_up_ = true;
  }
  done_.notify_all();
  if (start_error_) return;
  for (;;) {
    std::string input;
    std::optional<int> exit_status;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      wake_.wait(lock, [this] { return request_ || exit_status_ || quit_; });
      if (quit_) return;
      exit_status = exit_status_;
      if (request_) input = std::move(*request_);
      request_.reset();
    }
    PyEval_RestoreThread(own);
    if (exit_status) {
      session_.reset();
      PythonSession::exit_process(*exit_status);
    }
    RunReport report = run_one(input);
    own = PyEval_SaveThread();
    {
      std::lock_guard<std::mutex> lock(mutex_);
      report_ = std::move(report);
    }
    done_.notify_all();
  }
}

RunReport SessionThread::run_one(const std::string& input) {
  repl::set_waiting_for_input(false);
  RunReport report = session_->run(input);
  repl::set_waiting_for_input(true);
  // A Ctrl-C that came as the code ended was meant for that code, not for the next run.
  if (PyErr_CheckSignals() != 0) PyErr_Clear();
  return report;
}

bool SessionThread::start(const std::string& input) {
  if (busy_) return false;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    request_ = input;
  }
  busy_ = true;
  started_ = std::chrono::steady_clock::now();
  ui_state_ = PyEval_SaveThread();
  wake_.notify_one();
  return true;
}

std::optional<RunReport> SessionThread::poll() {
  if (!busy_) return std::nullopt;
  std::optional<RunReport> report;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!report_) return std::nullopt;
    report.swap(report_);
  }
  PyEval_RestoreThread(ui_state_);
  busy_ = false;
  return report;
}

double SessionThread::elapsed() const {
  if (!busy_) return 0;
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
}

void SessionThread::interrupt() {
  // The signal itself, not PyErr_SetInterrupt from here: CPython notices an interrupt only
  // when its main thread raises it, and the signal also wakes a sleep or a blocking read.
  if (busy_) pthread_kill(thread_.native_handle(), SIGINT);
}

bool SessionThread::wait(double seconds) {
  if (!busy_) return true;
  std::unique_lock<std::mutex> lock(mutex_);
  return done_.wait_for(lock, std::chrono::duration<double>(seconds), [this] { return report_.has_value(); });
}

bool SessionThread::stop(double seconds) {
  if (!busy_) return true;
  interrupt();
  if (!wait(seconds)) return false;
  poll();
  return true;
}

void SessionThread::exit_process(int status) {
  if (!stop(kStopSeconds)) {
    std::fprintf(stderr, "tensorplay-gui: the running code did not stop; ending without Python's exit steps\n");
    std::fflush(nullptr);
    std::_Exit(status);
  }
  PyEval_SaveThread();  // the GIL goes to Python's thread for good
  {
    std::lock_guard<std::mutex> lock(mutex_);
    exit_status_ = status;
  }
  wake_.notify_one();
  thread_.join();
  std::_Exit(status);  // not reached: the process ends on that thread
}

}  // namespace tp::gui
