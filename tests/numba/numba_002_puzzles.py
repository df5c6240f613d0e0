# GPU-Puzzles-style kernels (srush/GPU-Puzzles: a factory takes `cuda`, returns the kernel),
# with our own solutions, launched as the puzzles do: cuda.jit(factory(cuda))[blocks, threads].
import numpy as np
import numba
from numba import cuda

from puzzle_cuda import kernel_cuda

TPB = 8


def map_spec(a):
    return a + 10


def map_test(cuda):
    def call(out, a) -> None:
        local_i = cuda.threadIdx.x
        out[local_i] = a[local_i] + 10
    return call


def guard_test(cuda):
    def call(out, a, size) -> None:
        local_i = cuda.threadIdx.x
        if local_i < size:
            out[local_i] = a[local_i] + 10
    return call


def map2d_test(cuda):
    def call(out, a, size) -> None:
        local_i = cuda.threadIdx.x
        local_j = cuda.threadIdx.y
        if local_i < size and local_j < size:
            out[local_i, local_j] = a[local_i, local_j] + 10
    return call


def broadcast_test(cuda):
    def call(out, a, b, size) -> None:
        local_i = cuda.threadIdx.x
        local_j = cuda.threadIdx.y
        if local_i < size and local_j < size:
            out[local_i, local_j] = a[local_i, 0] + b[0, local_j]
    return call


def blocks_test(cuda):
    def call(out, a, size) -> None:
        i = cuda.blockIdx.x * cuda.blockDim.x + cuda.threadIdx.x
        if i < size:
            out[i] = a[i] + 10
    return call


def shared_test(cuda):
    def call(out, a, size) -> None:
        shared = cuda.shared.array(TPB, numba.float32)
        i = cuda.blockIdx.x * cuda.blockDim.x + cuda.threadIdx.x
        local_i = cuda.threadIdx.x
        if i < size:
            shared[local_i] = a[i]
        cuda.syncthreads()
        if i < size:
            out[i] = shared[local_i] + 10
    return call


def pool_test(cuda):
    def call(out, a, size) -> None:
        shared = cuda.shared.array(TPB, numba.float32)
        i = cuda.blockIdx.x * cuda.blockDim.x + cuda.threadIdx.x
        local_i = cuda.threadIdx.x
        if i < size:
            shared[local_i] = a[i]
        cuda.syncthreads()
        if i < size:
            total = shared[local_i]
            if local_i >= 1:
                total += shared[local_i - 1]
            if local_i >= 2:
                total += shared[local_i - 2]
            out[i] = total
    return call


def dot_test(cuda):
    def call(out, a, b, size) -> None:
        shared = cuda.shared.array(TPB, numba.float32)
        i = cuda.blockIdx.x * cuda.blockDim.x + cuda.threadIdx.x
        local_i = cuda.threadIdx.x
        shared[local_i] = a[i] * b[i] if i < size else 0
        cuda.syncthreads()
        if local_i == 0:
            total = 0.0
            for k in range(TPB):
                total += shared[k]
            out[0] = total
    return call


def conv_test(cuda):
    def call(out, a, b, a_size, b_size) -> None:
        i = cuda.blockIdx.x * cuda.blockDim.x + cuda.threadIdx.x
        if i < a_size:
            acc = 0.0
            for k in range(b_size):
                if i + k < a_size:
                    acc += a[i + k] * b[k]
            out[i] = acc
    return call


def sum_test(cuda):
    def call(out, a, size: int) -> None:
        cache = cuda.shared.array(TPB, numba.float32)
        i = cuda.blockIdx.x * cuda.blockDim.x + cuda.threadIdx.x
        local_i = cuda.threadIdx.x
        cache[local_i] = a[i] if i < size else 0
        cuda.syncthreads()
        step = 1
        while step < TPB:
            if local_i % (2 * step) == 0:
                cache[local_i] += cache[local_i + step]
            step *= 2
            cuda.syncthreads()
        if local_i == 0:
            out[cuda.blockIdx.x] = cache[0]
    return call


