// CudaDevice's memory, pinned host memory, the caching allocator's figures and
// host<->device copies; the CudaDevice of each real GPU; cuda_mem_get_info of
// cuda_runtime_info.h.
#include "core/backends/cuda/cuda_device.h"

#include <vector>

#include "core/backends/cuda/cuda_allocator.h"
#include "core/backends/cuda/cuda_check.h"
#include "core/backends/cuda/cuda_device_guard.h"
#include "core/backends/cuda/cuda_runtime_info.h"
#include "core/backends/cuda/cuda_streams.h"
#include "core/error.h"

namespace tp {

// A block serves the stream current when it is allocated; freed, it goes back to that
// stream's pool at once, since later work on the stream runs after the work that used it.
// Another stream that used it said so with record_stream, and the allocator waits for it.
void* CudaDevice::allocate(size_t nbytes) {
  return cuda_allocator(index_).allocate(nbytes, cuda::current_stream_id(index_));
}

void CudaDevice::deallocate(void* ptr, size_t) { cuda_allocator(index_).free(ptr); }

// Queued on the current stream, after the work before it. The DMA engine reads and writes
// page-locked memory directly, so a copy from or to it can run while the host goes on
// (non_blocking=True); otherwise the host waits for the copy, as PyTorch's copy_ does.
void CudaDevice::copy_from_host(void* dst, const void* host_src, size_t nbytes, CopyOptions options) {
  if (nbytes == 0) return;
  CudaDeviceGuard guard(index_);
  if (options.host_pinned && options.non_blocking) {
    CUDA_CHECK(
        cudaMemcpyAsync(dst, host_src, nbytes, cudaMemcpyHostToDevice, cuda::current_stream()));
  } else {
    cuda::memcpy_and_sync(dst, host_src, nbytes, cudaMemcpyHostToDevice);
  }
}

void CudaDevice::copy_to_host(void* host_dst, const void* src, size_t nbytes, CopyOptions options) {
  if (nbytes == 0) return;
  CudaDeviceGuard guard(index_);
  if (options.host_pinned && options.non_blocking) {
    CUDA_CHECK(
        cudaMemcpyAsync(host_dst, src, nbytes, cudaMemcpyDeviceToHost, cuda::current_stream()));
  } else {
    cuda::memcpy_and_sync(host_dst, src, nbytes, cudaMemcpyDeviceToHost);
  }
}

// cudaFreeHost waits for copies still reading the memory, so a tensor dropped right after
// a non_blocking copy is safe.
std::shared_ptr<void> CudaDevice::allocate_pinned(size_t nbytes) {
  void* ptr = nullptr;
  if (nbytes > 0) CUDA_CHECK(cudaHostAlloc(&ptr, nbytes, cudaHostAllocDefault));
  return std::shared_ptr<void>(ptr, [](void* p) {
    if (p) cudaFreeHost(p);  // runs in a destructor: no throwing check
  });
}

MemoryStats CudaDevice::memory_stats() const {
  const CachingAllocator& a = cuda_allocator(index_);
  return {a.memory_allocated(), a.memory_reserved(), a.max_memory_allocated()};
}

void CudaDevice::reset_peak_memory_stats() { cuda_allocator(index_).reset_peak_memory_stats(); }

void CudaDevice::empty_cache() { cuda_allocator(index_).empty_cache(); }

CachingAllocator* CudaDevice::caching_allocator() { return &cuda_allocator(index_); }

DeviceRuntime& cuda_device_runtime(int device) {
  // One per GPU, made on first use and never destroyed (the driver may be shutting down at
  // exit, as for the allocators).
  static auto* devices = [] {
    auto* all = new std::vector<CudaDevice>();
    for (int i = 0; i < cuda_real_device_count(); ++i) all->emplace_back(i);
    return all;
  }();
  TP_ASSERT(device >= 0 && device < static_cast<int>(devices->size()));
  return (*devices)[device];
}

void cuda_mem_get_info(int device, size_t* free_bytes, size_t* total_bytes) {
  CudaDeviceGuard guard(device);
  CUDA_CHECK(cudaMemGetInfo(free_bytes, total_bytes));
}

}  // namespace tp
