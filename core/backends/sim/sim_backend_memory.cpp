// SimBackend's devices and memory: the set of simulated devices (rebuilt by
// configure_devices), allocation through each device's own caching allocator, and pinned host
// memory (plain host memory: nothing to page-lock, but the copy model moves it faster).
#include "core/backends/sim/sim_backend.h"

#include <new>

#include "core/backends/cpu/cpu_backend.h"
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

const SimDevice& SimBackend::device_at(int index) const {
  return const_cast<SimBackend*>(this)->device_at(index);
}

void* SimBackend::allocate(size_t nbytes, int index) {
  return device_at(index).allocator->allocate(nbytes);
}

void SimBackend::deallocate(void* ptr, size_t /*nbytes*/, int index) {
  device_at(index).allocator->free(ptr);
}

// Host memory as the CPU backend hands it out (PyTorch's text when there is none left).
void* SimBackend::allocate_pinned(size_t nbytes) { return cpu_backend().allocate(nbytes, -1); }

void SimBackend::free_pinned(void* ptr, size_t nbytes) { cpu_backend().deallocate(ptr, nbytes, -1); }

MemoryStats SimBackend::memory_stats(int index) const {
  const CachingAllocator& a = *device_at(index).allocator;
  return {a.memory_allocated(), a.memory_reserved(), a.max_memory_allocated()};
}

void SimBackend::reset_peak_memory_stats(int index) { device_at(index).allocator->reset_peak_memory_stats(); }

void SimBackend::empty_cache(int index) { device_at(index).allocator->empty_cache(); }

}  // namespace tp
