// Launches the teaching matmul kernels on the SIMT executor, and names the thread each
// element of C is computed by (see teaching.h).
#include "core/backends/sim/teaching.h"

#include <algorithm>

#include "core/backends/sim/sim_thread.h"
#include "core/error.h"
#include "core/kernels/teaching_matmul.h"
#include "core/machine_clock.h"

namespace tp {

const char* teaching_kernel_name(TeachingKernel kind) {
  switch (kind) {
    case TeachingKernel::Naive: return "matmul_naive";
    case TeachingKernel::Coalesced: return "matmul_coalesced";
    case TeachingKernel::Tiled: return "matmul_tiled";
  }
  return "?";
}

static int ceil_div(int a, int b) { return (a + b - 1) / b; }

LaunchConfig teaching_launch_config(TeachingKernel kind, int M, int N, int tile) {
  LaunchConfig config;
  config.name = teaching_kernel_name(kind);
  config.block = {tile, tile, 1};
  if (kind == TeachingKernel::Naive) {
    config.grid = {ceil_div(M, tile), ceil_div(N, tile), 1};  // x walks rows
  } else {
    config.grid = {ceil_div(N, tile), ceil_div(M, tile), 1};  // x walks columns
  }
  if (kind == TeachingKernel::Tiled) {
    config.shared_bytes = 2 * sizeof(float) * static_cast<size_t>(tile) * tile;
    config.uses_barriers = true;
  }
  return config;
}

int teaching_grid_tile(int M, int N) { return std::max(M, N) <= 8 ? 4 : 8; }

TeachingThread teaching_thread_for(TeachingKernel kind, int row, int col, int tile) {
  // Naive: row = block.x * tile + thread.x, col = block.y * tile + thread.y; the others
  // swap the roles (threadIdx.x along a row of C, so a warp reads neighbouring floats).
  const int r = row / tile, c = col / tile, tr = row % tile, tc = col % tile;
  if (kind == TeachingKernel::Naive) return {{r, c, 1}, {tr, tc, 1}};
  return {{c, r, 1}, {tc, tr, 1}};
}

std::string teaching_launch_text(TeachingKernel kind, int M, int N, int tile) {
  const LaunchConfig config = teaching_launch_config(kind, M, N, tile);
  const int64_t threads = int64_t(config.grid.x) * config.grid.y * tile * tile;
  const int64_t outside = threads - int64_t(M) * N;
  std::string text = "a grid of (" + std::to_string(config.grid.x) + ", " + std::to_string(config.grid.y) +
                     ") blocks of (" + std::to_string(tile) + ", " + std::to_string(tile) + ") threads: ";
  if (outside == 0) return text + "each computes one element of C";
  const int64_t inside = int64_t(M) * N;
  text += inside == 1 ? "1 computes the one element of C, "
                      : std::to_string(inside) + " compute an element of C each, ";
  text += std::to_string(outside) + (outside == 1 ? " falls" : " fall") + " outside C and ";
  // The tiled kernel's edge threads still load their share of each tile for the others.
  return text + (kind == TeachingKernel::Tiled ? "only help load the tiles" : "return at once");
}

KernelTrace run_teaching_matmul(TeachingKernel kind, const float* A, const float* B, float* C,
                                int M, int N, int K, const GpuProfile& profile, int tile,
                                KernelStats* stats) {
  TP_CHECK(M > 0 && N > 0 && K > 0 && tile > 0, RuntimeError,
           "teaching matmul: M, N, K and tile must be positive, got ", M, ", ", N, ", ", K,
           " and ", tile);
  LaunchConfig config = teaching_launch_config(kind, M, N, tile);
  std::vector<BufferRange> buffers = {{A, sizeof(float) * size_t(M) * K},
                                      {B, sizeof(float) * size_t(K) * N},
                                      {C, sizeof(float) * size_t(M) * N}};
  std::function<void(SimThread&)> kernel;
  switch (kind) {
    case TeachingKernel::Naive:
      kernel = [=](SimThread& ctx) { matmul_naive(ctx, A, B, C, M, N, K); };
      break;
    case TeachingKernel::Coalesced:
      kernel = [=](SimThread& ctx) { matmul_coalesced(ctx, A, B, C, M, N, K); };
      break;
    case TeachingKernel::Tiled:
      kernel = [=](SimThread& ctx) { matmul_tiled(ctx, A, B, C, M, N, K); };
      break;
  }
  KernelTrace trace;
  SimulationScope simulating;  // the host's time running threads is not the machine's
  KernelStats totals = launch(config, profile, buffers, kernel, &trace);
  if (stats) *stats = totals;
  return trace;
}

KernelTrace run_teaching_matmul(TeachingKernel kind, const Tensor& A, const Tensor& B,
                                const Tensor& C, const GpuProfile& profile, int tile,
                                KernelStats* stats) {
  for (const Tensor* t : {&A, &B, &C}) {
    TP_CHECK(t->dtype() == DType::Float32 && t->dim() == 2 && t->is_contiguous(), RuntimeError,
             "teaching matmul: expected contiguous 2-D float32 tensors");
  }
  TP_CHECK(A.device() == B.device() && A.device() == C.device(), RuntimeError,
           "teaching matmul: A, B and C must be on one device");
  const int64_t M = A.size(0), K = A.size(1), N = B.size(1);
  TP_CHECK(B.size(0) == K && C.size(0) == M && C.size(1) == N, RuntimeError,
           "teaching matmul: shapes (", M, ", ", K, ") @ (", B.size(0), ", ", N, ") -> (",
           C.size(0), ", ", C.size(1), ") do not match");
  return run_teaching_matmul(kind, A.data<float>(), B.data<float>(), C.data<float>(),
                             static_cast<int>(M), static_cast<int>(N), static_cast<int>(K),
                             profile, tile, stats);
}

}  // namespace tp
