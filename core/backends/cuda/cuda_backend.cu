// CudaBackend's memory and host<->device copies, and the plain functions of
// cuda_runtime_info.h for memory stats, pinned memory and asynchronous copies.
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

void CudaBackend::copy_from_host(void* dst, const void* host_src, size_t nbytes, int index) {
  if (nbytes == 0) return;
  CudaDeviceGuard guard(index);
  CUDA_CHECK(cudaMemcpy(dst, host_src, nbytes, cudaMemcpyHostToDevice));
}

void CudaBackend::copy_to_host(void* host_dst, const void* src, size_t nbytes, int index) {
  if (nbytes == 0) return;
  CudaDeviceGuard guard(index);
  // Waits for the kernels queued before it on the default stream: .cpu() synchronises.
  CUDA_CHECK(cudaMemcpy(host_dst, src, nbytes, cudaMemcpyDeviceToHost));
}

CudaBackend& cuda_backend() {
  static CudaBackend backend;
  return backend;
}

Backend* cuda_backend_or_null() {
  return cuda_real_device_count() > 0 ? &cuda_backend() : nullptr;
}

size_t cuda_memory_allocated(int device) { return cuda_allocator(device).memory_allocated(); }
size_t cuda_memory_reserved(int device) { return cuda_allocator(device).memory_reserved(); }
size_t cuda_max_memory_allocated(int device) {
  return cuda_allocator(device).max_memory_allocated();
}
size_t cuda_max_memory_reserved(int device) { return cuda_allocator(device).max_memory_reserved(); }
void cuda_reset_peak_memory_stats(int device) { cuda_allocator(device).reset_peak_memory_stats(); }
void cuda_empty_cache(int device) { cuda_allocator(device).empty_cache(); }

void cuda_mem_get_info(int device, size_t* free_bytes, size_t* total_bytes) {
  CudaDeviceGuard guard(device);
  CUDA_CHECK(cudaMemGetInfo(free_bytes, total_bytes));
}

void* cuda_pinned_alloc(size_t nbytes) {
  void* ptr = nullptr;
  if (nbytes == 0) return nullptr;
  CUDA_CHECK(cudaHostAlloc(&ptr, nbytes, cudaHostAllocDefault));
  return ptr;
}

void cuda_pinned_free(void* ptr) {
  if (ptr) CUDA_CHECK(cudaFreeHost(ptr));
}

bool cuda_is_pinned(const void* ptr) {
  if (!ptr) return false;
  cudaPointerAttributes attr{};
  if (cudaPointerGetAttributes(&attr, ptr) != cudaSuccess) {
    cudaGetLastError();  // an unknown pointer is just not pinned
    return false;
  }
  return attr.type == cudaMemoryTypeHost;
}

// The DMA engine reads page-locked memory directly, so the copy can run while the host
// goes on; pageable memory must be staged, and cudaMemcpyAsync then blocks like cudaMemcpy.
void cuda_copy_from_host_async(void* dst, const void* host_src, size_t nbytes, int device) {
  if (nbytes == 0) return;
  CudaDeviceGuard guard(device);
  CUDA_CHECK(cudaMemcpyAsync(dst, host_src, nbytes, cudaMemcpyHostToDevice, 0));
}

void cuda_copy_to_host_async(void* host_dst, const void* src, size_t nbytes, int device) {
  if (nbytes == 0) return;
  CudaDeviceGuard guard(device);
  CUDA_CHECK(cudaMemcpyAsync(host_dst, src, nbytes, cudaMemcpyDeviceToHost, 0));
}

void cuda_copy_peer(void* dst, int dst_device, const void* src, int src_device, size_t nbytes) {
  if (nbytes == 0) return;
  if (dst_device == src_device) {
    CudaDeviceGuard guard(dst_device);
    CUDA_CHECK(cudaMemcpy(dst, src, nbytes, cudaMemcpyDeviceToDevice));
    return;
  }
  CUDA_CHECK(cudaMemcpyPeer(dst, dst_device, src, src_device, nbytes));
}

}  // namespace tp
