// Grad mode (torch.no_grad / torch.enable_grad): a thread-local switch that ops consult
// before recording a backward graph.
#pragma once

namespace tp::autograd {

bool grad_enabled();
void set_grad_enabled(bool enabled);

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

}  // namespace tp::autograd
