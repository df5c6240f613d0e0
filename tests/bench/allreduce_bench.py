# Benchmark (not a test): all-reduce of a 4 MB float32 CPU tensor through tensorplay's
# torch.distributed (gloo), for comparison with bench_allreduce_gloo (Gloo's API directly).
# Run: tensorplay --wall-clock --nproc-per-node 2 --standalone run tests/bench/allreduce_bench.py
import time

import torch
import torch.distributed as dist

dist.init_process_group("gloo")
x = torch.ones(1_000_000)  # 4 MB of float32
for _ in range(5):
    dist.all_reduce(x)
# The fastest of 5 rounds of 10: on a shared machine the slower ones measure the neighbours.
seconds = float("inf")
for _ in range(5):
    start = time.perf_counter()
    for _ in range(10):
        dist.all_reduce(x)
    seconds = min(seconds, (time.perf_counter() - start) / 10)
if dist.get_rank() == 0:
    size = x.numel() * x.element_size()
    print(f"tensorplay torch.distributed: all_reduce of {size / 1e6:.1f} MB float32, 2 processes on loopback: "
          f"{seconds * 1e3:.3f} ms, {size / seconds / 1e9:.2f} GB/s (size / time)")
dist.destroy_process_group()
