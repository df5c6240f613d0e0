// What a device's stream clock reports: each piece of work that ran on one of its streams
// (ClockRecord) and snapshots to measure between (ClockPoint). A simulated GPU models them
// (sim/sim_clock.h); the other devices keep no log. The REPL's :time and the GUI's copy
// timeline read them through the device face (device_runtime.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace tp {

// Where on the device a piece of work ran: the SMs (kernels) or a copy engine; or HostWait:
// the host waiting for the device (synchronize, .item(), a blocking copy), for the timeline.
enum class ClockLane { Compute, CopyHtoD, CopyDtoH, Peer, HostWait };

// One piece of work on a stream.
struct ClockRecord {
  std::string name;      // kernel name ("add_f32"), copy kind ("memcpy HtoD (pinned)"), or
                         // what the host waited in (".item()", "torch.cuda.synchronize()")
  int64_t bytes = 0;     // bytes read + written (kernels) or moved (copies)
  double flops = 0;
  double issue_ns = 0;   // host time when it was issued
  double start_ns = 0, end_ns = 0;  // when it ran on the stream
  bool is_copy = false;
  int stream = 0;        // the stream it was queued on (0: the default stream)
  ClockLane lane = ClockLane::Compute;
  double sm_share = 0;   // kernels: the fraction of the SMs it held
  std::string op;        // the op that queued it, with its inputs' shapes
                         // ("aten::mm [[64, 128], [128, 32]]"); "" outside an op
  bool modeled = true;   // always true: a roofline estimate, not a measurement
};

// A snapshot of the clock, to measure what happened between two points.
struct ClockPoint {
  double host_ns = 0;
  double stream_end_ns = 0;
  double busy_ns = 0;    // total modeled device time up to this point
  size_t records = 0;    // log length at this point
};

// Modeled device time spent between two points of one device (busy time, not wall time).
inline double device_ns_between(const ClockPoint& a, const ClockPoint& b) {
  return b.busy_ns - a.busy_ns;
}

}  // namespace tp
