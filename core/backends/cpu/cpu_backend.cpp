// The CPU backend object; its kernels are the cpu_*.cpp files beside this one.
#include "core/backends/cpu/cpu_backend.h"

namespace tp {

CpuBackend& cpu_backend() {
  static CpuBackend backend;
  return backend;
}

}  // namespace tp
