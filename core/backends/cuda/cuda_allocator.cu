// CudaSegments (cuda_allocator.h) and the allocator of each real GPU.
#include "core/backends/cuda/cuda_allocator.h"

#include <memory>
#include <mutex>
#include <vector>

#include "core/backends/cuda/cuda_check.h"
#include "core/backends/cuda/cuda_device_guard.h"
#include "core/backends/cuda/cuda_runtime_info.h"
#include "core/backends/cuda/cuda_streams.h"
#include "core/error.h"

namespace tp {

void* CudaSegments::acquire(size_t bytes) {
  CudaDeviceGuard guard(device_);
  void* ptr = nullptr;
  const cudaError_t err = cudaMalloc(&ptr, bytes);
  if (err == cudaErrorMemoryAllocation) {
    cudaGetLastError();  // clear it: the allocator releases its cache and retries
    return nullptr;
  }
  CUDA_CHECK(err);
  return ptr;
}

void CudaSegments::release(void* ptr, size_t) {
  CudaDeviceGuard guard(device_);
  CUDA_CHECK(cudaFree(ptr));
}

void CudaSegments::capacity(size_t, size_t* total, size_t* free_bytes) const {
  CudaDeviceGuard guard(device_);
  CUDA_CHECK(cudaMemGetInfo(free_bytes, total));
}

CachingAllocator& cuda_allocator(int device) {
  static std::mutex mutex;
  static auto* allocators = new std::vector<CachingAllocator*>();
  std::lock_guard<std::mutex> lock(mutex);
  TP_ASSERT(device >= 0 && device < cuda_real_device_count());
  if (allocators->size() <= static_cast<size_t>(device)) allocators->resize(device + 1, nullptr);
  if (!(*allocators)[device]) {
    auto* allocator = new CachingAllocator(device, std::make_unique<CudaSegments>(device));
    // record_stream's waits: a CUDA event on each stream that used a freed block.
    allocator->set_stream_fences(
        [device](int stream) { return cuda::fence_after_queued(device, stream); });
    (*allocators)[device] = allocator;
  }
  return *(*allocators)[device];
}

}  // namespace tp
