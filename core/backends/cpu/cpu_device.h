// The host's device face: 64-byte aligned host blocks, small ones reused
// (host_block_cache.h); copies to and from the host are memcpy. No stream, no events, no
// pinned memory. Its kernels are CpuBackend's.
#pragma once

#include "core/backends/device_runtime.h"

namespace tp {

class CpuDevice final : public DeviceRuntime {
 public:
  DeviceKind kind() const override { return DeviceKind::Cpu; }
  bool host_addressable() const override { return true; }
  void* allocate(size_t nbytes) override;
  void deallocate(void* ptr, size_t nbytes) override;
  void copy_from_host(void* dst, const void* host_src, size_t nbytes, CopyOptions options) override;
  void copy_to_host(void* host_dst, const void* src, size_t nbytes, CopyOptions options) override;
};

CpuDevice& cpu_device();

}  // namespace tp
