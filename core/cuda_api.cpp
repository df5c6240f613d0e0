// torch.cuda's device and memory functions over the registry: properties of sim devices
// come from their profile, of real ones from the CUDA runtime (cuda_runtime_info.h); memory
// figures from the device's backend.
#include "core/cuda_api.h"

#include <cstdio>

#include "core/backends/backend.h"
#include "core/backends/cuda/cuda_runtime_info.h"
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
  return backend_for(Device::cuda(i)).memory_stats(i);
}

// A stable, made-up uuid for a simulated device: FNV-1a over the profile id and ordinal,
// so the same profile and ordinal always print the same uuid.
std::string sim_uuid(const std::string& profile_id, int index) {
  std::string key = "tensorplay-sim:" + profile_id + ":" + std::to_string(index);
  unsigned char bytes[16];
  uint64_t h = 1469598103934665603ULL;
  for (int half = 0; half < 2; ++half) {
    for (char c : key) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ULL;
    h = (h ^ static_cast<uint64_t>(half + 1)) * 1099511628211ULL;
    for (int b = 0; b < 8; ++b) bytes[half * 8 + b] = static_cast<unsigned char>(h >> (8 * b));
  }
  char buf[40];
  std::snprintf(buf, sizeof buf,
                "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x", bytes[0],
                bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8],
                bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]);
  return buf;
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
  DeviceProperties p;
  if (!e.simulated) {
    CudaDeviceProperties real = cuda_device_properties(i);
    p.name = real.name;
    p.major = real.major;
    p.minor = real.minor;
    p.total_memory = real.total_memory;
    p.multi_processor_count = real.multi_processor_count;
    // PyTorch prints the bare uuid; nvidia-smi's form starts with "GPU-".
    p.uuid = real.uuid.rfind("GPU-", 0) == 0 ? real.uuid.substr(4) : real.uuid;
    p.pci_bus_id = real.pci_bus_id;
    p.pci_device_id = real.pci_device_id;
    p.pci_domain_id = real.pci_domain_id;
    p.L2_cache_size = real.l2_cache_size;
    p.warp_size = real.warp_size;
    p.max_threads_per_block = real.max_threads_per_block;
    p.max_threads_per_multi_processor = real.max_threads_per_multi_processor;
    return p;
  }
  const GpuProfile& g = e.profile;
  p.name = e.name;
  p.major = g.cc_major;
  p.minor = g.cc_minor;
  p.total_memory = static_cast<int64_t>(e.capacity_bytes);
  p.multi_processor_count = g.sm_count;
  p.uuid = sim_uuid(g.id, i);
  p.pci_bus_id = i;  // invented: one bus per simulated card
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
  backend_for(Device::cuda(i)).reset_peak_memory_stats(i);
}

void empty_cache() {
  // PyTorch empties the cache of every device the allocator has touched.
  for (int i = 0; i < device_count(); ++i) backend_for(Device::cuda(i)).empty_cache(i);
}

bool mps_is_available() { return mps_device() != nullptr; }

}  // namespace tp::cuda
