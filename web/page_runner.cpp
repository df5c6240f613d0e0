// The page's runs (page_runner.h) and the trace hook that gives the browser its turns.
#include "web/page_runner.h"

#include <emscripten.h>

#include "web/page_tasks.h"

namespace tp::web {

namespace {

bool stop_asked = false;  // Stop was pressed while a run is in flight
int events = 0;

// Python's C-level trace function while a run is in flight: every few hundred events it
// looks at the clock and, when due, gives the browser a turn; a Stop pressed meanwhile
// raises KeyboardInterrupt. Each frame reports every opcode: a one-line loop
// (`while True: pass`) reports no line events.
int give_page_a_turn(PyObject*, PyFrameObject* frame, int what, PyObject*) {
  if (what == PyTrace_CALL) PyObject_SetAttrString(reinterpret_cast<PyObject*>(frame), "f_trace_opcodes", Py_True);
  if (++events < 256) return 0;
  events = 0;
  turn_if_due();
  if (!stop_asked) return 0;
  stop_asked = false;
  PyErr_SetNone(PyExc_KeyboardInterrupt);
  return -1;
}

}  // namespace

PageRunner::PageRunner(DeviceConfig devices) : session_(std::make_unique<gui::Session>(std::move(devices))) {}

bool PageRunner::start(const std::string& input) {
  if (busy()) return false;
  waiting_ = input;
  stop_asked = false;
  started_ms_ = emscripten_get_now();
  return true;
}

gui::RunReport PageRunner::run_waiting() {
  running_ = true;
  work_begins();
  PyEval_SetTrace(give_page_a_turn, nullptr);
  gui::RunReport r = session_->run(*waiting_);
  PyEval_SetTrace(nullptr, nullptr);
  work_ends();
  stop_asked = false;  // a Stop that came as the code ended was meant for that code
  running_ = false;
  waiting_.reset();
  report_ = r;
  return r;
}

std::optional<gui::RunReport> PageRunner::poll() {
  if (running_ || !report_) return std::nullopt;
  std::optional<gui::RunReport> r;
  r.swap(report_);
  return r;
}

double PageRunner::elapsed() const { return busy() ? (emscripten_get_now() - started_ms_) / 1000 : 0; }

void PageRunner::interrupt() {
  if (busy()) stop_asked = true;
}

}  // namespace tp::web
