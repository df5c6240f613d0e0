// The presenter's scripted demo (--demo N) as plain state: each step is shown, its code is
// typed out and run once after a pause, then the demo waits for the presenter's key (next,
// back, end). The app carries out the commands it returns; no window needed to test it.
#pragma once

#include <string>
#include <vector>

namespace tp::gui {

// Where the demo is in the current step.
enum class DemoPhase {
  Off,       // no demo
  Reading,   // the step is shown; its code runs after a pause
  Typing,    // its code appears character by character
  Waiting,   // the code ran (or there was none): waiting for the presenter
  Finished,  // past the last step
};

// What the app must do now.
struct DemoCommand {
  enum Kind { None, Show, Run, End } kind = None;
  int step = 0;  // Show, Run: the step (from 0)
};

// The presenter's keys: Space / Right / Page Down, Left / Page Up, Esc.
enum class DemoKey { Next, Back, End };

class DemoState {
 public:
  // Starts a demo of a lesson whose steps have code of these lengths (0: no code); returns
  // Show(0).
  DemoCommand start(int lesson_number, std::vector<int> code_lengths);
  // Advances the clock by `dt` seconds.
  DemoCommand update(double dt);
  // A presenter's key. Next while a step's code is still to run runs it at once.
  DemoCommand key(DemoKey k);
  // Follows a step chosen elsewhere (the panel's buttons, :next in the console).
  DemoCommand follow(int step);

  bool active() const { return phase_ != DemoPhase::Off; }
  DemoPhase phase() const { return phase_; }
  int step() const { return step_; }
  int lesson() const { return lesson_; }
  bool ran(int step) const { return step >= 0 && step < int(ran_.size()) && ran_[size_t(step)]; }
  // How much of the current step's code is shown: typed so far while typing.
  int typed_chars() const;
  // The status line: "Demo: step 2 of 6 — press Space for the next step".
  std::string status() const;

  double read_seconds = 1.5;       // the step's text alone on screen before its code types
  double chars_per_second = 40;    // typing speed...
  double max_type_seconds = 2.5;   // ...but a long block never takes longer than this

 private:
  DemoCommand show(int step);
  DemoCommand run_now();
  double type_seconds() const;

  DemoPhase phase_ = DemoPhase::Off;
  int lesson_ = 0;
  int step_ = 0;
  double clock_ = 0;  // seconds in the current phase
  std::vector<int> code_;
  std::vector<bool> ran_;
};

}  // namespace tp::gui
