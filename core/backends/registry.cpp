// Maps a device to the backend that owns it. Until GPU backends are registered,
// tensorplay behaves like a CPU-only PyTorch build.
#include "core/backends/backend.h"
#include "core/backends/cpu/cpu_backend.h"
#include "core/error.h"

namespace tp {

Backend& backend_for(Device device) {
  if (device.is_cpu()) return cpu_backend();
  if (device.type == DeviceType::CUDA) {
    fail(ErrorKind::AssertionError, "Torch not compiled with CUDA enabled");
  }
  fail(ErrorKind::RuntimeError,
       "The MPS backend is supported on MacOS 14.0+. Current OS version can be queried using "
       "`sw_vers`");
}

}  // namespace tp
