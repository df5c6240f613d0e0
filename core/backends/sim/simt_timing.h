// The modeled timing of the SIMT executor: how long a block takes, computed from the
// memory events its threads recorded. This is a MODEL for teaching, not a measurement:
//
//  - A warp runs in lockstep: the i-th memory access of each of its threads (between two
//    barriers) is one warp instruction.
//  - Latency chain: a warp instruction that reads global memory waits a modeled global
//    latency (400 cycles at the profile's clock); one that touches shared memory waits a
//    shared latency (30 cycles); global stores do not wait (fire and forget). The warps of a
//    block run side by side; at a barrier the block waits for its slowest warp (+20 cycles).
//  - Bandwidth: a warp instruction on global memory moves one 128-byte segment per distinct
//    segment its threads touch (consecutive floats of a warp: 1 segment, "coalesced"; one
//    row per thread: 1 segment per thread, "uncoalesced"). An SM's share of the memory
//    bandwidth is profile bandwidth / SM count, split among the blocks resident on it.
//  - A block takes max(latency chain, bytes moved / its bandwidth share); when bandwidth
//    dominates, every warp's times are stretched by the same factor.
// Not modeled: arithmetic, caches, bank conflicts, registers, warp scheduling overlap.
#pragma once

#include <vector>

#include "core/backends/sim/sim_thread.h"
#include "core/gpu_profile.h"

namespace tp {

class SimTiming {
 public:
  explicit SimTiming(const GpuProfile& profile);

  // Modeled nanoseconds of one block whose threads ran with access logs; warp_end_ns gets
  // each warp's finishing time from the block's start. `blocks_on_sm` blocks share the SM.
  double block_ns(const std::vector<SimThread>& threads, int warp_size, int blocks_on_sm,
                  std::vector<double>& warp_end_ns) const;

  // The model's constants, in nanoseconds and bytes.
  double ns_per_cycle = 0;
  double global_latency_ns = 0, shared_latency_ns = 0, barrier_ns = 0;
  double segment_bytes = 128;
  double sm_bytes_per_ns = 0;  // one SM's share of the memory bandwidth

 private:
  // Latency of one warp's accesses in [begin[t], end[t]) of each thread's log; adds the
  // 128-byte segments it moved to `segments`.
  double warp_segment_ns(const std::vector<const SimThread*>& warp,
                         const std::vector<size_t>& begin, const std::vector<size_t>& end,
                         double& segments) const;
};

}  // namespace tp
