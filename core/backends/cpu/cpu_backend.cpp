// CPU memory: 64-byte aligned host allocations, copies are memcpy.
#include "core/backends/cpu/cpu_backend.h"

#include <cstdlib>
#include <cstring>
#include <new>

namespace tp {

void* CpuBackend::allocate(size_t nbytes, int /*index*/) {
  size_t rounded = (nbytes + 63) / 64 * 64;
  void* p = std::aligned_alloc(64, rounded == 0 ? 64 : rounded);
  if (!p) throw std::bad_alloc();
  return p;
}

void CpuBackend::deallocate(void* ptr, size_t /*nbytes*/, int /*index*/) { std::free(ptr); }

void CpuBackend::copy_from_host(void* dst, const void* host_src, size_t nbytes, int) {
  std::memcpy(dst, host_src, nbytes);
}

void CpuBackend::copy_to_host(void* host_dst, const void* src, size_t nbytes, int) {
  std::memcpy(host_dst, src, nbytes);
}

CpuBackend& cpu_backend() {
  static CpuBackend backend;
  return backend;
}

}  // namespace tp
