# CUDA streams on the simulated T4 (run with --sim and a frozen host clock, so every time
# below is modeled and exact; the model is in core/backends/sim/sim_clock.h):
# work on one stream runs in order, streams overlap only as far as the SMs allow, copies use
# the copy engines, a pageable copy blocks the host, and record_stream holds memory back.
import time

import torch

# --- the API and its texts ---------------------------------------------------------------
s = torch.cuda.Stream()
print(s)
print(torch.cuda.current_stream(), torch.cuda.default_stream())
print(torch.cuda.current_stream() == torch.cuda.default_stream(), s == torch.cuda.current_stream())
with torch.cuda.stream(s):
    print('inside:', torch.cuda.current_stream() == s)
print('after:', torch.cuda.current_stream() == torch.cuda.default_stream())
print('priorities:', s.priority, torch.cuda.Stream(priority=-1).priority, torch.cuda.Stream(priority=-9).priority)
print(s.device, s.device_index, s.stream_id > 0, hash(s) == hash(torch.cuda.Stream(stream_id=s.stream_id, device_index=0, device_type=1)))
with torch.cuda.stream(None):
    print('stream(None) changes nothing:', torch.cuda.current_stream() == torch.cuda.default_stream())
for bad in [lambda: torch.cuda.Stream(priority=1), lambda: torch.ones(2).record_stream(s),
            lambda: torch.ones(2, device='cuda').record_stream(None)]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__ + ':', str(e)[:120])


def ms(t0):
    return f'{(time.perf_counter() - t0) * 1e3:.4f} ms'


# --- one stream runs in order; two streams of big kernels take turns on the SMs -----------
a = torch.ones(1024, 1024, device='cuda')
torch.cuda.synchronize()
t0 = time.perf_counter()
for _ in range(4):
    a @ a
torch.cuda.synchronize()
print('4 big matmuls, one stream:  ', ms(t0))
side = torch.cuda.Stream()
t0 = time.perf_counter()
for i in range(4):
    with torch.cuda.stream(side if i % 2 else torch.cuda.default_stream()):
        a @ a
torch.cuda.synchronize()
print('4 big matmuls, two streams: ', ms(t0))

# --- small kernels leave SMs free: queued behind a big one, two streams run them in pairs ---
x = torch.ones(4096, device='cuda')            # x * x asks for 48 of the T4's 160 resident blocks


def small_kernels_after_a_matmul(streams):
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    a @ a
    ready = torch.cuda.current_stream().record_event()
    for s_ in streams:
        s_.wait_event(ready)                       # every stream starts after the matmul
    for i in range(8):
        with torch.cuda.stream(streams[i % len(streams)]):
            x * x
    torch.cuda.synchronize()
    return ms(t0)


print('matmul + 8 small kernels, one stream: ', small_kernels_after_a_matmul([torch.cuda.default_stream()]))
print('matmul + 8 small kernels, two streams:', small_kernels_after_a_matmul([torch.cuda.default_stream(), side]))

# --- a pinned non_blocking copy on a side stream overlaps compute; a pageable one blocks ---
host = torch.ones(4 * 1024 * 1024)            # 16 MiB
pinned = host.pin_memory()
torch.cuda.synchronize()
t0 = time.perf_counter()
a @ a                                          # about 0.5 ms on the SMs
with torch.cuda.stream(side):
    g = pinned.to('cuda', non_blocking=True)   # 1.4 ms on the HtoD copy engine
print('host after queuing both:', ms(t0))
torch.cuda.synchronize()
print('both done:              ', ms(t0))
t0 = time.perf_counter()
a @ a
g = host.to('cuda', non_blocking=True)         # pageable: staged, the host waits
print('host after a pageable copy:', ms(t0))

# --- wait_stream / wait_event order work across streams ----------------------------------
torch.cuda.synchronize()
start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
start.record()
y = a @ a                                      # default stream
side.wait_stream(torch.cuda.current_stream())  # side waits for the matmul
with torch.cuda.stream(side):
    z = y * y
    end.record()
end.synchronize()
print(f'matmul then the side stream: {start.elapsed_time(end):.4f} ms, side.query() {side.query()}')
e = torch.cuda.Event()
with torch.cuda.stream(side):
    w = a @ a
    e.record()
print('query before:', e.query(), side.query())
torch.cuda.current_stream().wait_event(e)
e.synchronize()
print('query after: ', e.query(), side.query())
side.synchronize()
torch.cuda.synchronize(0)

# --- record_stream: memory another stream still uses is not handed out again too early -----
def reuse_after_side_use(record):
    torch.cuda.synchronize()
    big = torch.ones(1024, 1024, device='cuda')    # 4 MiB of the default stream's memory
    with torch.cuda.stream(side):
        for _ in range(3):
            big @ big                              # the side stream reads it for about 1.5 ms
    if record:
        big.record_stream(side)
    ptr = big.data_ptr()
    del big                                        # freed while the side stream still reads it
    again = torch.ones(1024, 1024, device='cuda')  # the default stream's next block
    reused = again.data_ptr() == ptr
    side.synchronize()
    del again
    later = torch.ones(1024, 1024, device='cuda')
    return reused, later.data_ptr() == ptr


print('without record_stream: reused at once, reused later =', reuse_after_side_use(False))
print('with record_stream:    reused at once, reused later =', reuse_after_side_use(True))
