// The teaching matmul kernels (core/kernels/teaching_matmul.h) as the GUI's thread grid,
// the terminal's :grid, the benchmarks and the lessons use them: the launch each expects,
// the block and thread that compute C[i][j], and runs that return every thread's trace,
// modeled in the simulator (backends/sim/sim_teaching.cpp) or measured on a real GPU
// (backends/cuda/cuda_teaching.cu).
#pragma once

#include <string>

#include "core/gpu_profile.h"
#include "core/kernel_trace.h"
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

// In the simulator, on `profile`: C (M,N) = A (M,K) @ B (K,N) on row-major float buffers in
// host-addressable memory. Returns the trace; `stats`, when given, gets the launch's totals.
KernelTrace run_teaching_matmul(TeachingKernel kind, const float* A, const float* B, float* C,
                                int M, int N, int K, const GpuProfile& profile, int tile = 16,
                                KernelStats* stats = nullptr);

// The same on tensors: float32, 2-D, contiguous, on the CPU or a simulated device (memory
// the host can address), with C already shaped (M,N).
KernelTrace run_teaching_matmul(TeachingKernel kind, const Tensor& A, const Tensor& B,
                                const Tensor& C, const GpuProfile& profile, int tile = 16,
                                KernelStats* stats = nullptr);

// On a real GPU: float32, 2-D, contiguous tensors on one real GPU, launched as
// teaching_launch_config(kind, M, N, tile) says. With `trace`, the instrumented variant runs
// and fills it with every thread's measured start/end (globaltimer, ns from the earliest
// start), SM id, output element and access counts; trace->measured is true. A build without
// CUDA raises PyTorch's "Torch not compiled with CUDA enabled".
void cuda_run_teaching_matmul(TeachingKernel kind, const Tensor& A, const Tensor& B,
                              const Tensor& C, int tile, KernelTrace* trace);

}  // namespace tp
