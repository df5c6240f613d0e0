// CudaBackend's memory, pinned host memory and host<->device copies, and
// cuda_mem_get_info of cuda_runtime_info.h.
#include "core/backends/cuda/cuda_backend.h"

#include "core/backends/cuda/cuda_allocator.h"
#include "core/backends/cuda/cuda_check.h"
#include "core/backends/cuda/cuda_device_guard.h"
#include "core/backends/cuda/cuda_runtime_info.h"

namespace tp {

void* CudaBackend::allocate(size_t nbytes, int index) {
  return cuda_allocator(index).allocate(nbytes);
}

// Memory goes back to the cache at once: every kernel runs on the one default stream, so
// work queued later cannot overlap work that still reads the block.
void CudaBackend::deallocate(void* ptr, size_t, int index) { cuda_allocator(index).free(ptr); }

// The DMA engine reads and writes page-locked memory directly, so a copy from or to it can
// run while the host goes on (non_blocking=True); pageable memory must be staged by the
// driver, and the copy blocks, as PyTorch's does.
void CudaBackend::copy_from_host(void* dst, const void* host_src, size_t nbytes, int index,
                                 CopyOptions options) {
  if (nbytes == 0) return;
  CudaDeviceGuard guard(index);
  if (options.host_pinned && options.non_blocking) {
    CUDA_CHECK(cudaMemcpyAsync(dst, host_src, nbytes, cudaMemcpyHostToDevice, 0));
  } else {
    CUDA_CHECK(cudaMemcpy(dst, host_src, nbytes, cudaMemcpyHostToDevice));
  }
}

void CudaBackend::copy_to_host(void* host_dst, const void* src, size_t nbytes, int index,
                               CopyOptions options) {
  if (nbytes == 0) return;
  CudaDeviceGuard guard(index);
  // Either way it is queued after the kernels before it on the default stream; the
  // blocking form also waits for them (.cpu() synchronises).
  if (options.host_pinned && options.non_blocking) {
    CUDA_CHECK(cudaMemcpyAsync(host_dst, src, nbytes, cudaMemcpyDeviceToHost, 0));
  } else {
    CUDA_CHECK(cudaMemcpy(host_dst, src, nbytes, cudaMemcpyDeviceToHost));
  }
}

void* CudaBackend::allocate_pinned(size_t nbytes) {
  void* ptr = nullptr;
  if (nbytes == 0) return nullptr;
  CUDA_CHECK(cudaHostAlloc(&ptr, nbytes, cudaHostAllocDefault));
  return ptr;
}

// cudaFreeHost waits for copies still reading the memory, so a tensor dropped right after
// a non_blocking copy is safe.
void CudaBackend::free_pinned(void* ptr, size_t) {
  if (ptr) cudaFreeHost(ptr);  // may run in a destructor: no throwing check
}

MemoryStats CudaBackend::memory_stats(int index) const {
  const CachingAllocator& a = cuda_allocator(index);
  return {a.memory_allocated(), a.memory_reserved(), a.max_memory_allocated()};
}

void CudaBackend::reset_peak_memory_stats(int index) { cuda_allocator(index).reset_peak_memory_stats(); }

void CudaBackend::empty_cache(int index) { cuda_allocator(index).empty_cache(); }

CudaBackend& cuda_backend() {
  static CudaBackend backend;
  return backend;
}

Backend* cuda_backend_or_null() {
  return cuda_real_device_count() > 0 ? &cuda_backend() : nullptr;
}

void cuda_mem_get_info(int device, size_t* free_bytes, size_t* total_bytes) {
  CudaDeviceGuard guard(device);
  CUDA_CHECK(cudaMemGetInfo(free_bytes, total_bytes));
}

}  // namespace tp
