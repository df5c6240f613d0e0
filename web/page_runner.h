// The page's SessionRunner (gui/session_runner.h): the GUI's Session on the page's one
// thread. start() only takes the input; JavaScript then runs it between frames
// (run_waiting(), inside an Asyncify call), and Python's trace hook hands the browser a turn
// about every 50 ms meanwhile, where Stop's interrupt() lands as KeyboardInterrupt.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "gui/session_runner.h"

namespace tp::web {

class PageRunner : public gui::SessionRunner {
 public:
  explicit PageRunner(DeviceConfig devices);
  gui::Session& session() override { return *session_; }
  bool busy() const override { return waiting_.has_value() || running_ || report_.has_value(); }
  bool start(const std::string& input) override;
  std::optional<gui::RunReport> poll() override;
  double elapsed() const override;
  void interrupt() override;

  // An input was started and is not yet running.
  bool has_waiting() const { return waiting_.has_value() && !running_; }
  // Runs the waiting input; its report goes to poll() and is returned here too.
  gui::RunReport run_waiting();

 private:
  std::unique_ptr<gui::Session> session_;
  std::optional<std::string> waiting_;
  std::optional<gui::RunReport> report_;
  bool running_ = false;
  double started_ms_ = 0;
};

}  // namespace tp::web
