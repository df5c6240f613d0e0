# The simulated machine's clock (tensorplay runs this with --sim): time.perf_counter(),
# time.time(), time.monotonic() and timeit read host work as measured and GPU work as
# modeled, with the host waiting at synchronize(), .item() and blocking copies.
import time
import timeit

import torch

a = torch.ones(2048, 2048, device='cuda')
torch.cuda.synchronize()
# A 2048^3 float32 matmul on the T4 profile: 2 * 2048^3 / 4.3e12 s = 4.0 ms modeled.
t0 = time.perf_counter()
b = a @ a
queued = time.perf_counter() - t0      # the host only issued it (the host's own work)
torch.cuda.synchronize()
done = time.perf_counter() - t0        # now it waited for the modeled kernel
print('queued in under 2 ms:', queued < 0.002)
print('done after the modeled 4.0 ms:', 0.0039 < done < 0.006)

# .item() synchronizes too; so does a blocking copy back.
t0 = time.monotonic()
c = a @ a
c[0, 0].item()
print('.item() waited:', time.monotonic() - t0 > 0.0039)
t0 = time.time()
d = a @ a
d.cpu()
print('.cpu() waited:', time.time() - t0 > 0.0039 + 2048 * 2048 * 4 / 6e9)

# The _ns forms and timeit agree; time.time() is still a date; clocks never run backwards.
print('perf_counter_ns:', abs(time.perf_counter_ns() / 1e9 - time.perf_counter()) < 0.01)
print('time() is a date:', time.time() > 1.7e9, abs(time.time_ns() / 1e9 - time.time()) < 0.01)
print('timeit reads it:', timeit.default_timer is time.perf_counter)
readings = [time.perf_counter() for _ in range(1000)]
print('monotonic:', readings == sorted(readings))
g = torch.ones(256, 256, device='cuda')
seconds = timeit.timeit(lambda: (g @ g, torch.cuda.synchronize()), number=10)
print('timeit of 10 synchronized matmuls:', 10 * 2 * 256**3 / 4.3e12 < seconds < 0.01)
