// CPU memory: 64-byte aligned host blocks, small ones reused (host_block_cache.h); copies
// are memcpy.
#include "core/backends/cpu/cpu_device.h"

#include <cstring>
#include <new>

#include "core/backends/cpu/host_block_cache.h"
#include "core/error.h"
#include "core/profiler.h"

namespace tp {

namespace {

cpu::HostBlockCache& block_cache() {
  static cpu::HostBlockCache* cache = new cpu::HostBlockCache;  // outlives every tensor
  return *cache;
}

}  // namespace

void* CpuDevice::allocate(size_t nbytes) {
  try {
    void* p = block_cache().allocate(nbytes);
    profiler::memory_delta(false, static_cast<int64_t>(nbytes));
    return p;
  } catch (const std::bad_alloc&) {
    // PyTorch's text: c10's alloc_cpu.cpp enforces posix_memalign's result.
    fail(ErrorKind::RuntimeError, "[enforce fail at alloc_cpu.cpp:127] err == 0. DefaultCPUAllocator: can't "
         "allocate memory: you tried to allocate ", nbytes, " bytes. Error code 12 (Cannot allocate memory)");
  }
}

void CpuDevice::deallocate(void* ptr, size_t nbytes) {
  block_cache().release(ptr, nbytes);
  profiler::memory_delta(false, -static_cast<int64_t>(nbytes));
}

void CpuDevice::copy_from_host(void* dst, const void* host_src, size_t nbytes, CopyOptions) {
  std::memcpy(dst, host_src, nbytes);
}

void CpuDevice::copy_to_host(void* host_dst, const void* src, size_t nbytes, CopyOptions) {
  std::memcpy(host_dst, src, nbytes);
}

CpuDevice& cpu_device() {
  static CpuDevice device;
  return device;
}

}  // namespace tp
