// SimBackend::matmul, the simulated GPU's "cuBLAS": the values come from the CPU matmul
// (the CPU backend's matmul, reading the sim's host-resident buffers in place), because
// running a large gemm thread by thread would take minutes; the modeled time is the
// roofline of the profile (tensor cores for half/bfloat16). The teaching matmul kernels
// that do run through the SIMT executor live with the executor (simt).
#include "core/backends/cpu/cpu_backend.h"
#include "core/backends/sim/sim_kernels.h"

namespace tp {

void SimBackend::matmul(const Tensor& a, const Tensor& bm, const Tensor& out, bool accumulate,
                        ProductKind kind) {
  SimulationScope simulating;  // real time spent here is not the machine's
  const int64_t batches = out.sizes()[0], m = out.sizes()[1], n = out.sizes()[2];
  const int64_t k = a.sizes()[2];
  if (out.numel() == 0) return;
  cpu_backend().matmul(a, bm, out, accumulate, kind);
  // Each operand is read once and the result written once (a tiled gemm's ideal).
  const int64_t item = static_cast<int64_t>(out.element_size());
  const int64_t bytes = (batches * m * k + batches * k * n + batches * m * n) * item;
  const double flops = 2.0 * static_cast<double>(batches) * static_cast<double>(m) *
                       static_cast<double>(n) * static_cast<double>(k);
  sim::device_of(out).clock->launch_kernel("gemm (cuBLAS)", flops, bytes, out.dtype(),
                                           OpClass::Matmul);
}

}  // namespace tp
