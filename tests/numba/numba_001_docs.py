# Kernels from numba's CUDA documentation (numba.readthedocs.io/en/stable/cuda/), run on
# small inputs; the expected output is recorded from numba-cuda's simulator (gen_expected.py).
import math

import numpy as np
from numba import cuda
import numba


@cuda.jit
def increment_by_one(an_array):
    pos = cuda.grid(1)
    if pos < an_array.size:
        an_array[pos] += 1


a = np.arange(10, dtype=np.float32)
increment_by_one[3, 4](a)
print("increment_by_one", a)


@cuda.jit
def increment_a_2D_array(an_array):
    x, y = cuda.grid(2)
    if x < an_array.shape[0] and y < an_array.shape[1]:
        an_array[x, y] += 1


b = np.arange(12, dtype=np.int64).reshape(3, 4)
increment_a_2D_array[(2, 2), (2, 3)](b)
print("increment_a_2D_array", b.tolist())


@cuda.jit
def matmul(A, B, C):
    i, j = cuda.grid(2)
    if i < C.shape[0] and j < C.shape[1]:
        tmp = 0.
        for k in range(A.shape[1]):
            tmp += A[i, k] * B[k, j]
        C[i, j] = tmp


TPB = 4


@cuda.jit
def fast_matmul(A, B, C):
    sA = cuda.shared.array(shape=(TPB, TPB), dtype=numba.float32)
    sB = cuda.shared.array(shape=(TPB, TPB), dtype=numba.float32)
    x, y = cuda.grid(2)
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    bpg = cuda.gridDim.x
    tmp = numba.float32(0.)
    for i in range(bpg):
        sA[ty, tx] = 0
        sB[ty, tx] = 0
        if y < A.shape[0] and (tx + i * TPB) < A.shape[1]:
            sA[ty, tx] = A[y, tx + i * TPB]
        if x < B.shape[1] and (ty + i * TPB) < B.shape[0]:
            sB[ty, tx] = B[ty + i * TPB, x]
        cuda.syncthreads()
        for j in range(TPB):
            tmp += sA[ty, j] * sB[j, tx]
        cuda.syncthreads()
    if y < C.shape[0] and x < C.shape[1]:
        C[y, x] = tmp


A = (np.arange(64, dtype=np.float32).reshape(8, 8) % 7) / 4
B = (np.arange(64, dtype=np.float32).reshape(8, 8) % 5) / 2
dA, dB = cuda.to_device(A), cuda.to_device(B)
dC = cuda.device_array((8, 8), dtype=np.float32)
matmul[(2, 2), (4, 4)](dA, dB, dC)
C1 = dC.copy_to_host()
print("matmul", C1[0].tolist(), C1[7].tolist())
fast_matmul[(2, 2), (TPB, TPB)](dA, dB, dC)
C2 = dC.copy_to_host()
print("fast_matmul", C2[0].tolist(), C2[7].tolist(), "same:", bool((C1 == C2).all()))


@cuda.jit
def histogram(x, xmin, xmax, histogram_out):
    nbins = histogram_out.shape[0]
    bin_width = (xmax - xmin) / nbins
    start = cuda.grid(1)
    stride = cuda.gridsize(1)
    for i in range(start, x.shape[0], stride):
        bin_number = np.int32((x[i] - xmin) / bin_width)
        if bin_number >= 0 and bin_number < histogram_out.shape[0]:
            cuda.atomic.add(histogram_out, bin_number, 1)


x = (np.arange(100, dtype=np.float64) * 37 % 100) / 10
h = np.zeros(5, dtype=np.int64)
histogram[2, 16](x, 0.0, 10.0, h)
print("histogram", h)


@cuda.jit(device=True)
def polar_to_cartesian(rho, theta):
    x = rho * math.cos(theta)
    y = rho * math.sin(theta)
    return x, y


@cuda.jit(device=True)
def clamp(v, lo, hi):
    if v < lo:
        return lo
    if v > hi:
        return hi
    return v


@cuda.jit
def use_device(rho, theta, out):
    i = cuda.grid(1)
    if i < rho.size:
        out[i] = clamp(rho[i] * math.cos(theta[i]), -1.0, 1.0)


rho = np.linspace(0, 3, 7)
theta = np.linspace(0, 1, 7)
o = np.zeros(7)
use_device[1, 8](rho, theta, o)
print("device function", np.round(o, 6).tolist())


