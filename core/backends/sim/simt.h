// The SIMT executor: runs a kernel over grid -> blocks -> warps -> threads on host threads,
// as a readable specification of what a GPU does. Blocks are dispatched to simulated SMs
// as the profile's occupancy limits allow; every global/shared access is counted and
// bounds-checked (an out-of-bounds access names the thread that made it); barriers work.
// On request it records a per-thread trace (core/kernel_trace.h) that the GUI's thread
// grid replays.
#pragma once

#include <cstddef>
#include <functional>
#include <vector>

#include "core/gpu_profile.h"
#include "core/kernel_trace.h"

namespace tp {

class SimThread;  // the kernel context (simt.cpp); satisfies core/kernels/kernel_ctx.h

// Runs `kernel` for every thread. Global memory the kernel may touch is declared in
// `buffers` (pointer, bytes) so accesses outside them raise an error naming the thread.
// Fills `trace` when it is not null.
struct BufferRange {
  const void* ptr;
  size_t bytes;
};
// The launch rules every simulated kernel obeys (the teaching kernels here, the learner's
// numba kernels in warp_program.h): CUDA's checks with its error texts; how many blocks of
// the launch fit on one SM (threads, blocks and shared memory; registers not modeled); the
// block with linear index b (x fastest, as GPUs number them).
void check_launch(const LaunchConfig& config, const GpuProfile& profile);
int blocks_per_sm(const LaunchConfig& config, const GpuProfile& profile);
KDim3 block_index(int64_t b, KDim3 grid);

KernelStats launch(const LaunchConfig& config, const GpuProfile& profile,
                   const std::vector<BufferRange>& buffers,
                   const std::function<void(SimThread&)>& kernel, KernelTrace* trace = nullptr);

}  // namespace tp
