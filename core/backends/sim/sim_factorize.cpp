// SimBackend::factorize, the simulated GPU's "cuSOLVER": the values come from the CPU's
// LAPACK (the sim's buffers are host memory); the time is modeled as one kernel of the
// factorisation's textbook flop count (about n^3 per matrix), reading and writing once.
#include <algorithm>

#include "core/backends/cpu/cpu_backend.h"
#include "core/backends/sim/sim_kernels.h"

namespace tp {

void SimBackend::factorize(const MatrixJob& job) {
  SimulationScope simulating;  // real time spent here is not the machine's
  if (job.a.numel() == 0 && job.op != MatrixOp::Qr && job.op != MatrixOp::Svd) return;
  cpu_backend().factorize(job);
  const double batch = static_cast<double>(job.a.sizes()[0]);
  const double m = static_cast<double>(job.a.sizes()[1]), n = static_cast<double>(job.a.sizes()[2]);
  int64_t bytes = job.a.numel() * static_cast<int64_t>(job.a.element_size());
  if (job.b.defined()) bytes += job.b.numel() * static_cast<int64_t>(job.b.element_size());
  for (const Tensor& t : job.outs) bytes += t.numel() * static_cast<int64_t>(t.element_size());
  const double flops = batch * m * n * std::min(m, n) * (job.op == MatrixOp::Svd || job.op == MatrixOp::Eigh ? 9.0 : 2.0);
  sim::device_of(job.a).clock->launch_kernel("cusolver_factorize", flops, bytes, job.a.dtype(), OpClass::Matmul);
}

}  // namespace tp
