// The GUI's one Python session, shared by every view: runs console input (code or
// `:` meta commands) with its output captured, the REPL's hints on errors, and what the
// memory map needs to animate (the modeled clock's copies, the wall time, the error text).
// In the window it lives on Python's own thread (session_thread.h).
#pragma once

#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "core/device_registry.h"
#include "gui/memory_state.h"
#include "repl/hints.h"
#include "repl/python_session.h"
#include "repl/lesson/lesson_commands.h"

namespace tp::gui {

// What one run produced.
struct RunReport {
  std::string code;
  std::string out;    // print() output and echoed values
  std::string err;    // tracebacks, then hint lines
  bool ok = true;
  std::string error;  // "RuntimeError: ..." when it raised
  std::vector<std::string> mismatch_devices;  // a same-device error's (common, other) devices
  double wall_seconds = 0;
  // The copies simulated devices' clocks recorded; nullopt without a modeled clock (a real
  // GPU), when the memory map can only guess what moved.
  std::optional<std::vector<ClockCopy>> copies;
  bool quit = false;  // :quit was typed, or the code called exit()
};

class Session {
 public:
  explicit Session(DeviceConfig devices);
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;
  // Runs one complete input (a statement, a block, or a meta command).
  RunReport run(const std::string& input);
  // :reset: a fresh session with the devices configured again.
  void reset();
  PythonSession& python() { return *python_; }
  lesson::LessonSession& lessons() { return lessons_; }
  // Completion candidates for the last word of `line` (names, attributes, meta commands).
  std::vector<std::string> complete(const std::string& line);

 private:
  void start();
  void stop();
  DeviceConfig devices_;
  std::ostringstream out_, err_;
  std::unique_ptr<PythonSession> python_;
  std::unique_ptr<repl::HintEngine> hints_;
  lesson::LessonSession lessons_;
  std::string last_error_;
  std::vector<std::string> last_mismatch_;
  bool exited_ = false;  // the code raised SystemExit
};

}  // namespace tp::gui
