// What one kernel launch was and what its threads did: the launch configuration, where its
// blocks ran and every thread's record. The simulator's SIMT executor (backends/sim/simt.h)
// and the instrumented teaching kernels on a real GPU fill it; the GUI's thread grid
// replays it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/kernels/kernel_ctx.h"

namespace tp {

struct LaunchConfig {
  std::string name;           // kernel name, for traces and errors ("matmul_tiled")
  KDim3 grid, block;
  size_t shared_bytes = 0;    // dynamic shared memory per block
  bool uses_barriers = false; // true: each thread runs on its own fiber so sync() can switch
};

// One thread's record in a trace. Times are nanoseconds from the launch start (modeled), or
// from the earliest thread's start (measured).
struct ThreadTrace {
  KDim3 block, thread;
  int warp = 0;  // warp index within the block
  int sm = 0;    // the simulated SM its block ran on
  int64_t output = -1;  // flat index of the output element it computed (ctx.output), or -1
  double start_ns = 0, end_ns = 0;
  int64_t global_reads = 0, global_writes = 0, shared_reads = 0, shared_writes = 0;
  int barriers = 0;
};

// A whole launch: its configuration, how blocks were placed, and every thread.
struct KernelTrace {
  LaunchConfig config;
  int blocks_per_sm = 0;  // resident blocks per SM allowed by the profile's limits
  int waves = 0;          // rounds of blocks needed to cover the grid
  double duration_ns = 0; // modeled time of the whole launch
  bool measured = false;  // true: recorded on a real GPU (globaltimer), not modeled
  std::vector<ThreadTrace> threads;
};

// Totals of one launch (always computed; cheap).
struct KernelStats {
  int64_t threads = 0;
  int64_t global_reads = 0, global_writes = 0, shared_reads = 0, shared_writes = 0;
  int64_t barriers = 0;
  int waves = 0;
};

}  // namespace tp
