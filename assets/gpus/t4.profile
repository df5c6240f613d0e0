# NVIDIA T4 (Turing, TU104) - a profile for tensorplay's simulated GPU. The GPU most
# learners meet first (free notebook tiers).
# Format: `key = value`, units in the key names, `#` starts a comment. Figures in [n] come
# from the sources listed at the end; "derived" means computed here from sourced figures,
# "estimate" means a typical value, not a datasheet figure.

name = Tesla T4                     # device name as CUDA reports it [4]
kind = cuda
compute_capability = 7.5            # [3][4]

# --- Streaming multiprocessors and the limits the block scheduler uses ---
sm_count = 40                       # [2][4]
warp_size = 32                      # [3]
max_threads_per_block = 1024        # [3]
max_threads_per_sm = 1024           # [3][4] (32 warps)
max_blocks_per_sm = 16              # [3]
shared_memory_per_block_kib = 48    # [3][4] 49152 bytes
shared_memory_per_block_optin_kib = 64   # [3]
shared_memory_per_sm_kib = 64       # [3]
registers_per_sm = 65536            # [3][4]

# --- Arithmetic throughput (peak, at the boost clock) ---
boost_clock_mhz = 1590              # [4]
fp32_tflops = 8.1                   # [1]
fp16_tflops = 16.2                  # [2] non-tensor FP16 (2x FP32); derived from [1]
fp16_tensor_tflops = 65             # [1] "Mixed Precision (FP16/FP32) 65 TFLOPS"
# No bf16_tensor_tflops: Turing tensor cores have no BF16 mode [2].
fp64_tflops = 0.25                  # derived: 1/32 of FP32 [2]
# Under continuous load the T4 holds its 70 W cap by lowering its clocks, far from the
# 1590 MHz boost: cuBLAS reaches about 24 of the 65 FP16 tensor TFLOPS [7], and published
# SGEMM measurements at large sizes about 4-4.5 of the 8.1 FP32 TFLOPS. Matmuls use this:
fp32_matmul_tflops = 4.3

# --- Memory ---
memory_gib = 16                     # [1] 16 GB GDDR6
memory_total_bytes = 15843721216    # [4] totalGlobalMem, 15110 MiB (ECC on)
memory_bandwidth_gbps = 320         # [1] "320+ GB/s"
l2_cache_mib = 4                    # [4] 4194304 bytes

# --- Host link ---
link = pcie
pcie_generation = 3                 # [1] PCIe Gen3 x16
pcie_lanes = 16
# Theoretical per direction: 8 GT/s x 16 lanes x 128/130 / 8 = 15.75 GB/s [5].
# [6] quotes pinned copies at "roughly 12 GB/s" on a PCIe x16 Gen3 card.
pinned_h2d_gbps = 12
pinned_d2h_gbps = 12
# Pageable copies are staged through a pinned buffer by the driver: typically about half
# of pinned (estimate, host-dependent) [6].
pageable_h2d_gbps = 6
pageable_d2h_gbps = 6
transfer_latency_us = 10            # estimate: fixed cost of one cudaMemcpy on an older (Gen3) host
kernel_launch_latency_us = 5        # estimate: typical 3-5 us per launch of an empty kernel on Linux
copy_engines = 2                    # estimate: discrete cards of this class report 2 or more ("copy engine(s)"
                                    # in deviceQuery); the model uses one each way

# --- Sources ---
# [1] NVIDIA T4 Tensor Core GPU Datasheet (NVIDIA, 2019).
# [2] NVIDIA Turing GPU Architecture whitepaper (NVIDIA, 2018).
# [3] CUDA C++ Programming Guide, "Compute Capabilities" technical specifications table
#     (NVIDIA, CUDA 12.x), compute capability 7.5.
# [4] deviceQuery output on a T4 (CUDA driver 11.0 / runtime 10.0): "Tesla T4", 40
#     multiprocessors, 1590 MHz, 15110 MBytes (15843721216 bytes), 1024 threads per SM.
# [5] PCI Express Base Specification 3.0 (PCI-SIG, 2010): 8 GT/s, 128b/130b encoding.
# [6] CUDA C++ Best Practices Guide, "Pinned Memory" (NVIDIA, CUDA 12.x).
# [7] NVIDIA Developer Forums, "About GPU peak performance" (2023): cuBLAS 4096^3 FP16 on a
#     T4 measured at about 24 TFLOPS; NVIDIA's answer: power capping at about 70 W.
