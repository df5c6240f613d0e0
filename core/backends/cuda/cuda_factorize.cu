// CudaBackend::factorize: a host round trip, not cuSOLVER (yet): the operands are copied to
// the host, factorised by the CPU's LAPACK and the results copied back, so a real GPU's
// torch.linalg gives the CPU's values. Correct, slower than cuSOLVER for big matrices.
#include "core/backends/cpu/cpu_backend.h"
#include "core/backends/cuda/cuda_backend.h"
#include "core/ops/copy.h"

namespace tp {

void CudaBackend::factorize(const MatrixJob& job) {
  auto host = [](const Tensor& t) { return t.defined() ? to(t, Device::cpu(), std::nullopt) : Tensor(); };
  MatrixJob on_host{job.op, host(job.a), host(job.b), {}, host(job.info), job.flag};
  for (const Tensor& out : job.outs) on_host.outs.push_back(host(out));
  cpu_backend().factorize(on_host);
  for (size_t i = 0; i < job.outs.size(); ++i) copy_(job.outs[i], on_host.outs[i]);
  copy_(job.info, on_host.info);
}

}  // namespace tp
