// What the CUDA runtime reports about real GPUs (count, properties, free memory), the
// CudaBackend object and each GPU's CudaDevice: what the registries
// (core/device_registry.cpp, registry.cpp here) reach. Built from the .cu files here when
// the toolkit is found, else from no_cuda.cpp, which answers "not available". No CUDA type
// appears here, so core compiles without the toolkit.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "core/gpu_profile.h"

namespace tp {

class Backend;
class DeviceRuntime;

// Number of real GPUs; 0 without a driver or without the backend (never throws).
int cuda_real_device_count();
// "CUDA runtime 13.0" or why none is available.
std::string cuda_runtime_description();

// --- The backend and the devices ----------------------------------------------------------
// The one CudaBackend for every real GPU, or nullptr when built without CUDA or when no
// GPU is present.
Backend* cuda_backend_or_null();
// The device face of real GPU `device` (a CudaDevice, cuda_device.h).
DeviceRuntime& cuda_device_runtime(int device);

// --- Device properties (cudaGetDeviceProperties) -------------------------------------------
struct CudaDeviceProperties {
  std::string name;  // "NVIDIA H100 80GB HBM3"
  int major = 0, minor = 0;
  int64_t total_memory = 0;  // bytes
  int multi_processor_count = 0;
  int warp_size = 0;
  int max_threads_per_block = 0;
  int max_threads_per_multi_processor = 0;
  int max_blocks_per_multi_processor = 0;
  int64_t shared_memory_per_block = 0;
  int64_t shared_memory_per_block_optin = 0;
  int64_t shared_memory_per_multiprocessor = 0;
  int regs_per_multiprocessor = 0;
  int64_t l2_cache_size = 0;  // bytes
  int clock_rate_khz = 0;
  int memory_clock_rate_khz = 0;
  int memory_bus_width = 0;  // bits
  std::string uuid;          // "GPU-xxxxxxxx-..." as nvidia-smi prints it
  int pci_bus_id = 0, pci_device_id = 0, pci_domain_id = 0;
};
// Properties of real GPU `device`; a bad ordinal raises the CUDA error text.
CudaDeviceProperties cuda_device_properties(int device);
// A GpuProfile filled from the runtime (what it can tell; throughput figures stay 0), so
// the registry can treat real and simulated devices alike.
GpuProfile cuda_device_profile(int device);

// cudaMemGetInfo: free and total bytes of the device.
void cuda_mem_get_info(int device, size_t* free_bytes, size_t* total_bytes);

}  // namespace tp
