// Asks the CUDA runtime about real GPUs: how many, their properties, and CUDA events.
// A machine without a driver reports 0 devices and never raises here.
#include <cuda_runtime.h>

#include <cstdio>
#include <string>

#include "core/backends/cuda/cuda_check.h"
#include "core/backends/cuda/cuda_device_guard.h"
#include "core/backends/cuda/cuda_runtime_info.h"

namespace tp {

int cuda_real_device_count() {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess) {
    cudaGetLastError();  // clear the sticky "no driver" error
    return 0;
  }
  return count;
}

std::string cuda_runtime_description() {
  int runtime = 0, driver = 0;
  cudaRuntimeGetVersion(&runtime);
  if (cudaDriverGetVersion(&driver) != cudaSuccess || driver == 0) {
    return "CUDA runtime " + std::to_string(runtime / 1000) + "." +
           std::to_string(runtime % 1000 / 10) + ", no NVIDIA driver";
  }
  return "CUDA runtime " + std::to_string(runtime / 1000) + "." +
         std::to_string(runtime % 1000 / 10);
}

namespace {

// nvidia-smi's form: GPU-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx.
std::string format_uuid(const cudaUUID_t& uuid) {
  std::string s = "GPU-";
  char hex[3];
  for (int i = 0; i < 16; ++i) {
    if (i == 4 || i == 6 || i == 8 || i == 10) s += '-';
    std::snprintf(hex, sizeof hex, "%02x", static_cast<unsigned char>(uuid.bytes[i]));
    s += hex;
  }
  return s;
}

int device_attribute(cudaDeviceAttr attr, int device) {
  int value = 0;
  CUDA_CHECK(cudaDeviceGetAttribute(&value, attr, device));
  return value;
}

}  // namespace

CudaDeviceProperties cuda_device_properties(int device) {
  cudaDeviceProp p{};
  CUDA_CHECK(cudaGetDeviceProperties(&p, device));
  CudaDeviceProperties out;
  out.name = p.name;
  out.major = p.major;
  out.minor = p.minor;
  out.total_memory = static_cast<int64_t>(p.totalGlobalMem);
  out.multi_processor_count = p.multiProcessorCount;
  out.warp_size = p.warpSize;
  out.max_threads_per_block = p.maxThreadsPerBlock;
  out.max_threads_per_multi_processor = p.maxThreadsPerMultiProcessor;
  out.max_blocks_per_multi_processor = p.maxBlocksPerMultiProcessor;
  out.shared_memory_per_block = static_cast<int64_t>(p.sharedMemPerBlock);
  out.shared_memory_per_block_optin = static_cast<int64_t>(p.sharedMemPerBlockOptin);
  out.shared_memory_per_multiprocessor = static_cast<int64_t>(p.sharedMemPerMultiprocessor);
  out.regs_per_multiprocessor = p.regsPerMultiprocessor;
  out.l2_cache_size = p.l2CacheSize;
  // CUDA 13 dropped the clock fields from cudaDeviceProp; the attributes remain.
  out.clock_rate_khz = device_attribute(cudaDevAttrClockRate, device);
  out.memory_clock_rate_khz = device_attribute(cudaDevAttrMemoryClockRate, device);
  out.memory_bus_width = p.memoryBusWidth;
  out.uuid = format_uuid(p.uuid);
  out.pci_bus_id = p.pciBusID;
  out.pci_device_id = p.pciDeviceID;
  out.pci_domain_id = p.pciDomainID;
  return out;
}

GpuProfile cuda_device_profile(int device) {
  CudaDeviceProperties p = cuda_device_properties(device);
  GpuProfile g;
  g.id = "cuda" + std::to_string(device);
  g.path = "(CUDA runtime)";
  g.name = p.name;
  g.kind = GpuKind::Cuda;
  g.cc_major = p.major;
  g.cc_minor = p.minor;
  g.sm_count = p.multi_processor_count;
  g.warp_size = p.warp_size;
  g.max_threads_per_block = p.max_threads_per_block;
  g.max_threads_per_sm = p.max_threads_per_multi_processor;
  g.max_blocks_per_sm = p.max_blocks_per_multi_processor;
  g.shared_memory_per_block_kib = static_cast<int>(p.shared_memory_per_block / 1024);
  g.shared_memory_per_block_optin_kib = static_cast<int>(p.shared_memory_per_block_optin / 1024);
  g.shared_memory_per_sm_kib = static_cast<int>(p.shared_memory_per_multiprocessor / 1024);
  g.registers_per_sm = p.regs_per_multiprocessor;
  g.boost_clock_mhz = p.clock_rate_khz / 1000.0;
  g.memory_total_bytes = p.total_memory;
  g.memory_gib = static_cast<double>(p.total_memory) / (1024.0 * 1024.0 * 1024.0);
  // Double data rate: two transfers per memory clock over the whole bus.
  g.memory_bandwidth_gbps = 2.0 * p.memory_clock_rate_khz * 1e3 * (p.memory_bus_width / 8.0) / 1e9;
  g.l2_cache_mib = static_cast<double>(p.l2_cache_size) / (1024.0 * 1024.0);
  g.link = HostLink::Pcie;
  return g;
}

}  // namespace tp
