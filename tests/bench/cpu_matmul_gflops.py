# Benchmark (not a test): float32 matmul GFLOP/s on tensorplay's CPU backend, the fastest of
# five products at each size, on the host's real clock. Natively BLAS does the product; in the
# page (web/page_bench.sh runs this same file there) the portable blocked gemm does:
#   tensorplay --wall-clock run tests/bench/cpu_matmul_gflops.py
import time

import torch

for n in (128, 256, 512, 1024):
    torch.manual_seed(0)
    a, b = torch.randn(n, n), torch.randn(n, n)
    a @ b  # warm-up
    best = float("inf")
    for _ in range(5):
        t0 = time.perf_counter()
        a @ b
        best = min(best, time.perf_counter() - t0)
    print(f"matmul {n}x{n} float32: {2 * n**3 / best / 1e9:.2f} GFLOP/s (measured)")
