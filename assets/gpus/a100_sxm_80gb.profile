# NVIDIA A100 SXM4 80GB (Ampere, GA100) - a profile for tensorplay's simulated GPU.
# Format: `key = value`, units in the key names, `#` starts a comment. Figures in [n] come
# from the sources listed at the end; "derived" means computed here from sourced figures,
# "estimate" means a typical value, not a datasheet figure.

name = NVIDIA A100-SXM4-80GB        # device name as CUDA reports it [4]
kind = cuda
compute_capability = 8.0            # [3][4]

# --- Streaming multiprocessors and the limits the block scheduler uses ---
sm_count = 108                      # [2][4]
warp_size = 32                      # [3]
max_threads_per_block = 1024        # [3]
max_threads_per_sm = 2048           # [3] (64 warps)
max_blocks_per_sm = 32              # [3]
shared_memory_per_block_kib = 48    # [3] static limit; more needs an opt-in
shared_memory_per_block_optin_kib = 163  # [3]
shared_memory_per_sm_kib = 164      # [2][3]
registers_per_sm = 65536            # [2][3]

# --- Arithmetic throughput (peak, at the boost clock) ---
boost_clock_mhz = 1410              # [2][4]
fp32_tflops = 19.5                  # [1]
fp16_tflops = 78                    # [2] non-tensor FP16 (4x FP32)
fp16_tensor_tflops = 312            # [1] dense ("624 with sparsity")
bf16_tensor_tflops = 312            # [1] dense
fp64_tflops = 9.7                   # [1] non-tensor FP64

# --- Memory ---
memory_gib = 80                     # [1] 80 GB HBM2e
memory_total_bytes = 85100068864    # [4] totalGlobalMem, 81158 MiB; varies by a few MiB with the driver
memory_bandwidth_gbps = 2039        # [1]
l2_cache_mib = 40                   # [2][4] 41943040 bytes
nvlink_bandwidth_gbps = 600         # [1] GPU-to-GPU, both directions together

# --- Host link ---
link = pcie
pcie_generation = 4                 # [1] PCIe Gen4: 64 GB/s both directions together
pcie_lanes = 16
# Theoretical per direction: 16 GT/s x 16 lanes x 128/130 / 8 = 31.5 GB/s [5].
# Pinned copies typically reach ~80% of that (same fraction as [6]'s Gen3 x16 figure); estimate.
pinned_h2d_gbps = 25
pinned_d2h_gbps = 25
# Pageable copies are staged through a pinned buffer by the driver: typically about half
# of pinned (estimate, host-dependent) [6].
pageable_h2d_gbps = 12
pageable_d2h_gbps = 12
transfer_latency_us = 8             # estimate: fixed cost of one cudaMemcpy (call, DMA setup, completion)
kernel_launch_latency_us = 4        # estimate: typical 2-5 us per launch of an empty kernel on Linux
copy_engines = 2                    # estimate: discrete cards of this class report 2 or more ("copy engine(s)"
                                    # in deviceQuery); the model uses one each way

# --- Sources ---
# [1] NVIDIA A100 Tensor Core GPU Datasheet (NVIDIA, 2021), A100 80GB SXM column.
# [2] NVIDIA A100 Tensor Core GPU Architecture whitepaper (NVIDIA, 2020).
# [3] CUDA C++ Programming Guide, "Compute Capabilities" technical specifications table
#     (NVIDIA, CUDA 12.x), compute capability 8.0.
# [4] deviceQuery output on an A100 SXM4 80GB (CUDA driver 12.5 / runtime 12.4): "NVIDIA
#     A100-SXM4-80GB", 108 multiprocessors, 1410 MHz, 81158 MBytes (85100068864 bytes).
# [5] PCI Express Base Specification 4.0 (PCI-SIG, 2017): 16 GT/s, 128b/130b encoding.
# [6] CUDA C++ Best Practices Guide, "Pinned Memory" (NVIDIA, CUDA 12.x).
