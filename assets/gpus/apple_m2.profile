# Apple M2 (10-core GPU) - a profile for tensorplay's simulated `mps` device. The GPU
# shares one LPDDR5 memory with the CPU ("unified memory"), so there is no PCIe link:
# moving a tensor to 'mps' is a copy within the same memory. Apple publishes far fewer
# figures than NVIDIA; the per-core limits below are Metal's documented limits where they
# exist and estimates otherwise, each marked.
# Format: `key = value`, units in the key names, `#` starts a comment. Figures in [n] come
# from the sources listed at the end; "derived" means computed here from sourced figures,
# "estimate" means a typical value, not a datasheet figure.

name = Apple M2
kind = mps
# No compute_capability: that is a CUDA notion.

# --- GPU cores (the SM counterpart) and the limits the block scheduler uses ---
sm_count = 10                       # [1] 10-core GPU (the base M2 MacBook Air has 8)
warp_size = 32                      # [2] SIMD-group width (threadExecutionWidth)
max_threads_per_block = 1024        # [2] max threads per threadgroup
max_threads_per_sm = 1024           # estimate: Apple does not publish resident threads per core
max_blocks_per_sm = 16              # estimate: not published
shared_memory_per_block_kib = 32    # [2] max threadgroup memory
shared_memory_per_block_optin_kib = 32   # [2] no opt-in beyond the threadgroup limit
shared_memory_per_sm_kib = 64       # estimate: not published
registers_per_sm = 53248            # estimate: ~208 KB register file per core, not published

# --- Arithmetic throughput (peak) ---
boost_clock_mhz = 1398              # estimate: 3.6 TFLOPS / (10 cores x 128 lanes x 2)
fp32_tflops = 3.6                   # [1] "3.6 teraflops"
fp16_tflops = 3.6                   # estimate: FP16 at the FP32 rate (no faster half path)
# No tensor cores, and no float64 at all: PyTorch's MPS backend rejects float64.

# --- Memory (unified: shared with the CPU) ---
memory_gib = 16                     # [1] 8, 16 or 24 GB; a 16 GB machine here
# What Metal lets one process keep resident (recommendedMaxWorkingSetSize, which
# torch.mps.recommended_max_memory() returns) is about two thirds of RAM on a 16 GB Mac:
memory_total_bytes = 11453251584    # estimate: ~2/3 of 16 GiB
memory_bandwidth_gbps = 100         # [1] "100GB/s of unified memory bandwidth"
l2_cache_mib = 8                    # estimate: system-level cache shared with the CPU, not published

# --- Host link ---
link = unified
# A copy reads and writes the same LPDDR5, so it gets at most half the 100 GB/s [1];
# pinned and pageable are the same thing here (estimate).
pinned_h2d_gbps = 50
pinned_d2h_gbps = 50
pageable_h2d_gbps = 50
pageable_d2h_gbps = 50
transfer_latency_us = 10            # estimate: one Metal blit command buffer, committed and waited on
kernel_launch_latency_us = 10       # estimate: encoding and committing a Metal compute command per op
copy_engines = 1                    # unified memory: copies are the CPU's and the GPU's memcpy on one queue (estimate)

# --- Sources ---
# [1] "Apple unveils M2, taking the breakthrough performance and capabilities of M1 even
#     further", Apple Newsroom press release (Apple, June 2022).
# [2] Metal Feature Set Tables (Apple, 2023), Apple7/Apple8 GPU families: threadgroup
#     memory, threads per threadgroup, SIMD-group width.
