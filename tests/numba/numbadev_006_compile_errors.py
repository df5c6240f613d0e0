# What the simulated GPU cannot compile says so, naming the kernel and its line, and the
# session goes on (numba itself raises its TypingError for most of these; hand-checked).
import numpy as np
from numba import cuda


@cuda.jit
def slices(a):
    a[1:3] = 0


@cuda.jit
def float_index(a):
    a[1.5] = 0


@cuda.jit
def returns_value(a):
    return a[0]


@cuda.jit
def unknown_call(a):
    a[0] = len("abc") + sorted(a)


@cuda.jit
def undefined_name(a):
    a[0] = missing + 1  # noqa: F821


@cuda.jit
def wrong_rank(a):
    a[0, 1] = 1


@cuda.jit
def shared_shape_from_argument(a, n):
    s = cuda.shared.array(a.shape[0], np.float32)
    s[0] = n


a = np.zeros(4)
for kernel, args in ((slices, (a,)), (float_index, (a,)), (returns_value, (a,)), (unknown_call, (a,)),
                     (undefined_name, (a,)), (wrong_rank, (a,)), (shared_shape_from_argument, (a, 3))):
    try:
        kernel[1, 1](*args)
    except cuda.CompileError as err:
        print("CompileError:", err)
try:
    slices[1, 1](a, a)
except TypeError as err:
    print("TypeError:", err)
try:
    slices[1, 1](np.zeros(4, np.float16))
except TypeError as err:
    print("TypeError:", err)
print("still running")
