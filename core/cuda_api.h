// torch.cuda and torch.backends.mps as a learner calls them: availability, the current
// device, names and properties (saying "simulated" for sim devices), and memory stats.
// torch.cuda.synchronize() and torch.cuda.Event live in core/cuda_event.h.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "core/device.h"

namespace tp::cuda {

// torch.cuda.is_available(): False in --no-sim mode on a GPU-less machine; never raises.
bool is_available();
// torch.cuda.device_count(): 0 when none.
int device_count();
// torch.cuda.current_device(); AssertionError "Torch not compiled with CUDA enabled" if none.
int current_device();
// torch.cuda.set_device(i): a negative index is a no-op, as in PyTorch; a missing one
// raises "CUDA error: invalid device ordinal...".
void set_device(int index);
void set_device(Device device);

// torch.cuda.get_device_properties(i): the fields PyTorch 2.x prints.
struct DeviceProperties {
  std::string name;  // "Tesla T4 (simulated)" for a sim device
  int major = 0, minor = 0;
  int64_t total_memory = 0;  // bytes the session may use (a sim device's capped arena)
  int multi_processor_count = 0;
  std::string uuid;  // sim devices: a stable uuid made from the profile and ordinal
  int pci_bus_id = 0, pci_device_id = 0, pci_domain_id = 0;
  int64_t L2_cache_size = 0;  // bytes
  int warp_size = 0;
  int max_threads_per_block = 0;
  int max_threads_per_multi_processor = 0;

  // repr(): "_CudaDeviceProperties(name='Tesla T4 (simulated)', major=7, minor=5,
  // total_memory=15109MB, multi_processor_count=40, uuid=..., pci_bus_id=0,
  // pci_device_id=0, pci_domain_id=0, L2_cache_size=4MB)" (torch/csrc/cuda/Module.cpp).
  std::string repr() const;
};

// nullopt means the current device. A bad id raises AssertionError "Invalid device id".
DeviceProperties get_device_properties(std::optional<int> index = std::nullopt);
std::string get_device_name(std::optional<int> index = std::nullopt);

// Memory statistics of the caching allocator (nullopt: the current device). Without CUDA
// devices they return 0, as PyTorch's do before CUDA is initialised.
size_t memory_allocated(std::optional<int> index = std::nullopt);
size_t memory_reserved(std::optional<int> index = std::nullopt);
size_t max_memory_allocated(std::optional<int> index = std::nullopt);
void reset_peak_memory_stats(std::optional<int> index = std::nullopt);
// Returns cached, unused segments to the device (no-op without CUDA devices).
void empty_cache();

// torch.backends.mps.is_available() / is_built(): True only with --sim-mps.
bool mps_is_available();

}  // namespace tp::cuda
