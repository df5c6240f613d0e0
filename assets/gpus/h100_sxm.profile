# NVIDIA H100 SXM5 80GB (Hopper, GH100) - a profile for tensorplay's simulated GPU.
# Format: `key = value`, units in the key names, `#` starts a comment. Figures in [n] come
# from the sources listed at the end; "derived" means computed here from sourced figures,
# "estimate" means a typical value, not a datasheet figure.

name = NVIDIA H100 80GB HBM3        # device name as CUDA reports it [4]
kind = cuda
compute_capability = 9.0            # [3][4]

# --- Streaming multiprocessors and the limits the block scheduler uses ---
sm_count = 132                      # [1][2][4]
warp_size = 32                      # [3]
max_threads_per_block = 1024        # [3]
max_threads_per_sm = 2048           # [3] (64 warps)
max_blocks_per_sm = 32              # [3]
shared_memory_per_block_kib = 48    # [3] static limit; more needs an opt-in
shared_memory_per_block_optin_kib = 227  # [3]
shared_memory_per_sm_kib = 228      # [2][3]
registers_per_sm = 65536            # [2][3] 256 KB register file / 4-byte registers

# --- Arithmetic throughput (peak, at the boost clock) ---
boost_clock_mhz = 1980              # [2][4] max SM clock of the SXM5 part
fp32_tflops = 66.9                  # [1] "67"; [2] 132 SMs x 128 FP32 lanes x 2 x 1.98 GHz
fp16_tflops = 133.8                 # [2] non-tensor FP16 (2x FP32)
fp16_tensor_tflops = 989.4          # [1] "1,979 with sparsity"; dense is half [2]
bf16_tensor_tflops = 989.4          # [1] same as FP16, dense
fp64_tflops = 33.5                  # [1] "34"; [2] non-tensor FP64
# Measured [7]: float32 matmuls (cuBLAS SGEMM, no TF32) sustain about 51 of the 67 peak
# TFLOPS at 4096x4096 (30 at 1024). Matmuls use this:
fp32_matmul_tflops = 51

# --- Memory ---
memory_gib = 80                     # [1] 80 GB HBM3 (5 stacks x 16 GiB)
memory_total_bytes = 85028896768    # [4] totalGlobalMem, 81090 MiB; varies by a few MiB with the driver
memory_bandwidth_gbps = 3350        # [1] 3.35 TB/s
l2_cache_mib = 50                   # [1][4] 52428800 bytes
nvlink_bandwidth_gbps = 900         # [1] GPU-to-GPU, both directions together

# --- Host link (the host CPU talks to an SXM H100 over PCIe; NVLink is GPU-to-GPU) ---
link = pcie
pcie_generation = 5                 # [1] PCIe Gen5: 128 GB/s both directions together
pcie_lanes = 16                     # [1]
# Theoretical per direction: 32 GT/s x 16 lanes x 128/130 / 8 = 63.0 GB/s [5].
# Pinned (page-locked) copies typically reach ~80% of that ([6] quotes ~12 of 15.75 GB/s
# on Gen3 x16, the same fraction); estimate.
pinned_h2d_gbps = 55                # measured [7]: 55.1-55.4 GB/s for 256 MiB
pinned_d2h_gbps = 50
# Pageable copies go through the driver's pinned staging buffer, so a host memcpy runs
# first; typically about 40% of pinned (estimate, host-dependent) [6].
pageable_h2d_gbps = 20              # [7] measured 7-10 GB/s on a virtual machine's host
pageable_d2h_gbps = 20
transfer_latency_us = 8             # estimate: fixed cost of one cudaMemcpy (call, DMA setup, completion)
kernel_launch_latency_us = 4        # estimate: typical 2-5 us per launch of an empty kernel on Linux
copy_engines = 2                    # estimate: discrete cards of this class report 2 or more ("copy engine(s)"
                                    # in deviceQuery); the model uses one each way

# --- Sources ---
# [1] NVIDIA H100 Tensor Core GPU Datasheet (NVIDIA, 2023), H100 SXM column.
# [2] NVIDIA H100 Tensor Core GPU Architecture whitepaper (NVIDIA, 2022).
# [3] CUDA C++ Programming Guide, "Compute Capabilities" technical specifications table
#     (NVIDIA, CUDA 12.x), compute capability 9.0.
# [4] deviceQuery output on an H100 SXM (CUDA driver 12.8 / runtime 12.5): "NVIDIA H100
#     80GB HBM3", 132 multiprocessors, 1980 MHz, 81090 MBytes (85028896768 bytes).
# [5] PCI Express Base Specification 5.0 (PCI-SIG, 2019): 32 GT/s, 128b/130b encoding.
# [6] CUDA C++ Best Practices Guide, "Pinned Memory" (NVIDIA, CUDA 12.x).
# [7] tests/bench/gpu_ops_timed.py, measured on an NVIDIA H200 (the same GH100 chip, 132 SMs
#     and 1980 MHz clock as the H100 SXM; more HBM bandwidth) with CUDA events, through
#     PyTorch 2.11 and through tensorplay's CUDA backend alike (2026-11-26).
