// The simulated machine's clock (machine_clock.h): real host time from steady_clock with
// the simulation scopes cut out, plus modeled launch costs and waits.
#include "core/machine_clock.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <string>

namespace tp {

namespace {

int64_t steady_now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

}  // namespace

MachineClock::MachineClock(RealSource real_source)
    : source_(real_source ? real_source : steady_now_ns), start_ns_(source_()) {}

double MachineClock::real_ns() const { return static_cast<double>(source_() - start_ns_); }

double MachineClock::host_real_ns() const {
  if (frozen_) return frozen_at_ns_;
  // Inside a simulation scope the clock stands still at the scope's start.
  const double real = scope_depth_ > 0 ? scope_start_ns_ : real_ns();
  return real - simulation_ns_ - paused_ns_;
}

double MachineClock::now_ns() const { return host_real_ns() + modeled_ns_; }

void MachineClock::spend(double ns) { modeled_ns_ += ns; }

void MachineClock::wait_until(double ns) {
  const double now = now_ns();
  if (ns > now) modeled_ns_ += ns - now;
}

double MachineClock::simulation_ns() const {
  return simulation_ns_ + (scope_depth_ > 0 ? real_ns() - scope_start_ns_ : 0.0);
}

void MachineClock::freeze_host(bool frozen) {
  if (frozen == frozen_) return;
  if (frozen) {
    frozen_at_ns_ = host_real_ns();
  } else {
    // Continue from where it stopped: the time that passed meanwhile never happened.
    const double real = scope_depth_ > 0 ? scope_start_ns_ : real_ns();
    paused_ns_ = real - simulation_ns_ - frozen_at_ns_;
  }
  frozen_ = frozen;
}

MachineClock& machine_clock() {
  static MachineClock clock = [] {
    MachineClock c;
    // Tests of a whole program: only modeled time moves the clock, so what a script prints
    // about its own timing is exact.
    const char* frozen = std::getenv("TENSORPLAY_FREEZE_HOST_CLOCK");
    if (frozen && std::string(frozen) == "1") c.freeze_host(true);
    return c;
  }();
  return clock;
}

SimulationScope::SimulationScope(MachineClock& clock) : clock_(clock) {
  if (clock_.scope_depth_++ == 0) clock_.scope_start_ns_ = clock_.real_ns();
}

SimulationScope::~SimulationScope() {
  if (--clock_.scope_depth_ == 0)
    clock_.simulation_ns_ += std::max(0.0, clock_.real_ns() - clock_.scope_start_ns_);
}

}  // namespace tp
