// SimBackend's devices and memory: the set of simulated devices (rebuilt by
// configure_devices) and allocation through each device's own SimAllocator.
#include "core/backends/sim/sim_backend.h"

#include "core/error.h"

namespace tp {

SimBackend& sim_backend() {
  static SimBackend backend;
  return backend;
}

void SimBackend::reset(std::vector<std::unique_ptr<SimDevice>> devices) {
  devices_ = std::move(devices);
}

const std::vector<std::unique_ptr<SimDevice>>& SimBackend::devices() const { return devices_; }

SimDevice& SimBackend::device(Device d) {
  for (auto& dev : devices_) {
    if (dev->device.type == d.type && dev->device.index == (d.has_index() ? d.index : 0)) {
      return *dev;
    }
  }
  // resolve_device checked the device before any op reached the backend.
  throw_internal(__FILE__, __LINE__, "no simulated device " + d.str());
}

SimDevice& SimBackend::device_at(int index) {
  return device(index == mps_index() ? Device{DeviceType::MPS, 0} : Device::cuda(index));
}

void* SimBackend::allocate(size_t nbytes, int index) {
  return device_at(index).allocator->allocate(nbytes);
}

void SimBackend::deallocate(void* ptr, size_t /*nbytes*/, int index) {
  device_at(index).allocator->free(ptr);
}

}  // namespace tp
