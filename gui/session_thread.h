// The thread the GUI's Python runs on, and the one run in flight. Python starts on this
// thread, so it is CPython's main thread and Ctrl-C reaches running code as at the prompt:
// a SIGINT on this thread (repl/sigint.h). The UI thread holds the GIL while no run is in
// flight (completion, lesson checks and the memory map call Python then), hands it over
// for each run, and polls for the run's report every frame, so the window keeps drawing.
// The native SessionRunner (session_runner.h).
#pragma once

#include <chrono>
#include <condition_variable>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "gui/session.h"
#include "gui/session_runner.h"

namespace tp::gui {

class SessionThread : public SessionRunner {
 public:
  // Blocks SIGINT on the calling (UI) thread and on the threads it starts from now on, so a
  // SIGINT sent to the process lands on Python's thread; then starts that thread and the
  // session on it. One per process (CPython's main thread is the one that started it);
  // construct it before other threads start (the GL driver's). Throws what the session did.
  explicit SessionThread(DeviceConfig devices);
  // Interrupts a run in flight and waits for it to end, however long; then ends the thread
  // (Python stays, with this thread holding the GIL).
  ~SessionThread() override;
  SessionThread(const SessionThread&) = delete;
  SessionThread& operator=(const SessionThread&) = delete;

  // The session: only while no run is in flight (the UI thread holds the GIL then).
  Session& session() override { return *session_; }
  // A run was started and its report not yet taken by poll().
  bool busy() const override { return busy_; }
  // Starts running `input` as Session::run does; false, and nothing started, while busy.
  bool start(const std::string& input) override;
  // The run's report once it finished (once; the GIL is back with the caller), else nullopt.
  std::optional<RunReport> poll() override;
  // Seconds since the run in flight started; 0 when not busy.
  double elapsed() const override;
  // KeyboardInterrupt in the run in flight, as Ctrl-C at the prompt; nothing when not busy.
  void interrupt() override;
  // Waits up to `seconds` for the run in flight to finish (poll() then has its report);
  // true when it has, or none is in flight.
  bool wait(double seconds);
  // Interrupts a run in flight and waits up to `seconds` for it to end (its report dropped).
  // False when it did not end (a long C++ op): Python's thread and its GIL are still taken.
  bool stop(double seconds);
  // Ends the process as python ends: a run in flight stopped (kStopSeconds at most, else
  // the process ends at once), then on Python's thread the session closed (its output back
  // on the terminal) and PythonSession::exit_process: non-daemon threads joined, atexit run.
  // CPython joins threads only from its main thread, so this cannot run on the UI's.
  [[noreturn]] void exit_process(int status);

  static constexpr double kStopSeconds = 2.0;

 private:
  void thread_main(DeviceConfig devices);
  RunReport run_one(const std::string& input);

  std::thread thread_;
  std::unique_ptr<Session> session_;  // made on thread_, used by whoever holds the GIL
  PyThreadState* ui_state_ = nullptr;  // the UI thread's Python state while it lends the GIL
  bool busy_ = false;                 // UI thread only
  std::chrono::steady_clock::time_point started_;

  // Between the two threads, under mutex_.
  std::mutex mutex_;
  std::condition_variable wake_;  // a request, the exit, or quit
  std::condition_variable done_;  // a report, or the session started
  bool started_up_ = false;
  std::exception_ptr start_error_;
  std::optional<std::string> request_;
  std::optional<RunReport> report_;
  std::optional<int> exit_status_;  // exit_process() was called
  bool quit_ = false;               // the destructor
};

}  // namespace tp::gui
