# NVIDIA GeForce RTX 4090 (Ada Lovelace, AD102) - a profile for tensorplay's simulated GPU.
# Format: `key = value`, units in the key names, `#` starts a comment. Figures in [n] come
# from the sources listed at the end; "derived" means computed here from sourced figures,
# "estimate" means a typical value, not a datasheet figure.

name = NVIDIA GeForce RTX 4090      # device name as CUDA reports it [4]
kind = cuda
compute_capability = 8.9            # [3][4]

# --- Streaming multiprocessors and the limits the block scheduler uses ---
sm_count = 128                      # [2][4]
warp_size = 32                      # [3]
max_threads_per_block = 1024        # [3]
max_threads_per_sm = 1536           # [3] (48 warps)
max_blocks_per_sm = 24              # [3]
shared_memory_per_block_kib = 48    # [3] static limit; more needs an opt-in
shared_memory_per_block_optin_kib = 99   # [3]
shared_memory_per_sm_kib = 100      # [3]
registers_per_sm = 65536            # [2][3]

# --- Arithmetic throughput (peak, at the boost clock) ---
boost_clock_mhz = 2520              # [1][2][4]
fp32_tflops = 82.6                  # [2] 16384 FP32 lanes x 2 x 2.52 GHz
fp16_tflops = 82.6                  # [2] non-tensor FP16 runs at the FP32 rate on Ada
# GeForce Ada: FP16 tensor math with FP32 accumulate (what PyTorch's matmul uses) runs at
# half the FP16-accumulate rate [2]: 165.2 dense (330.3 with FP16 accumulate).
fp16_tensor_tflops = 165.2          # [2] dense, FP32 accumulate
bf16_tensor_tflops = 165.2          # [2] dense, FP32 accumulate
fp64_tflops = 1.29                  # [2] 1/64 of FP32

# --- Memory ---
memory_gib = 24                     # [1] 24 GB GDDR6X
memory_total_bytes = 25756696576    # [4] totalGlobalMem on Linux, 24564 MiB (Windows/WDDM reports less)
memory_bandwidth_gbps = 1008        # [2] 21 Gbps x 384-bit / 8
l2_cache_mib = 72                   # [2] 72 MB

# --- Host link ---
link = pcie
pcie_generation = 4                 # [1] PCIe Gen4 x16
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
# [1] NVIDIA GeForce RTX 4090 product specifications page (NVIDIA, 2022).
# [2] NVIDIA Ada GPU Architecture whitepaper (NVIDIA, 2023, v2.1), RTX 4090 table.
# [3] CUDA C++ Programming Guide, "Compute Capabilities" technical specifications table
#     (NVIDIA, CUDA 12.x), compute capability 8.9.
# [4] deviceQuery output on an RTX 4090 under Linux (CUDA 12.1): "NVIDIA GeForce RTX 4090",
#     128 multiprocessors, 24564 MBytes (25756696576 bytes).
# [5] PCI Express Base Specification 4.0 (PCI-SIG, 2017): 16 GT/s, 128b/130b encoding.
# [6] CUDA C++ Best Practices Guide, "Pinned Memory" (NVIDIA, CUDA 12.x).
