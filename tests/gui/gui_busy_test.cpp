// The GUI's run in flight without a window: code runs on the session's own thread while
// this one (the UI's) waits; a report comes back once; a second input waits its turn; Stop
// and a SIGINT raise KeyboardInterrupt, also in a sleep and between C++ ops. How long an
// interrupt takes is printed (MESSAGE), not asserted: a loaded machine may deschedule either
// thread, and speed belongs in benchmarks. Its own program: CPython's main thread is the one
// that started it, here the SessionThread's.
#include <doctest/doctest.h>

#include <chrono>
#include <csignal>
#include <thread>

#include "gui/session_thread.h"
#include "repl/sigint.h"

using namespace tp;
using namespace tp::gui;

namespace {

using Clock = std::chrono::steady_clock;

// One per process, for every test; never freed (the process ends with Python running).
SessionThread& python_thread() {
  static SessionThread* t = new SessionThread(DeviceConfig{});
  return *t;
}

double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

// The report of the run in flight, waiting up to `seconds` for it.
std::optional<RunReport> finish(SessionThread& t, double seconds = 30) {
  t.wait(seconds);
  return t.poll();
}

// The code's last line, for messages.
std::string last_line(std::string code) {
  while (!code.empty() && code.back() == '\n') code.pop_back();
  return code.substr(code.rfind('\n') + 1);  // from 0 when it has one line
}

const char* const kInterrupted =
    "Traceback (most recent call last):\n  File \"<stdin>\", line 1, in <module>\nKeyboardInterrupt\n";

// Starts `code`, lets it run a moment, interrupts it with `stop`, requires the run to end
// (a hang fails after 30 s) and returns how long that took (seconds), with its report.
template <class Stop>
double interrupt_latency(const std::string& code, Stop stop, RunReport& report) {
  SessionThread& t = python_thread();
  REQUIRE(t.start(code));
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  REQUIRE(t.busy());
  REQUIRE_FALSE(t.wait(0));  // still running
  const Clock::time_point t0 = Clock::now();
  stop(t);
  const bool ended = t.wait(30.0);
  const double latency = seconds_since(t0);
  REQUIRE(ended);
  report = *t.poll();
  MESSAGE(last_line(code) << ": the interrupt took " << latency << " s");
  return latency;
}

}  // namespace

TEST_CASE("run in flight: the code runs on Python's thread; its report comes back once") {
  SessionThread& t = python_thread();
  CHECK_FALSE(t.busy());
  CHECK(PyGILState_Check());  // this (the UI) thread holds the GIL while nothing runs
  CHECK_FALSE(t.poll());
  REQUIRE(t.start("import threading\nprint(threading.current_thread() is threading.main_thread())\n"));
  CHECK(t.busy());
  CHECK_FALSE(PyGILState_Check());  // lent to the run
  std::optional<RunReport> r = finish(t);
  REQUIRE(r);
  CHECK(r->ok);
  CHECK(r->out == "True\n");  // CPython's main thread: Ctrl-C can reach it
  CHECK_FALSE(t.busy());
  CHECK(PyGILState_Check());
  CHECK(t.elapsed() == 0);
  CHECK_FALSE(t.poll());  // delivered once
  // The session is the UI's again: what a lesson check or the memory map does.
  CHECK(t.session().python().get_global("threading"));
}

TEST_CASE("run in flight: a second input while one runs is refused, the first one's report intact") {
  SessionThread& t = python_thread();
  REQUIRE(t.start("import time\ntime.sleep(0.3)\nfirst = 1\nprint('first')\n"));
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  CHECK(t.elapsed() > 0.03);
  CHECK_FALSE(t.start("print('second')\n"));
  std::optional<RunReport> r = finish(t);
  REQUIRE(r);
  CHECK(r->code == "import time\ntime.sleep(0.3)\nfirst = 1\nprint('first')\n");
  CHECK(r->out == "first\n");
  CHECK_FALSE(t.poll());
  // Once it ended, the next input runs.
  REQUIRE(t.start("print('second')\n"));
  r = finish(t);
  REQUIRE(r);
  CHECK(r->out == "second\n");
}

TEST_CASE("run in flight: Stop raises KeyboardInterrupt, printed as at the prompt") {
  RunReport r;
  interrupt_latency("while True: pass\n", [](SessionThread& t) { t.interrupt(); }, r);
  CHECK_FALSE(r.ok);
  CHECK(r.err == kInterrupted);
  CHECK(r.error == "KeyboardInterrupt");
  // The session goes on, and a Stop does not linger into the next run.
  REQUIRE(python_thread().start("print('after')\n"));
  std::optional<RunReport> next = finish(python_thread());
  REQUIRE(next);
  CHECK(next->ok);
  CHECK(next->out == "after\n");
}

TEST_CASE("run in flight: Stop wakes a sleep and ends a loop of C++ ops") {
  RunReport r;
  interrupt_latency("import time; time.sleep(60)\n", [](SessionThread& t) { t.interrupt(); }, r);
  CHECK(r.err.find("KeyboardInterrupt\n") != std::string::npos);
  // Matrix products on the simulated GPU: the interrupt lands between two of them.
  interrupt_latency("x = torch.ones(512, 512).to('cuda')\nwhile True: y = x @ x\n",
                    [](SessionThread& t) { t.interrupt(); }, r);
  CHECK(r.err == "Traceback (most recent call last):\n  File \"<stdin>\", line 2, in <module>\nKeyboardInterrupt\n");
}

TEST_CASE("run in flight: a long C++ op (a big product on the simulated GPU) finishes, then the interrupt lands") {
  SessionThread& t = python_thread();
  REQUIRE(t.start("x = torch.ones(2500, 2500).to('cuda')\n"));
  REQUIRE(finish(t));
  // One product, timed alone.
  const Clock::time_point t0 = Clock::now();
  REQUIRE(t.start("y = x @ x\n"));
  REQUIRE(finish(t));
  const double op = seconds_since(t0);
  RunReport r;
  interrupt_latency("while True: y = x @ x\n", [](SessionThread& s) { s.interrupt(); }, r);
  MESSAGE("one product takes " << op << " s");
  CHECK(r.err == kInterrupted);
}

TEST_CASE("run in flight: a SIGINT sent to the process interrupts the code; between runs it only says so") {
  RunReport r;
  interrupt_latency("while True: pass\n", [](SessionThread&) { kill(getpid(), SIGINT); }, r);
  CHECK(r.err == kInterrupted);
  // Nothing running: the flag the window shows, and the next run is not interrupted.
  CHECK_FALSE(repl::take_sigint_while_waiting());
  kill(getpid(), SIGINT);
  const Clock::time_point t0 = Clock::now();
  bool seen = false;
  while (!seen && seconds_since(t0) < 2) seen = repl::take_sigint_while_waiting();
  CHECK(seen);
  SessionThread& t = python_thread();
  REQUIRE(t.start("import time; time.sleep(0.1); print('ran')\n"));
  std::optional<RunReport> next = finish(t);
  REQUIRE(next);
  CHECK(next->out == "ran\n");
}

TEST_CASE("run in flight: stop() interrupts the code and waits for it (closing the window)") {
  SessionThread& t = python_thread();
  CHECK(t.stop(0.1));  // nothing running
  REQUIRE(t.start("while True: pass\n"));
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  CHECK(t.stop(SessionThread::kStopSeconds));
  CHECK_FALSE(t.busy());
  CHECK_FALSE(t.poll());  // its report dropped
  CHECK(PyGILState_Check());
}
