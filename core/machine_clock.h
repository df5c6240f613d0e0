// The simulated machine's clock: the time a learner's own timing code reads (time.time(),
// time.perf_counter(), time.monotonic()) in a session with simulated GPUs. It is the host's
// real time, less the real time the host spends simulating device work (running kernels
// and copies for the simulated GPUs), plus the MODELED time the host spends issuing device
// work and waiting for it (synchronize, .item(), blocking copies, events). So the host's
// own work is measured and the devices' is modeled, as on a machine with that GPU.
// It is the session's clock, not a device's: the time module, :time and the tests read it,
// and the simulator (backends/sim) moves it.
#pragma once

#include <cstdint>

namespace tp {

class MachineClock {
 public:
  // real_source: the host's real time in nanoseconds (steady_clock; tests pass their own).
  using RealSource = int64_t (*)();
  explicit MachineClock(RealSource real_source = nullptr);

  // Nanoseconds of simulated machine time since the program started.
  double now_ns() const;
  // The host spends `ns` of modeled time (the cost of issuing a launch or a copy).
  void spend(double ns);
  // The host waits, in modeled time, until machine time `ns` (no-op if it is past).
  void wait_until(double ns);

  // Real nanoseconds spent simulating device work so far (left out of now_ns()).
  double simulation_ns() const;
  // Real nanoseconds since the program started (what --wall-clock reads).
  double real_ns() const;

  // Tests: stop the host's real time from counting, so that only modeled time moves the
  // clock and every figure is reproducible; false lets it run on from where it stopped.
  void freeze_host(bool frozen);

 private:
  friend class SimulationScope;
  double host_real_ns() const;  // real host time, less simulation and frozen spans

  RealSource source_;
  int64_t start_ns_;            // the source's time at construction
  double modeled_ns_ = 0;       // launches issued and waits, modeled
  double simulation_ns_ = 0;    // finished simulation scopes
  int scope_depth_ = 0;
  double scope_start_ns_ = 0;   // real_ns() when the outermost open scope began
  bool frozen_ = false;
  double frozen_at_ns_ = 0;     // host_real_ns() when frozen
  double paused_ns_ = 0;        // real time that passed while frozen
};

// The program's clock; TENSORPLAY_FREEZE_HOST_CLOCK=1 starts it frozen (for tests).
MachineClock& machine_clock();

// Marks the real time of its lifetime as simulation, not host work (SimBackend's entry
// points open one; nested scopes count once).
class SimulationScope {
 public:
  explicit SimulationScope(MachineClock& clock = machine_clock());
  ~SimulationScope();
  SimulationScope(const SimulationScope&) = delete;
  SimulationScope& operator=(const SimulationScope&) = delete;

 private:
  MachineClock& clock_;
};

}  // namespace tp
