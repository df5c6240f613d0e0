// Grad mode (torch.no_grad / torch.enable_grad): a thread-local switch that ops consult
// before recording a backward graph.
#pragma once

namespace tp::autograd {

bool grad_enabled();
void set_grad_enabled(bool enabled);
// True while record_op runs the forward of an op called in grad mode (ForwardGuard below).
bool in_recorded_forward();
void set_in_recorded_forward(bool inside);

// Turns recording off (or on) for a scope, restoring the previous mode on exit.
class GradModeGuard {
 public:
  explicit GradModeGuard(bool enabled) : prev_(grad_enabled()) { set_grad_enabled(enabled); }
  ~GradModeGuard() { set_grad_enabled(prev_); }
  GradModeGuard(const GradModeGuard&) = delete;
  GradModeGuard& operator=(const GradModeGuard&) = delete;

 private:
  bool prev_;
};

// torch.no_grad() for C++ code (optimizer steps, weight initialisation, gradient formulas).
class NoGradGuard : public GradModeGuard {
 public:
  NoGradGuard() : GradModeGuard(false) {}
};

// record_op's guard around an op's forward: recording off, while the views the forward makes
// still count as made in grad mode (they are the caller's views; PyTorch makes them outside
// its own autograd guard), so only a learner's no_grad marks a view as made under no_grad.
class ForwardGuard : public NoGradGuard {
 public:
  ForwardGuard() : prev_(in_recorded_forward()) { set_in_recorded_forward(true); }
  ~ForwardGuard() { set_in_recorded_forward(prev_); }
  ForwardGuard(const ForwardGuard&) = delete;
  ForwardGuard& operator=(const ForwardGuard&) = delete;

 private:
  bool prev_;
};

}  // namespace tp::autograd
