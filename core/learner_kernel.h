// The learner's last kernel (numba.cuda, python/numba/cuda): its per-thread trace, which
// output element each thread wrote, each warp's memory transactions and the report's text,
// kept for the GUI's thread grid, which shows it beside the teaching kernels. The simulator's
// warp interpreter (backends/sim/warp_program.h) fills it; the front ends only read it.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/kernel_trace.h"

namespace tp {

// One warp's memory traffic over a launch.
struct WarpMemory {
  int64_t global_requests = 0;  // warp instructions that read or wrote global memory
  int64_t sectors = 0;          // 32-byte sectors they touched
  int64_t ideal_sectors = 0;    // sectors the same bytes would take if contiguous
  int64_t shared_requests = 0;  // warp instructions on shared memory
  int64_t wavefronts = 0;       // their passes (more than the requests: bank conflicts)
};

struct LearnerKernel {
  uint64_t version = 0;  // 0: none launched yet; each launch a new number
  std::string name, device;
  std::string output_name;             // the array the kernel stores into first
  std::vector<int64_t> output_shape;
  KernelTrace trace;                   // per thread; ThreadTrace::output: flat index into the output
  int warps_per_block = 0;
  std::vector<WarpMemory> warps;       // per warp: block (linear) * warps_per_block + warp
  std::string report;                  // numba.cuda.last_report()'s text
};

// Replaces the last kernel (a new version); thread-safe, as the GUI reads it while the
// session's code runs.
void publish_learner_kernel(LearnerKernel kernel);
// Sets the report's text of the last kernel (the report is made after the launch).
void set_learner_kernel_report(const std::string& text);
// The last kernel (version 0 when none).
std::shared_ptr<const LearnerKernel> last_learner_kernel();

}  // namespace tp
