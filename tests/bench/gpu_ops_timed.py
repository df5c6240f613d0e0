# Benchmark (not a test): times a few GPU operations with CUDA events, the way a learner
# would, and the host's cost of queuing a small op. Run it through real PyTorch or
# tensorplay on a real GPU (measured), or through tensorplay with a simulated one (modeled:
# the profile's figures), and compare; calibrate_profile.sh does both and lines them up.
#   tensorplay run tests/bench/gpu_ops_timed.py            (real GPU when present)
#   tensorplay --sim --gpu-profile h100_sxm run tests/bench/gpu_ops_timed.py
# Each figure is one line "label: X ms ...".
import time

import torch


def time_ms(fn, repeat=10):
    fn()
    torch.cuda.synchronize()
    best = float('inf')
    for _ in range(repeat):
        start = torch.cuda.Event(enable_timing=True)
        end = torch.cuda.Event(enable_timing=True)
        start.record()
        fn()
        end.record()
        end.synchronize()
        best = min(best, start.elapsed_time(end))
    return best


print(torch.cuda.get_device_name(0))
for n in (1024, 2048, 4096):
    a = torch.ones(n, n, device='cuda')
    ms = time_ms(lambda: a @ a)
    print(f"matmul fp32 {n:5d}: {ms:8.3f} ms  {2 * n ** 3 / ms / 1e9:7.1f} TFLOP/s")
x = torch.ones(1 << 24, device='cuda')
ms = time_ms(lambda: x + x)
print(f"add 2^24 fp32    : {ms:8.3f} ms  {3 * 4 * (1 << 24) / ms / 1e6:7.1f} GB/s")
ms = time_ms(lambda: x.relu())
print(f"relu 2^24 fp32   : {ms:8.3f} ms  {2 * 4 * (1 << 24) / ms / 1e6:7.1f} GB/s")
ms = time_ms(lambda: x.sum())
print(f"sum 2^24 fp32    : {ms:8.3f} ms  {4 * (1 << 24) / ms / 1e6:7.1f} GB/s")
# A one-element kernel: what a launch costs the GPU, and (host clock, no sync) the host.
one = torch.ones(1, device='cuda')
ms = time_ms(lambda: one.add_(1), repeat=50)
print(f"add 1 element    : {ms:8.3f} ms  (one kernel on the GPU)")
torch.cuda.synchronize()
t0 = time.perf_counter()
for _ in range(1000):
    one.add_(1)
per_launch_ms = (time.perf_counter() - t0) * 1e3 / 1000
torch.cuda.synchronize()
print(f"queue 1 add (host): {per_launch_ms:8.4f} ms  (host time per launch, 1000 launches)")
host = torch.ones(1 << 26)
pinned = torch.ones(1 << 26).pin_memory()
for name, src in (("pageable", host), ("pinned", pinned)):
    ms = time_ms(lambda: src.to('cuda'), repeat=5)
    print(f"H2D 256 MiB {name:8s}: {ms:8.3f} ms  {4 * (1 << 26) / ms / 1e6:7.1f} GB/s")
dev = torch.ones(1 << 26, device='cuda')
for name, dst in (("pageable", host), ("pinned", pinned)):
    ms = time_ms(lambda: dst.copy_(dev), repeat=5)
    print(f"D2H 256 MiB {name:8s}: {ms:8.3f} ms  {4 * (1 << 26) / ms / 1e6:7.1f} GB/s")
