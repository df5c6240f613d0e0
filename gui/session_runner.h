// Where the GUI's code runs: one input at a time, in flight while the window keeps drawing.
// The native window runs it on Python's own thread (session_thread.h); the page, which has
// one thread, runs it between frames and hands the browser a turn while it goes on
// (web/page_runner.h). The App (app.h) sees only this.
#pragma once

#include <optional>
#include <string>

#include "gui/session.h"

namespace tp::gui {

class SessionRunner {
 public:
  virtual ~SessionRunner() = default;
  // The session: only while no run is in flight.
  virtual Session& session() = 0;
  // A run was started and its report not yet taken by poll().
  virtual bool busy() const = 0;
  // Starts running `input` as Session::run does; false, and nothing started, while busy.
  virtual bool start(const std::string& input) = 0;
  // The run's report once it finished (once), else nullopt.
  virtual std::optional<RunReport> poll() = 0;
  // Seconds since the run in flight started; 0 when not busy.
  virtual double elapsed() const = 0;
  // KeyboardInterrupt in the run in flight, as Ctrl-C at the prompt; nothing when not busy.
  virtual void interrupt() = 0;
};

}  // namespace tp::gui
