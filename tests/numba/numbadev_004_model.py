# tensorplay's own view of a learner's kernel, which numba's simulator cannot show: warp
# primitives, torch interop through __cuda_array_interface__, the modeled time on the
# machine clock, the per-launch report's figures, and the errors for hangs, races, too many
# threads and too much shared memory (the session goes on after each). Expected output is
# hand-checked (tests/numba/gen_expected.py says why it is not recorded).
import time

import numpy as np
import numba
import torch
from numba import cuda


@cuda.jit
def warp_ops(out):
    i = cuda.threadIdx.x
    out[i, 0] = cuda.shfl_down_sync(0xffffffff, i * 10, 1)
    out[i, 1] = cuda.shfl_up_sync(0xffffffff, i * 10, 2)
    out[i, 2] = cuda.shfl_xor_sync(0xffffffff, i, 1)
    out[i, 3] = cuda.shfl_sync(0xffffffff, i, 0)
    out[i, 4] = cuda.ballot_sync(0xffffffff, i % 2 == 0)
    out[i, 5] = cuda.laneid + 100 * (i // cuda.warpsize)
    if i < 3:
        out[i, 6] = cuda.activemask()


print(cuda.get_current_device().name, cuda.gpus[0].compute_capability, len(cuda.gpus), cuda.select_device(0).id)
print(cuda.detect())

o = np.zeros((34, 7), dtype=np.int64)
warp_ops[1, 34](o)
print(o[[0, 1, 2, 31, 32, 33]].tolist())

# torch interop both ways: a kernel on torch 'cuda' tensors; torch.as_tensor on a device array
x = torch.arange(8, dtype=torch.float32, device='cuda')


@cuda.jit
def square(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = a[i] * a[i]


square[1, 8](x)
print(x)
d = cuda.to_device(np.ones(4, dtype=np.float32))
t = torch.as_tensor(d, device='cuda')
t += 41
print(t, d.copy_to_host().tolist())
print(d.__cuda_array_interface__['shape'], d.__cuda_array_interface__['typestr'])

# the modeled time is on the machine clock: perf_counter and events see it
n = 128
A = cuda.to_device(np.ones((n, n), dtype=np.float32))
B = cuda.to_device(np.ones((n, n), dtype=np.float32))
C = cuda.device_array((n, n), dtype=np.float32)


@cuda.jit
def matmul_rows(A, B, C):  # thread x walks down a column of C: A's rows are strided
    i, j = cuda.grid(2)
    if i < C.shape[0] and j < C.shape[1]:
        acc = 0.0
        for k in range(A.shape[1]):
            acc += A[i, k] * B[k, j]
        C[i, j] = acc


@cuda.jit
def matmul_cols(A, B, C):  # thread x walks along a row of C: coalesced
    j, i = cuda.grid(2)
    if i < C.shape[0] and j < C.shape[1]:
        acc = 0.0
        for k in range(A.shape[1]):
            acc += A[i, k] * B[k, j]
        C[i, j] = acc


start, end = cuda.event(), cuda.event()
cuda.synchronize()
t0 = time.perf_counter()
start.record()
matmul_rows[(8, 8), (16, 16)](A, B, C)
end.record()
end.synchronize()
t1 = time.perf_counter()
rows = cuda.last_report()
matmul_cols[(8, 8), (16, 16)](A, B, C)
cuda.synchronize()
cols = cuda.last_report()
print(C.copy_to_host()[5, :3].tolist())
print("event ms", round(start.elapsed_time(end), 4), "report's modeled ms", round(rows.time_ns / 1e6, 4))
print("perf_counter saw the kernel:", t1 - t0 >= rows.time_ns / 1e9 * 0.999)
for r in (rows, cols):
    acc = {a['array']: a for row in r.lines for a in row['accesses']}
    print(r.name, "A sectors/request", acc['A']['sectors_per_request'], "B", acc['B']['sectors_per_request'],
          "C", acc['C']['sectors_per_request'], "occupancy", r.occupancy, r.blocks_per_sm, r.limiter)
print("coalesced is faster:", cols.time_ns < rows.time_ns)


@cuda.jit
def banks(out, stride):
    s = cuda.shared.array(1024, numba.float32)
    i = cuda.threadIdx.x
    s[i * stride % 1024] = i
    cuda.syncthreads()
    out[i] = s[i * stride % 1024]


o = np.zeros(32, dtype=np.float32)
for stride in (1, 2, 32):
    banks[1, 32](o, stride)
    acc = [a for row in cuda.last_report().lines for a in row['accesses'] if a['space'] == 'shared']
    print("stride", stride, "passes per shared request", [a['wavefronts_per_request'] for a in acc])
print(cuda.last_report())


# errors: each is reported and the session goes on
@cuda.jit
def hang(a):
    i = cuda.threadIdx.x
    if i < 16:
        cuda.syncthreads()
    a[i] = 1


@cuda.jit
def race(a):
    s = cuda.shared.array(64, numba.float32)
    i = cuda.threadIdx.x
    s[i] = i
    a[i] = s[63 - i]


@cuda.jit
def write_after_read(a):
    s = cuda.shared.array(64, numba.float32)
    i = cuda.threadIdx.x
    s[i] = i
    cuda.syncthreads()
    v = s[0]
    s[0] = v + 1  # warp 1 read s[0] in this phase too
    a[i] = v


@cuda.jit
def big(a):
    s = cuda.shared.array(20000, numba.float32)
    s[cuda.threadIdx.x] = 1
    a[0] = s[0]


a = np.zeros(64, dtype=np.float32)
for k, cfg in ((hang, (1, 32)), (race, (1, 64)), (write_after_read, (1, 64)), (big, (1, 32)), (square, (1, 2048))):
    try:
        k[cfg](a)
    except Exception as err:
        print(type(err).__name__ + ":", err)
try:
    square(a)
except ValueError as err:
    print("ValueError:", err)
a[:4] = 3
square[1, 4](a)
print("still running", a[:4].tolist())
