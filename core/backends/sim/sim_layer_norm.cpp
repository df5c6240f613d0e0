// SimBackend::layer_norm: the values from the CPU's row kernel (the sim's buffers are host
// memory), the time modeled as one elementwise kernel reading x twice and writing y.
#include "core/backends/cpu/cpu_backend.h"
#include "core/backends/sim/sim_kernels.h"

namespace tp {

void SimBackend::layer_norm(const Tensor& x, const Tensor& weight, const Tensor& bias, double eps,
                            const Tensor& y, const Tensor& mean, const Tensor& rstd) {
  SimulationScope simulating;  // real time spent here is not the machine's
  if (x.numel() == 0) return;
  cpu_backend().layer_norm(x, weight, bias, eps, y, mean, rstd);
  const int64_t bytes = 3 * x.numel() * static_cast<int64_t>(x.element_size());
  sim::device_of(x).clock->launch_kernel("layer_norm_kernel", 8.0 * static_cast<double>(x.numel()),
                                         bytes, x.dtype(), OpClass::Elementwise);
}

}  // namespace tp
