// GPU profiles: the figures a simulated GPU is modeled on (SMs, limits, throughput, memory,
// host link), read from assets/gpus/<id>.profile, plus the derived numbers the timing model,
// the block scheduler and the Devices view use.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/dtype.h"

namespace tp {

// Which PyTorch device type a profile models.
enum class GpuKind { Cuda, Mps };

// How the GPU reaches host memory.
enum class HostLink { Pcie, Unified };

// Direction of a host<->device copy.
enum class CopyDirection { HostToDevice, DeviceToHost };

// What kind of work FLOPs are spent on: matmuls can use tensor cores, elementwise ops cannot.
enum class OpClass { Elementwise, Matmul };

// One GPU's figures, as written in its profile file (units as in the key names).
struct GpuProfile {
  std::string id;    // file stem: "h100_sxm"
  std::string path;  // the file it was read from

  std::string name;  // as CUDA's device name reads: "NVIDIA H100 80GB HBM3"
  GpuKind kind = GpuKind::Cuda;
  int cc_major = 0;  // compute capability; 0.0 for mps
  int cc_minor = 0;

  // Streaming multiprocessors (GPU cores for mps) and the limits that decide occupancy.
  int sm_count = 0;
  int warp_size = 0;
  int max_threads_per_block = 0;
  int max_threads_per_sm = 0;
  int max_blocks_per_sm = 0;
  int shared_memory_per_block_kib = 0;        // without an opt-in
  int shared_memory_per_block_optin_kib = 0;  // with cudaFuncAttributeMaxDynamicSharedMemorySize
  int shared_memory_per_sm_kib = 0;
  int registers_per_sm = 0;

  // Peak arithmetic rates at the boost clock. A rate of 0 means the hardware lacks it.
  double boost_clock_mhz = 0;
  double fp32_tflops = 0;
  double fp16_tflops = 0;         // non-tensor half precision
  double fp16_tensor_tflops = 0;  // dense, FP32 accumulate; 0: no tensor cores
  double bf16_tensor_tflops = 0;  // dense; 0: no bfloat16 tensor cores
  double fp64_tflops = 0;         // 0: no float64 (mps)
  // Sustained float32 matmul (cuBLAS SGEMM at large sizes) where measurements show the
  // card stays well below fp32_tflops (a power-capped T4); 0: the peak is used.
  double fp32_matmul_tflops = 0;

  // Memory.
  double memory_gib = 0;          // nominal size: "80 GB" on the datasheet
  int64_t memory_total_bytes = 0; // what the runtime reports (cudaDeviceProp::totalGlobalMem)
  double memory_bandwidth_gbps = 0;
  double l2_cache_mib = 0;
  double nvlink_bandwidth_gbps = 0;  // GPU-to-GPU; 0: none

  // Host link and copy model.
  HostLink link = HostLink::Pcie;
  int pcie_generation = 0;  // 0 when link is unified
  int pcie_lanes = 0;
  double pinned_h2d_gbps = 0;
  double pinned_d2h_gbps = 0;
  double pageable_h2d_gbps = 0;
  double pageable_d2h_gbps = 0;
  double transfer_latency_us = 0;  // fixed cost of one copy
  double kernel_launch_latency_us = 0;
  // DMA engines for host<->device copies (deviceQuery's "copy engine(s)"): with two or more,
  // one runs each way, so an upload overlaps a download; with one, they take turns.
  int copy_engines = 1;

  // Peak FLOP/s for `dtype`, as PyTorch's kernels would use the hardware: fp32 matmul
  // does not use TF32 (PyTorch's default), half/bfloat16 matmul uses tensor cores where
  // present, and elementwise half/bfloat16 runs at the fp32 rate because PyTorch computes
  // it in float (at::opmath_type). Integers and bool are counted at the fp32 rate.
  double peak_flops(DType dtype, OpClass op = OpClass::Matmul) const;

  // Memory bandwidth in bytes per second.
  double memory_bytes_per_second() const { return memory_bandwidth_gbps * 1e9; }

  // Modeled seconds for one host<->device copy: latency + bytes / bandwidth. 0 bytes: 0.
  double transfer_seconds(int64_t bytes, CopyDirection direction, bool pinned) const;

  // Modeled nanoseconds of one kernel, a roofline estimate: the launch latency plus the
  // longer of its compute time (at peak_flops) and its memory time (at the bandwidth).
  double kernel_ns(double flops, int64_t bytes, DType dtype, OpClass op_class) const;

  // The link's theoretical rate per direction in GB/s (PCIe: lanes x GT/s x encoding).
  double pcie_theoretical_gbps() const;

  // "PCIe 5.0 x16" or "unified memory".
  std::string link_description() const;

  // One line for the banner: "NVIDIA H100 80GB HBM3 (simulated: 132 SMs, 80 GiB, PCIe 5.0 x16)".
  std::string description() const;
};

// Reads one profile file; a malformed, unknown, repeated or missing key raises a
// RuntimeError naming the file (and the line, when there is one).
GpuProfile load_gpu_profile(const std::string& path);

// The directory profiles are read from: $TENSORPLAY_ASSETS/gpus when that variable is set,
// else the source tree's assets/gpus.
std::string gpu_profiles_dir();

// Profile ids (file stems) in `dir`, sorted.
std::vector<std::string> list_gpu_profiles(const std::string& dir = gpu_profiles_dir());

// Loads the profile with this id ("t4") or display name ("Tesla T4", any case); an unknown
// name raises a RuntimeError listing the available ids.
GpuProfile find_gpu_profile(const std::string& name, const std::string& dir = gpu_profiles_dir());

}  // namespace tp