@cuda.jit
def block_sum(data, partial):
    s = cuda.shared.array(64, numba.float64)
    tid = cuda.threadIdx.x
    i = cuda.grid(1)
    s[tid] = data[i] if i < data.size else 0.0
    cuda.syncthreads()
    step = cuda.blockDim.x // 2
    while step > 0:
        if tid < step:
            s[tid] += s[tid + step]
        cuda.syncthreads()
        step //= 2
    if tid == 0:
        partial[cuda.blockIdx.x] = s[0]


d = np.arange(200, dtype=np.float64)
partial = np.zeros(4)
block_sum[4, 64](d, partial)
print("block_sum", partial, partial.sum(), d.sum())


@cuda.jit
def count_and_vote(out):
    i = cuda.threadIdx.x
    out[0] = cuda.syncthreads_count(i % 3 == 0)
    out[1] = cuda.syncthreads_and(i >= 0)
    out[2] = cuda.syncthreads_or(i > 100)
    cuda.atomic.add(out, 3, 2)
    cuda.atomic.max(out, 4, i * 7 % 11)
    cuda.atomic.min(out, 5, i - 3)


votes = np.zeros(6, dtype=np.int64)
count_and_vote[1, 20](votes)
print("syncthreads_count/and/or, atomics", votes.tolist())

SCALE = np.array([1.0, 10.0, 100.0])


@cuda.jit
def const_and_local(out):
    c = cuda.const.array_like(SCALE)
    tmp = cuda.local.array(3, numba.float64)
    i = cuda.grid(1)
    for k in range(3):
        tmp[k] = c[k] * i
    if i < out.shape[0]:
        out[i] = tmp[0] + tmp[1] + tmp[2]


o = np.zeros(5)
const_and_local[1, 5](o)
print("const and local arrays", o.tolist())


@cuda.jit
def dynamic_shared(out):
    buf = cuda.shared.array(0, dtype=numba.float32)
    t = cuda.threadIdx.x
    buf[t] = t * 2
    cuda.syncthreads()
    out[t] = buf[cuda.blockDim.x - 1 - t]


o = np.zeros(8, dtype=np.float32)
dynamic_shared[1, 8, 0, 8 * 4](o)
print("dynamic shared", o.tolist())


@cuda.jit
def math_functions(x, out):
    i = cuda.grid(1)
    if i < x.size:
        v = x[i]
        out[i, 0] = math.sqrt(v)
        out[i, 1] = math.exp(-v)
        out[i, 2] = math.log(v + 1)
        out[i, 3] = math.floor(v * 1.5)
        out[i, 4] = max(v, 2.0) - min(v, 1.0)
        out[i, 5] = v ** 2 if v > 1 else -v


x = np.array([0.0, 0.5, 1.0, 2.0, 4.5])
o = np.zeros((5, 6))
math_functions[1, 8](x, o)
print("math", np.round(o, 6).tolist())


@cuda.jit('void(float32[:], float32)')
def with_signature(a, k):
    i = cuda.grid(1)
    if i < a.shape[0]:
        a[i] = a[i] * k


a = np.arange(4, dtype=np.float32)
with_signature[1, 4](a, np.float32(0.5))
print("signature", a.tolist())


@cuda.jit
def three_d(out):
    x, y, z = cuda.grid(3)
    nx, ny, nz = cuda.gridsize(3)
    if x < out.shape[0] and y < out.shape[1] and z < out.shape[2]:
        out[x, y, z] = x * 100 + y * 10 + z + nx * 0 + (ny + nz) * 0


o = np.zeros((2, 3, 4), dtype=np.int32)
three_d[(1, 2, 2), (2, 2, 2)](o)
print("3-D grid", o.tolist())


@cuda.jit
def polar(rho, theta, X, Y):
    i = cuda.grid(1)
    if i < X.size:
        X[i], Y[i] = polar_to_cartesian(rho[i], theta[i])


rho = np.array([1.0, 2.0, 3.0])
theta = np.array([0.0, math.pi / 2, math.pi])
X, Y = np.zeros(3), np.zeros(3)
polar[1, 4](rho, theta, X, Y)
print("device function returning a tuple", np.round(X, 6).tolist(), np.round(Y, 6).tolist())


@cuda.jit
def hello(a):
    i = cuda.grid(1)
    if cuda.threadIdx.x == 0:
        print("block", cuda.blockIdx.x, "thread", i, "sees", a[i], a[i] > 1, "of", a.size)


hello[3, 4](np.arange(12, dtype=np.float32) * 0.25)
