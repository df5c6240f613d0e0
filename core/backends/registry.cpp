// Maps a device to the two faces that answer for it: the backend (compute) and the device
// runtime (memory, stream, statistics, clock). cpu -> the CPU's; meta -> the meta device's;
// cuda:N -> the real CUDA backend and that GPU's CudaDevice for real GPUs, SimBackend and
// that SimDevice for simulated ones; mps -> SimBackend and its SimDevice (always
// simulated). Called on every op and allocation, so it only reads flags the registry set
// at configuration time. Also the DeviceRuntime defaults for what only accelerators have.
#include "core/backends/backend.h"
#include "core/backends/complex_pairs.h"
#include "core/backends/cpu/cpu_backend.h"
#include "core/backends/cpu/cpu_device.h"
#include "core/backends/cuda/cuda_runtime_info.h"
#include "core/backends/device_runtime.h"
#include "core/backends/meta/meta_backend.h"
#include "core/backends/meta/meta_device.h"
#include "core/backends/sim/sim_backend.h"
#include "core/device_registry.h"
#include "core/error.h"

namespace tp {

namespace {

// Who answers for `device`, with PyTorch's texts for an accelerator the session lacks.
DeviceKind kind_of(Device device) {
  if (device.is_cpu()) return DeviceKind::Cpu;
  if (device.is_meta()) return DeviceKind::Meta;
  if (device.type == DeviceType::MPS) {
    TP_CHECK(mps_device() != nullptr, RuntimeError,
             "PyTorch is not linked with support for mps devices");
    return DeviceKind::Simulated;
  }
  TP_CHECK(!cuda_devices().empty(), AssertionError, "Torch not compiled with CUDA enabled");
  return cuda_devices_are_real() ? DeviceKind::Cuda : DeviceKind::Simulated;
}

}  // namespace

std::shared_ptr<void> DeviceRuntime::allocate_pinned(size_t) {
  // A CPU-only PyTorch has no pinned-memory allocator (at::getPinnedMemoryAllocator).
  fail(ErrorKind::RuntimeError, "Need to provide pin_memory allocator to use pin memory.");
}

std::unique_ptr<DeviceEvent> DeviceRuntime::create_event(bool) {
  throw_internal(__FILE__, __LINE__, "this device has no events");
}

double DeviceRuntime::queue_link_collective(const std::string&, double) {
  throw_internal(__FILE__, __LINE__, "only a simulated GPU models collectives");
}

// Each backend behind its complex adapter (complex_pairs.h), made once.
Backend& backend_for(Device device) {
  switch (kind_of(device)) {
    case DeviceKind::Cpu: {
      static const std::unique_ptr<Backend> cpu = complex_pairs(cpu_backend());
      return *cpu;
    }
    case DeviceKind::Meta: {
      static const std::unique_ptr<Backend> meta = complex_pairs(meta_backend());
      return *meta;
    }
    case DeviceKind::Simulated: {
      static const std::unique_ptr<Backend> sim = complex_pairs(sim_backend());
      return *sim;
    }
    case DeviceKind::Cuda: break;
  }
  Backend* real = cuda_backend_or_null();
  TP_ASSERT(real != nullptr);  // the registry found real GPUs, so the backend exists
  static const std::unique_ptr<Backend> cuda = complex_pairs(*real);
  return *cuda;
}

DeviceRuntime& runtime_for(Device device) {
  switch (kind_of(device)) {
    case DeviceKind::Cpu: return cpu_device();
    case DeviceKind::Meta: return meta_device();
    case DeviceKind::Simulated: return sim_backend().device(device);
    case DeviceKind::Cuda: break;
  }
  return cuda_device_runtime(device.index);
}

}  // namespace tp
