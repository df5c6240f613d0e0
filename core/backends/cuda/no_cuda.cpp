// Built when the CUDA toolkit is absent: the real GPU backend is not available. Queries
// answer "none"; anything that would need a real GPU raises PyTorch's CPU-build text.
#include "core/backends/cuda/cuda_runtime_info.h"
#include "core/error.h"

namespace tp {

namespace {
[[noreturn]] void not_compiled() {
  fail(ErrorKind::AssertionError, "Torch not compiled with CUDA enabled");
}
}  // namespace

bool cuda_compiled() { return false; }
int cuda_real_device_count() { return 0; }
std::string cuda_runtime_description() { return "built without CUDA"; }

Backend* cuda_backend_or_null() { return nullptr; }

CudaDeviceProperties cuda_device_properties(int) { not_compiled(); }
GpuProfile cuda_device_profile(int) { not_compiled(); }

size_t cuda_memory_allocated(int) { return 0; }
size_t cuda_memory_reserved(int) { return 0; }
size_t cuda_max_memory_allocated(int) { return 0; }
size_t cuda_max_memory_reserved(int) { return 0; }
void cuda_reset_peak_memory_stats(int) {}
void cuda_empty_cache(int) {}
void cuda_mem_get_info(int, size_t*, size_t*) { not_compiled(); }

void* cuda_pinned_alloc(size_t) { not_compiled(); }
void cuda_pinned_free(void*) { not_compiled(); }
bool cuda_is_pinned(const void*) { return false; }
void cuda_copy_from_host_async(void*, const void*, size_t, int) { not_compiled(); }
void cuda_copy_to_host_async(void*, const void*, size_t, int) { not_compiled(); }
void cuda_copy_peer(void*, int, const void*, int, size_t) { not_compiled(); }

CudaEventHandle cuda_event_create(int, bool) { not_compiled(); }
void cuda_event_destroy(CudaEventHandle) {}
void cuda_event_record(CudaEventHandle, int) { not_compiled(); }
void cuda_event_synchronize(CudaEventHandle) { not_compiled(); }
bool cuda_event_query(CudaEventHandle) { not_compiled(); }
float cuda_event_elapsed_ms(CudaEventHandle, CudaEventHandle) { not_compiled(); }
void cuda_device_synchronize(int) { not_compiled(); }

void cuda_run_teaching_matmul(TeachingKernel, const Tensor&, const Tensor&, const Tensor&, int,
                              KernelTrace*) {
  not_compiled();
}

}  // namespace tp
