# Copies from a GPU to the host on the simulated T4 (run with --sim and a frozen host clock,
# so every time below is modeled and exact). As PyTorch: .to('cpu', non_blocking=True) from a
# GPU lands in pinned memory (_to_copy's pin_out) and the host goes on; a copy into pinned
# memory runs at the pinned rate; into pageable memory it is staged and the host waits.
# The T4's profile: 64 MiB D2H at 12 GB/s pinned, 6 GB/s pageable, plus 10 us per copy.
import time

import torch


def ms(t0):
    return f'{(time.perf_counter() - t0) * 1e3:.3f} ms'


x = torch.arange(16 * 1024 * 1024, dtype=torch.float32, device='cuda')   # 64 MiB
torch.cuda.synchronize()
t0 = time.perf_counter()
y = x.cpu()
print('.cpu():', ms(t0), y.is_pinned(), y[-1].item())
t0 = time.perf_counter()
y = x.to('cpu', non_blocking=True)
queued = ms(t0)
torch.cuda.synchronize()
print("to('cpu', non_blocking=True):", queued, 'then synchronize:', ms(t0), y.is_pinned(), y[-1].item())
pinned = torch.empty(16 * 1024 * 1024).pin_memory()
t0 = time.perf_counter()
pinned.copy_(x)
print('copy_ into pinned memory:', ms(t0))
t0 = time.perf_counter()
pinned.copy_(x, non_blocking=True)
queued = ms(t0)
torch.cuda.synchronize()
print('copy_ into pinned memory, non_blocking:', queued, 'then synchronize:', ms(t0))
pageable = torch.empty(16 * 1024 * 1024)
t0 = time.perf_counter()
pageable.copy_(x, non_blocking=True)
print('copy_ into pageable memory, non_blocking:', ms(t0))
# A strided destination or another dtype is staged, as before: the host waits.
t0 = time.perf_counter()
half = torch.empty(16 * 1024 * 1024, dtype=torch.float16).pin_memory()
half.copy_(x, non_blocking=True)
print('copy_ with a cast:', ms(t0), half[-1].item())
print(x.to('cpu', non_blocking=True, dtype=torch.float64).is_pinned(), x.to('cpu').is_pinned(),
      torch.ones(2).to('cpu', non_blocking=True).is_pinned())
