// The teaching matmul kernels (core/teaching.h) run on the SIMT executor: every thread's
// modeled trace, for the GUI's thread grid, the benchmarks and the lessons.
#include "core/teaching.h"

#include "core/backends/sim/sim_thread.h"
#include "core/error.h"
#include "core/kernels/teaching_matmul.h"
#include "core/machine_clock.h"

namespace tp {

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
