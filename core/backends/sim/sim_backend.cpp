// The one SimBackend and its set of simulated devices, rebuilt by configure_devices.
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

SimDevice& SimBackend::device(Device d) {
  for (auto& dev : devices_) {
    if (dev->device.type == d.type && dev->device.index == (d.has_index() ? d.index : 0)) {
      return *dev;
    }
  }
  // resolve_device checked the device before any op reached the backend.
  throw_internal(__FILE__, __LINE__, "no simulated device " + d.str());
}

}  // namespace tp
