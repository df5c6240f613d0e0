# NVIDIA GeForce RTX 4060 Laptop GPU (Ada Lovelace, AD107) - a profile for tensorplay's
# simulated GPU: the kind of GPU a learner's gaming laptop has. Laptop GPUs run at a
# clock set by the laptop maker's power limit (35-115 W); this profile takes the top of
# NVIDIA's range, so its rates are upper bounds.
# Format: `key = value`, units in the key names, `#` starts a comment. Figures in [n] come
# from the sources listed at the end; "derived" means computed here from sourced figures,
# "estimate" means a typical value, not a datasheet figure.

name = NVIDIA GeForce RTX 4060 Laptop GPU   # device name as CUDA reports it [1]
kind = cuda
compute_capability = 8.9            # [3]

# --- Streaming multiprocessors and the limits the block scheduler uses ---
sm_count = 24                       # derived: 3072 CUDA cores [1] / 128 per Ada SM [2]
warp_size = 32                      # [3]
max_threads_per_block = 1024        # [3]
max_threads_per_sm = 1536           # [3] (48 warps)
max_blocks_per_sm = 24              # [3]
shared_memory_per_block_kib = 48    # [3] static limit; more needs an opt-in
shared_memory_per_block_optin_kib = 99   # [3]
shared_memory_per_sm_kib = 100      # [3]
registers_per_sm = 65536            # [2][3]

# --- Arithmetic throughput (peak, at the boost clock) ---
boost_clock_mhz = 2370              # [1] boost clock range 1470-2370 MHz; top of the range
fp32_tflops = 14.56                 # derived: 3072 lanes x 2 x 2.37 GHz
fp16_tflops = 14.56                 # derived: non-tensor FP16 at the FP32 rate on Ada [2]
# Derived from the RTX 4090's 165.2 TFLOPS (FP32 accumulate, dense) [2]: 512 FLOP per SM
# per clock, x 24 SMs x 2.37 GHz.
fp16_tensor_tflops = 29.1
bf16_tensor_tflops = 29.1
fp64_tflops = 0.23                  # derived: 1/64 of FP32 [2]

# --- Memory ---
memory_gib = 8                      # [1] 8 GB GDDR6
memory_total_bytes = 8585740288     # estimate: 8188 MiB (8 GiB less 4 MiB), as a public PyTorch run log on this GPU shows
memory_bandwidth_gbps = 256         # derived: 16 Gbps [1] x 128-bit / 8
l2_cache_mib = 32                   # [2] AD107: 32 MB L2

# --- Host link ---
link = pcie
pcie_generation = 4                 # AD107 has a PCIe Gen4 x8 interface [2]
pcie_lanes = 8
# Theoretical per direction: 16 GT/s x 8 lanes x 128/130 / 8 = 15.75 GB/s [4].
# Pinned copies typically reach ~80% of that (same fraction as [5]'s Gen3 x16 figure); estimate.
pinned_h2d_gbps = 12
pinned_d2h_gbps = 12
# Pageable copies are staged through a pinned buffer by the driver: typically about half
# of pinned (estimate, host-dependent) [5].
pageable_h2d_gbps = 6
pageable_d2h_gbps = 6
transfer_latency_us = 10            # estimate: fixed cost of one cudaMemcpy on a laptop host
kernel_launch_latency_us = 5        # estimate: typical 3-5 us per launch of an empty kernel
copy_engines = 2                    # estimate: discrete cards of this class report 2 or more ("copy engine(s)"
                                    # in deviceQuery); the model uses one each way

# --- Sources ---
# [1] NVIDIA GeForce RTX 4060 Laptop GPU specifications, GeForce RTX 40 Series Laptops
#     page (NVIDIA, 2023): 3072 CUDA cores, boost 1470-2370 MHz, 8 GB GDDR6.
# [2] NVIDIA Ada GPU Architecture whitepaper (NVIDIA, 2023, v2.1).
# [3] CUDA C++ Programming Guide, "Compute Capabilities" technical specifications table
#     (NVIDIA, CUDA 12.x), compute capability 8.9.
# [4] PCI Express Base Specification 4.0 (PCI-SIG, 2017): 16 GT/s, 128b/130b encoding.
# [5] CUDA C++ Best Practices Guide, "Pinned Memory" (NVIDIA, CUDA 12.x).
