// Built when the CUDA toolkit is absent: the real GPU backend is not available. Queries
// answer "none"; anything that would need a real GPU raises PyTorch's CPU-build text.
#include "core/backends/cuda/cuda_runtime_info.h"
#include "core/error.h"
#include "core/cuda_source_kernel.h"
#include "core/teaching.h"

namespace tp {

namespace {
[[noreturn]] void not_compiled() {
  fail(ErrorKind::AssertionError, "Torch not compiled with CUDA enabled");
}
}  // namespace

int cuda_real_device_count() { return 0; }
std::string cuda_runtime_description() { return "built without CUDA"; }

Backend* cuda_backend_or_null() { return nullptr; }
DeviceRuntime& cuda_device_runtime(int) { not_compiled(); }

CudaDeviceProperties cuda_device_properties(int) { not_compiled(); }
GpuProfile cuda_device_profile(int) { not_compiled(); }

void cuda_mem_get_info(int, size_t*, size_t*) { not_compiled(); }

void cuda_run_teaching_matmul(TeachingKernel, const Tensor&, const Tensor&, const Tensor&, int,
                              KernelTrace*) {
  not_compiled();
}

size_t compile_cuda_source(const std::string&, int, int) { not_compiled(); }

double run_cuda_source_kernel(const std::string&, const std::string&, const std::vector<SourceKernelArray>&, KDim3,
                              KDim3, size_t) {
  not_compiled();
}

}  // namespace tp
