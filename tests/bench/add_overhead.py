# Benchmark script (not a test): the per-op overhead of a small elementwise op, 100,000
# `c = a + b` on 4-element CPU tensors, printed in microseconds per op. Runs unchanged under
# tensorplay and under real PyTorch (tests/bench/training_vs_pytorch.sh).
import time
import torch

a = torch.ones(4)
b = torch.ones(4)
for _ in range(1000):
    c = a + b
n = 100000
start = time.perf_counter()
for _ in range(n):
    c = a + b
elapsed = time.perf_counter() - start
print(f'ops {n} per_op_us {elapsed / n * 1e6:.2f}')
