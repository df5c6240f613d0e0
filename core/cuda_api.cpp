// torch.cuda's device and memory functions over the registry: properties from the device's
// entry (its profile, and for a real GPU what the CUDA runtime reported); memory figures
// from the device's face.
#include "core/cuda_api.h"

#include "core/backends/device_runtime.h"
#include "core/device_registry.h"
#include "core/error.h"

namespace tp::cuda {

namespace {

// torch.cuda._lazy_init on a build without CUDA.
void require_cuda() {
  TP_CHECK(!cuda_devices().empty(), AssertionError, "Torch not compiled with CUDA enabled");
}

// The memory-stat functions' check (c10/cuda/CUDACachingAllocator.cpp assertValidDevice).
int stats_index(std::optional<int> index) {
  int i = index.value_or(current_cuda_index());
  TP_CHECK(i >= 0 && i < device_count(), RuntimeError, "Invalid device argument ", i,
           ": did you call init?");
  return i;
}

// The caching allocator's figures of cuda:index (0 without CUDA devices, as PyTorch's
// are before CUDA is initialised).
MemoryStats stats(std::optional<int> index) {
  if (!is_available()) return {};
  const int i = stats_index(index);
  return runtime_for(Device::cuda(i)).memory_stats();
}

}  // namespace

bool is_available() { return !cuda_devices().empty(); }

int device_count() { return static_cast<int>(cuda_devices().size()); }

int current_device() {
  require_cuda();
  return current_cuda_index();
}

void set_device(int index) {
  if (index < 0) return;  // PyTorch: "a no-op if this argument is negative"
  require_cuda();
  set_current_cuda_index(index);
}

void set_device(Device device) {
  TP_CHECK(device.type == DeviceType::CUDA || device.is_cpu(), ValueError,
           "Expected a cuda device, but got: ", device.str());
  set_device(device.is_cpu() ? -1 : (device.has_index() ? device.index : current_device()));
}

std::string DeviceProperties::repr() const {
  return str_cat("_CudaDeviceProperties(name='", name, "', major=", major, ", minor=", minor,
                 ", total_memory=", total_memory / (1024 * 1024),
                 "MB, multi_processor_count=", multi_processor_count, ", uuid=", uuid,
                 ", pci_bus_id=", pci_bus_id, ", pci_device_id=", pci_device_id,
                 ", pci_domain_id=", pci_domain_id, ", L2_cache_size=",
                 L2_cache_size / (1024 * 1024), "MB)");
}

DeviceProperties get_device_properties(std::optional<int> index) {
  require_cuda();
  int i = index.value_or(current_cuda_index());
  TP_CHECK(i >= 0 && i < device_count(), AssertionError, "Invalid device id");
  const DeviceEntry& e = cuda_devices()[i];
  const GpuProfile& g = e.profile;
  DeviceProperties p;
  p.name = e.name;
  p.major = g.cc_major;
  p.minor = g.cc_minor;
  p.total_memory = static_cast<int64_t>(e.capacity_bytes);
  p.multi_processor_count = g.sm_count;
  p.uuid = e.uuid;
  p.pci_bus_id = e.pci_bus_id;
  p.pci_device_id = e.pci_device_id;
  p.pci_domain_id = e.pci_domain_id;
  p.L2_cache_size = static_cast<int64_t>(g.l2_cache_mib * 1024 * 1024);
  p.warp_size = g.warp_size;
  p.max_threads_per_block = g.max_threads_per_block;
  p.max_threads_per_multi_processor = g.max_threads_per_sm;
  return p;
}

std::string get_device_name(std::optional<int> index) { return get_device_properties(index).name; }

size_t memory_allocated(std::optional<int> index) { return stats(index).allocated; }

size_t memory_reserved(std::optional<int> index) { return stats(index).reserved; }

size_t max_memory_allocated(std::optional<int> index) { return stats(index).max_allocated; }

void reset_peak_memory_stats(std::optional<int> index) {
  // A CPU-only build has no allocator to reset (torch/cuda/memory.py).
  TP_CHECK(is_available(), RuntimeError, "invalid argument to reset_peak_memory_stats");
  const int i = stats_index(index);
  runtime_for(Device::cuda(i)).reset_peak_memory_stats();
}

void empty_cache() {
  // PyTorch empties the cache of every device the allocator has touched.
  for (int i = 0; i < device_count(); ++i) runtime_for(Device::cuda(i)).empty_cache();
}

bool mps_is_available() { return mps_device() != nullptr; }

}  // namespace tp::cuda
