// The scripted demo's steps and phases: show, pause, type, run once, wait for a key.
#include "gui/demo_state.h"

#include <algorithm>

namespace tp::gui {

DemoCommand DemoState::start(int lesson_number, std::vector<int> code_lengths) {
  lesson_ = lesson_number;
  code_ = std::move(code_lengths);
  ran_.assign(code_.size(), false);
  if (code_.empty()) {
    phase_ = DemoPhase::Off;
    return {};
  }
  return show(0);
}

DemoCommand DemoState::show(int step) {
  step_ = step;
  clock_ = 0;
  // A step whose code already ran (the presenter went back) is not run twice.
  phase_ = ran(step) ? DemoPhase::Waiting : DemoPhase::Reading;
  return {DemoCommand::Show, step};
}

DemoCommand DemoState::run_now() {
  ran_[size_t(step_)] = true;
  phase_ = DemoPhase::Waiting;
  clock_ = 0;
  if (code_[size_t(step_)] == 0) return {};
  return {DemoCommand::Run, step_};
}

double DemoState::type_seconds() const {
  return std::min(max_type_seconds, code_[size_t(step_)] / chars_per_second);
}

DemoCommand DemoState::update(double dt) {
  if (phase_ != DemoPhase::Reading && phase_ != DemoPhase::Typing) return {};
  clock_ += dt;
  if (phase_ == DemoPhase::Reading && clock_ >= read_seconds) {
    if (code_[size_t(step_)] == 0) return run_now();
    phase_ = DemoPhase::Typing;
    clock_ = 0;
  }
  if (phase_ == DemoPhase::Typing && clock_ >= type_seconds()) return run_now();
  return {};
}

DemoCommand DemoState::key(DemoKey k) {
  if (phase_ == DemoPhase::Off) return {};
  if (k == DemoKey::End) {
    phase_ = DemoPhase::Off;
    return {DemoCommand::End, step_};
  }
  const int n = int(code_.size());
  if (k == DemoKey::Back) {
    if (phase_ == DemoPhase::Finished) {  // back onto the last step, as it was left
      phase_ = DemoPhase::Waiting;
      return {};
    }
    return step_ > 0 ? show(step_ - 1) : DemoCommand{};
  }
  switch (phase_) {
    case DemoPhase::Reading:
    case DemoPhase::Typing: return run_now();
    case DemoPhase::Waiting:
      if (step_ + 1 < n) return show(step_ + 1);
      phase_ = DemoPhase::Finished;
      return {};
    default: return {};
  }
}

DemoCommand DemoState::follow(int step) {
  if (phase_ == DemoPhase::Off || step == step_ || step < 0 || step >= int(code_.size())) return {};
  DemoCommand c = show(step);
  c.kind = DemoCommand::None;  // it is already shown
  return c;
}

int DemoState::typed_chars() const {
  if (phase_ == DemoPhase::Off) return 0;
  const int len = code_[size_t(step_)];
  if (phase_ == DemoPhase::Reading) return 0;
  if (phase_ == DemoPhase::Typing) {
    const double t = type_seconds();
    return t <= 0 ? len : std::min(len, int(len * clock_ / t));
  }
  return len;
}

std::string DemoState::status() const {
  const std::string where = "Demo: step " + std::to_string(step_ + 1) + " of " + std::to_string(code_.size());
  switch (phase_) {
    case DemoPhase::Off: return "";
    case DemoPhase::Reading:
    case DemoPhase::Typing: return where + " \xe2\x80\x94 running its code (Space: at once)";
    case DemoPhase::Waiting:
      return where + (step_ + 1 < int(code_.size()) ? " \xe2\x80\x94 press Space for the next step"
                                                   : " \xe2\x80\x94 press Space to finish");
    case DemoPhase::Finished:
      return "Demo: lesson " + std::to_string(lesson_) + " done \xe2\x80\x94 Left goes back, Esc ends the demo";
  }
  return "";
}

}  // namespace tp::gui
