// Maps a device to the backend that owns it: cpu -> CpuBackend; cuda:N -> the real CUDA
// backend for real GPUs, SimBackend for simulated ones; mps -> SimBackend (always simulated).
// Called on every op, so it only reads flags the registry set at configuration time.
#include "core/backends/backend.h"
#include "core/backends/cpu/cpu_backend.h"
#include "core/backends/cuda/cuda_runtime_info.h"
#include "core/backends/sim/sim_backend.h"
#include "core/device_registry.h"
#include "core/error.h"

namespace tp {

Backend& backend_for(Device device) {
  if (device.is_cpu()) return cpu_backend();
  if (device.type == DeviceType::MPS) {
    TP_CHECK(mps_device() != nullptr, RuntimeError,
             "PyTorch is not linked with support for mps devices");
    return sim_backend();
  }
  TP_CHECK(!cuda_devices().empty(), AssertionError, "Torch not compiled with CUDA enabled");
  if (!cuda_devices_are_real()) return sim_backend();
  Backend* real = cuda_backend_or_null();
  TP_ASSERT(real != nullptr);  // the registry found real GPUs, so the backend exists
  return *real;
}

}  // namespace tp
