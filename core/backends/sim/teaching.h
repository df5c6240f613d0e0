// Runs the teaching matmul kernels (core/kernels/teaching_matmul.h) in the simulator and
// returns their per-thread trace, for the GUI's thread-grid animation and for lessons that
// compare naive, coalesced and tiled access patterns; and the one rule for which block and
// thread compute C[i][j], which the GUI's grid and the terminal's :grid both show.
#pragma once

#include <string>

#include "core/backends/sim/simt.h"
#include "core/gpu_profile.h"
#include "core/tensor.h"

namespace tp {

// The three numbered kernels.
enum class TeachingKernel { Naive, Coalesced, Tiled };

// "matmul_naive", "matmul_coalesced", "matmul_tiled".
const char* teaching_kernel_name(TeachingKernel kind);

// The launch each kernel expects for C (M,N): blocks of tile x tile threads; the tiled
// kernel adds 2 * tile * tile floats of shared memory and barriers.
LaunchConfig teaching_launch_config(TeachingKernel kind, int M, int N, int tile);

// The block edge the thread grid (the GUI's view and the terminal's :grid) launches with
// for C (M,N): 4 while C fits in 8 x 8, so even a small C spans a few blocks; else 8.
int teaching_grid_tile(int M, int N);

// The block and the thread in it that compute C[row][col] under `kind`'s launch: the
// kernels' index formulas (core/kernels/teaching_matmul.h) solved for the indices. Every
// kernel's block covers one aligned tile x tile square of C.
struct TeachingThread {
  KDim3 block, thread;
};
TeachingThread teaching_thread_for(TeachingKernel kind, int row, int col, int tile);

// The launch for C (M,N) in words: "a grid of (1, 1) blocks of (4, 4) threads: 4 compute
// an element of C each, 12 fall outside C and return at once".
std::string teaching_launch_text(TeachingKernel kind, int M, int N, int tile);

// C (M,N) = A (M,K) @ B (K,N) on row-major float buffers in host-addressable memory.
// Returns the trace; `stats`, when given, gets the launch's totals.
KernelTrace run_teaching_matmul(TeachingKernel kind, const float* A, const float* B, float* C,
                                int M, int N, int K, const GpuProfile& profile, int tile = 16,
                                KernelStats* stats = nullptr);

// The same on tensors: float32, 2-D, contiguous, on the CPU or a simulated device (memory
// the host can address), with C already shaped (M,N).
KernelTrace run_teaching_matmul(TeachingKernel kind, const Tensor& A, const Tensor& B,
                                const Tensor& C, const GpuProfile& profile, int tile = 16,
                                KernelStats* stats = nullptr);

}  // namespace tp
