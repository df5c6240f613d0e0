// The page's console: the GUI's Session (gui/session.h: code or `:` meta commands, hints,
// lessons) on the page's one thread, where the native window runs it on a thread of its own
// (gui/session_thread.h). JavaScript (web/index.html) calls these through Asyncify, so that a
// run in flight hands the browser a turn about every 50 ms: the page keeps drawing, and Stop
// interrupts the run with KeyboardInterrupt as Ctrl-C does at the prompt.
#include <emscripten.h>

#include <cstdio>
#include <memory>
#include <string>

#include "core/device_registry.h"
#include "gui/session.h"

namespace {

std::unique_ptr<tp::gui::Session> session;
std::string reply;       // the last run's report, for JavaScript to read
bool stop_asked = false;  // Stop was pressed while a run is in flight
double last_turn_ms = 0;
int events = 0;

constexpr double kTurnMs = 50;

// Python's C-level trace function while a run is in flight: every few hundred events it
// looks at the clock, and after kTurnMs of running it sleeps 0 ms (Asyncify unwinds to the
// browser's event loop and comes back). Each frame reports every opcode: a one-line loop
// (`while True: pass`) reports no line events.
int give_page_a_turn(PyObject*, PyFrameObject* frame, int what, PyObject*) {
  if (what == PyTrace_CALL) PyObject_SetAttrString(reinterpret_cast<PyObject*>(frame), "f_trace_opcodes", Py_True);
  if (++events < 256) return 0;
  events = 0;
  const double now = emscripten_get_now();
  if (now - last_turn_ms < kTurnMs) return 0;
  emscripten_sleep(0);
  last_turn_ms = emscripten_get_now();
  if (!stop_asked) return 0;
  stop_asked = false;
  PyErr_SetNone(PyExc_KeyboardInterrupt);
  return -1;
}

void append_json_string(std::string& out, const std::string& s) {
  out += '"';
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20) {
      char esc[8];
      std::snprintf(esc, sizeof esc, "\\u%04x", c);
      out += esc;
    } else {
      out += static_cast<char>(c);
    }
  }
  out += '"';
}

}  // namespace

extern "C" {

// Starts the session on the default devices (one simulated T4, as natively).
EMSCRIPTEN_KEEPALIVE void tp_page_start() {
  tp::DeviceConfig devices = tp::DeviceConfig::from_environment();
  tp::configure_devices(devices);
  session = std::make_unique<tp::gui::Session>(devices);
}

// Runs one complete input; returns {"out": ..., "err": ..., "ok": ..., "seconds": ...}.
EMSCRIPTEN_KEEPALIVE const char* tp_page_run(const char* input) {
  stop_asked = false;
  last_turn_ms = emscripten_get_now();
  PyEval_SetTrace(give_page_a_turn, nullptr);
  const tp::gui::RunReport r = session->run(input);
  PyEval_SetTrace(nullptr, nullptr);
  reply = "{\"out\":";
  append_json_string(reply, r.out);
  reply += ",\"err\":";
  append_json_string(reply, r.err);
  reply += r.ok ? ",\"ok\":true" : ",\"ok\":false";
  reply += ",\"seconds\":" + std::to_string(r.wall_seconds) + "}";
  return reply.c_str();
}

// Stop / Esc / Ctrl-C in the page: the run in flight raises KeyboardInterrupt at its next turn.
EMSCRIPTEN_KEEPALIVE void tp_page_stop() { stop_asked = true; }

}
