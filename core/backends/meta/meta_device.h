// The meta device's face: no memory (every storage shares one placeholder address, never
// read or written), and reading values out raises PyTorch's NotImplementedError.
#pragma once

#include "core/backends/device_runtime.h"

namespace tp {

class MetaDevice final : public DeviceRuntime {
 public:
  DeviceKind kind() const override { return DeviceKind::Meta; }
  bool host_addressable() const override { return false; }
  void* allocate(size_t nbytes) override;
  void deallocate(void*, size_t) override {}
  void copy_from_host(void*, const void*, size_t, CopyOptions) override {}
  void copy_to_host(void* host_dst, const void* src, size_t nbytes, CopyOptions options) override;
};

MetaDevice& meta_device();

}  // namespace tp
