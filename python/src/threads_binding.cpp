// torch._C._get_num_threads / _set_num_threads: the intra-op thread count behind
// torch.get_num_threads() and torch.set_num_threads(n) (torch/__init__.py checks the
// arguments), which is the CPU backend's BLAS thread setting.
#include "core/backends/cpu/cpu_matmul.h"
#include "python/src/bindings.h"

namespace tp::torchpy {

void bind_threads(py::module_& m) {
  m.def("_get_num_threads", [] { return cpu::blas_threads(); });
  m.def("_set_num_threads", [](int threads) { cpu::set_blas_threads(threads); });
}

}  // namespace tp::torchpy
