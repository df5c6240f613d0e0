// Maps a device to the backend that owns it: cpu -> CpuBackend; cuda:N -> the real CUDA
// backend for real GPUs, SimBackend for simulated ones; mps -> SimBackend (always simulated).
// Called on every op, so it only reads flags the registry set at configuration time.
// Also the Backend defaults for what only accelerators have.
#include "core/backends/backend.h"
#include "core/backends/cpu/cpu_backend.h"
#include "core/backends/cuda/cuda_runtime_info.h"
#include "core/backends/meta/meta_backend.h"
#include "core/backends/sim/sim_backend.h"
#include "core/device_registry.h"
#include "core/error.h"

namespace tp {

void* Backend::allocate_pinned(size_t) {
  // A CPU-only PyTorch has no pinned-memory allocator (at::getPinnedMemoryAllocator).
  fail(ErrorKind::RuntimeError, "Need to provide pin_memory allocator to use pin memory.");
}

void Backend::free_pinned(void*, size_t) { TP_ASSERT(false && "free_pinned without allocate_pinned"); }

std::unique_ptr<BackendEvent> Backend::create_event(int, bool) {
  throw_internal(__FILE__, __LINE__, std::string("backend '") + name() + "' has no events");
}

Backend& backend_for(Device device) {
  if (device.is_cpu()) return cpu_backend();
  if (device.is_meta()) return meta_backend();
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
