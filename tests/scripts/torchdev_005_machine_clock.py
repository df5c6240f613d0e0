# The simulated machine's clock (tensorplay runs this with --sim; the runner freezes the
# host's own time with TENSORPLAY_FREEZE_HOST_CLOCK=1, so only modeled time moves the clock
# and every figure below is exact): time.perf_counter(), time.time(), time.monotonic() and
# timeit see GPU work as modeled, with the host waiting at synchronize(), .item() and
# blocking copies, and paying a launch's cost when it queues work.
import time
import timeit

import torch

a = torch.ones(2048, 2048, device='cuda')
torch.cuda.synchronize()
# A 2048^3 float32 matmul on the T4 profile: 5 us launch + 2 * 2048^3 / 4.3e12 s = 4.0006 ms.
t0 = time.perf_counter()
b = a @ a
queued = time.perf_counter() - t0      # the host only issued it: the launch's 5 us
torch.cuda.synchronize()
done = time.perf_counter() - t0        # now it waited for the kernel
print(f'queued after {queued * 1e6:.1f} us, done after {done * 1e3:.4f} ms')

# .item() synchronizes too; so does a blocking copy back (16 MiB at the pageable 6 GB/s).
t0 = time.monotonic()
c = a @ a
c[0, 0].item()
print(f'.item() after {(time.monotonic() - t0) * 1e3:.4f} ms')
t0 = time.time_ns()  # time.time() is a date: as a float, it resolves only 0.25 us
d = a @ a
d.cpu()
print(f'.cpu() after {(time.time_ns() - t0) / 1e6:.4f} ms')

# The _ns forms agree; time.time() is still a date; timeit reads perf_counter.
print('perf_counter_ns:', abs(time.perf_counter_ns() / 1e9 - time.perf_counter()) < 1e-6)
print('time() is a date:', time.time() > 1.7e9, abs(time.time_ns() / 1e9 - time.time()) < 1e-3)
print('timeit reads it:', timeit.default_timer is time.perf_counter)
g = torch.ones(256, 256, device='cuda')
seconds = timeit.timeit(lambda: (g @ g, torch.cuda.synchronize()), number=10)
print(f'timeit of 10 synchronized 256^3 matmuls: {seconds * 1e3:.4f} ms')
