// The CudaBackend object; its kernels are the other .cu files here.
#include "core/backends/cuda/cuda_backend.h"

#include "core/backends/cuda/cuda_runtime_info.h"

namespace tp {

CudaBackend& cuda_backend() {
  static CudaBackend backend;
  return backend;
}

Backend* cuda_backend_or_null() {
  return cuda_real_device_count() > 0 ? &cuda_backend() : nullptr;
}

}  // namespace tp
