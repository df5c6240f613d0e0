// The GUI's one interpreter session, shared by every view: runs console input (code or
// `:` meta commands) with its output captured, the REPL's hints on errors, and what the
// memory map needs to animate (the modeled clock's copies, the wall time, the error text).
#pragma once

#include <memory>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "core/device_registry.h"
#include "repl/hints.h"
#include "repl/lang/interpreter.h"
#include "repl/lesson/lesson_commands.h"

namespace tp::gui {

// What one run produced.
struct RunReport {
  std::string code;
  std::string out;    // print() output and echoed values
  std::string err;    // tracebacks, then hint lines
  bool ok = true;
  std::string error;  // "RuntimeError: ..." when it raised
  double wall_seconds = 0;
  std::vector<std::pair<size_t, double>> copies;  // (bytes, modeled seconds) on sim devices
  bool quit = false;  // :quit was typed
};

class Session {
 public:
  explicit Session(DeviceConfig devices);
  // Runs one complete input (a statement, a block, or a meta command).
  RunReport run(const std::string& input);
  // :reset: a fresh interpreter with the devices configured again.
  void reset();
  lang::Interpreter& interp() { return *interp_; }
  lesson::LessonSession& lessons() { return lessons_; }
  // Completion candidates for the last word of `line` (names, attributes, meta commands).
  std::vector<std::string> complete(const std::string& line);

 private:
  void start();
  DeviceConfig devices_;
  std::ostringstream out_, err_;
  std::unique_ptr<lang::Interpreter> interp_;
  std::unique_ptr<repl::HintEngine> hints_;
  lesson::LessonSession lessons_;
  std::string last_error_;
};

}  // namespace tp::gui