def axis_sum_test(cuda):
    def call(out, a, size: int) -> None:
        cache = cuda.shared.array(TPB, numba.float32)
        local_i = cuda.threadIdx.x
        batch = cuda.blockIdx.y
        cache[local_i] = a[batch, local_i] if local_i < size else 0
        cuda.syncthreads()
        step = TPB // 2
        while step > 0:
            if local_i < step:
                cache[local_i] += cache[local_i + step]
            cuda.syncthreads()
            step //= 2
        if local_i == 0:
            out[batch, 0] = cache[0]
    return call


def mm_oneblock_test(cuda):
    def call(out, a, b, size: int) -> None:
        a_shared = cuda.shared.array((TPB, TPB), numba.float32)
        b_shared = cuda.shared.array((TPB, TPB), numba.float32)
        i = cuda.blockIdx.x * cuda.blockDim.x + cuda.threadIdx.x
        j = cuda.blockIdx.y * cuda.blockDim.y + cuda.threadIdx.y
        local_i = cuda.threadIdx.x
        local_j = cuda.threadIdx.y
        acc = 0.0
        for t in range((size + TPB - 1) // TPB):
            if i < size and t * TPB + local_j < size:
                a_shared[local_i, local_j] = a[i, t * TPB + local_j]
            else:
                a_shared[local_i, local_j] = 0
            if j < size and t * TPB + local_i < size:
                b_shared[local_i, local_j] = b[t * TPB + local_i, j]
            else:
                b_shared[local_i, local_j] = 0
            cuda.syncthreads()
            for k in range(TPB):
                acc += a_shared[local_i, k] * b_shared[k, local_j]
            cuda.syncthreads()
        if i < size and j < size:
            out[i, j] = acc
    return call


def run(name, factory, blocks, threads, out, *args):
    cuda.jit(factory(kernel_cuda))[blocks, threads](out, *args)
    print(name, out.tolist())


a4 = np.arange(4, dtype=np.float32)
run("map", map_test, 1, 4, np.zeros(4, np.float32), a4)
run("guard", guard_test, 1, 8, np.zeros(4, np.float32), a4, 4)
a2 = np.arange(9, dtype=np.float32).reshape(3, 3)
run("map2d", map2d_test, 1, (4, 4), np.zeros((3, 3), np.float32), a2, 3)
run("broadcast", broadcast_test, 1, (3, 3), np.zeros((2, 2), np.float32),
    np.arange(2, dtype=np.float32).reshape(2, 1), np.arange(2, dtype=np.float32).reshape(1, 2), 2)
a9 = np.arange(9, dtype=np.float32)
run("blocks", blocks_test, 3, 4, np.zeros(9, np.float32), a9, 9)
a10 = np.arange(10, dtype=np.float32)
run("shared", shared_test, 2, TPB, np.zeros(10, np.float32), a10, 10)
run("pooling", pool_test, 1, TPB, np.zeros(8, np.float32), np.arange(8, dtype=np.float32), 8)
run("dot", dot_test, 1, TPB, np.zeros(1, np.float32), np.arange(8, dtype=np.float32),
    np.arange(8, dtype=np.float32), 8)
run("conv1d", conv_test, 1, TPB, np.zeros(6, np.float32), np.arange(6, dtype=np.float32),
    np.arange(3, dtype=np.float32), 6, 3)
run("sum", sum_test, 2, TPB, np.zeros(2, np.float32), np.arange(15, dtype=np.float32), 15)
run("axis sum", axis_sum_test, (1, 4), (TPB, 1), np.zeros((4, 1), np.float32),
    np.arange(24, dtype=np.float32).reshape(4, 6), 6)
sz = 10
A = (np.arange(sz * sz, dtype=np.float32).reshape(sz, sz) % 9)
B = (np.arange(sz * sz, dtype=np.float32).reshape(sz, sz).T % 7)
out = np.zeros((sz, sz), np.float32)
run("matmul (tiled)", mm_oneblock_test, (2, 2), (TPB, TPB), out, A, B, sz)
print("matmul equals numpy:", bool((out == A @ B).all()))
