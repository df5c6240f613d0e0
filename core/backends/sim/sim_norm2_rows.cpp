// SimBackend::norm2_rows: the values from the CPU's row kernel (the sim's buffers are host
// memory), the time modeled as one reduction kernel reading x once and writing a value a row.
#include "core/backends/cpu/cpu_backend.h"
#include "core/backends/sim/sim_kernels.h"

namespace tp {

void SimBackend::norm2_rows(const Tensor& x, const Tensor& out) {
  SimulationScope simulating;  // real time spent here is not the machine's
  if (out.numel() == 0) return;
  cpu_backend().norm2_rows(x, out);
  const int64_t bytes = (x.numel() + out.numel()) * static_cast<int64_t>(x.element_size());
  sim::device_of(x).clock->launch_kernel("reduce_norm_kernel", 2.0 * static_cast<double>(x.numel()),
                                         bytes, x.dtype(), OpClass::Elementwise);
}

}  // namespace tp
