# The host side (device arrays, events, streams, type names) and the errors a learner meets,
# with numba's texts as its CUDA simulator gives them.
import numpy as np
import numba
from numba import cuda

print(numba.float32, numba.int32, numba.float64, numba.uint8)
print(numba.float32(1.5) + 1, type(numba.int32(7)).__name__)

d = cuda.to_device(np.arange(6, dtype=np.float32).reshape(2, 3))
print(d.shape, d.dtype, d.size, d.ndim, d.copy_to_host().tolist())
e = cuda.device_array((4,), dtype=np.int64)
print(e.shape, e.dtype)
f = cuda.device_array_like(d)
print(f.shape, f.dtype)
p = cuda.pinned_array(3, dtype=np.float32)
print(type(p).__name__, p.shape, p.dtype)
host = np.zeros((2, 3), dtype=np.float32)
d.copy_to_host(host)
print(host.tolist())
print(len(cuda.gpus) >= 1, cuda.is_available())


@cuda.jit
def scale(a, k):
    i = cuda.grid(1)
    if i < a.size:
        a[i] *= k


s = cuda.stream()
start, end = cuda.event(), cuda.event()
start.record(s)
scale[1, 8, s](d.reshape(6), 2)
end.record(s)
end.synchronize()
s.synchronize()
cuda.synchronize()
print(d.copy_to_host().tolist(), isinstance(start.elapsed_time(end), float))


@cuda.jit
def oob(a):
    i = cuda.grid(1)
    a[i] = i


try:
    oob[1, 6](np.zeros(5))
except IndexError as err:
    print("IndexError:", err)


@cuda.jit
def oob2d(a):
    x, y = cuda.grid(2)
    if x < 2:
        a[x, y + 1] = 1.0


try:
    oob2d[1, (2, 3)](np.zeros((2, 3)))
except IndexError as err:
    print("IndexError:", err)


@cuda.jit(device=True)
def twice(x):
    return 2 * x


print("still running")
