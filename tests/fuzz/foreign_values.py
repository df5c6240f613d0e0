"""Values from outside torch for the fuzz drivers: what a learner's code hands torch besides
tensors and plain numbers. numpy arrays of every dtype and layout (transposed, negative and
zero strides, 0-dim, empty, read-only), numpy scalars, objects with __index__ / __float__ /
__array__ (also ones that raise or return the wrong type), Tensor subclasses, ints past
int64, Fraction, Decimal, bytes, and lists mixing these with ints and tensors."""
from decimal import Decimal
from fractions import Fraction

import numpy as np
import torch

NUMPY_DTYPES = [np.float64, np.float32, np.float16, np.int64, np.int32, np.int16, np.int8, np.uint8,
                np.uint16, np.uint64, np.bool_, np.complex64, object]
HUGE_INTS = [2**63, 2**64, -2**63 - 1, -2**65, 10**30]


class Index:
    def __init__(self, v):
        self.v = v

    def __index__(self):
        return self.v

    def __repr__(self):
        return f"Index({self.v!r})"


class RaisingIndex:
    def __index__(self):
        raise ValueError("__index__ failed")

    def __repr__(self):
        return "RaisingIndex()"


class WrongIndex:
    def __index__(self):
        return 1.5

    def __repr__(self):
        return "WrongIndex()"


class Floaty:
    def __init__(self, v):
        self.v = v

    def __float__(self):
        return self.v

    def __repr__(self):
        return f"Floaty({self.v!r})"


class RaisingFloat:
    def __float__(self):
        raise ValueError("__float__ failed")

    def __repr__(self):
        return "RaisingFloat()"


class ArrayLike:
    def __init__(self, v):
        self.v = v

    def __array__(self, dtype=None):
        return self.v

    def __repr__(self):
        return f"ArrayLike({self.v!r})"


class RaisingArray:
    def __array__(self, dtype=None):
        raise ValueError("__array__ failed")

    def __repr__(self):
        return "RaisingArray()"


class SubTensor(torch.Tensor):
    pass


def numpy_array(rng):
    """An ndarray of a random dtype, shape and layout."""
    dtype = rng.choice(NUMPY_DTYPES)
    shape = rng.choice([(), (0,), (1,), (3,), (2, 3), (4, 4), (2, 1, 3)])
    n = 1
    for s in shape:
        n *= s
    values = [rng.choice([0, 1, 2, -1, 3, 7, 200]) for _ in range(n)]
    a = np.array(values, dtype=object if dtype is object else None).reshape(shape)
    if dtype is not object:
        with np.errstate(all="ignore"):
            a = a.astype(dtype)
    layout = rng.random()
    if layout < 0.15 and a.ndim >= 2:
        a = a.T
    elif layout < 0.3 and a.ndim >= 1:
        a = a[::-1]
    elif layout < 0.4 and a.ndim >= 1:
        a = np.broadcast_to(a, (2,) + a.shape)
    elif layout < 0.45:
        a = a.copy()
        a.flags.writeable = False
    elif layout < 0.5 and dtype is not object and a.ndim >= 1:
        a = a.astype(a.dtype.newbyteorder(">"))
    return a


def numpy_scalar(rng):
    return rng.choice([np.int64(2), np.int32(-1), np.int8(3), np.uint8(200), np.uint64(2**64 - 1),
                       np.float64(0.5), np.float32(1.5), np.float16(2.0), np.bool_(True), np.bool_(False),
                       np.complex64(1j), np.float64("nan")])


def odd_object(rng):
    return rng.choice([Index(2), Index(-1), Index(2**64), RaisingIndex(), WrongIndex(), Floaty(2.5),
                       Floaty("x"), RaisingFloat(), ArrayLike(np.ones(2)), ArrayLike(3), RaisingArray(),
                       Fraction(1, 2), Decimal("1.5"), Decimal("nan"), b"ab", bytearray(b"x"), 1j,
                       object(), {1: 2}, {1, 2}])


def subclass_tensor(rng, tensor):
    return SubTensor(tensor)


def foreign(rng, some_tensor):
    """One foreign value; some_tensor() gives a tensor to mix in."""
    r = rng.random()
    if r < 0.3:
        return numpy_array(rng)
    if r < 0.5:
        return numpy_scalar(rng)
    if r < 0.65:
        return odd_object(rng)
    if r < 0.75:
        return rng.choice(HUGE_INTS)
    if r < 0.82:
        return subclass_tensor(rng, some_tensor())
    # A list mixing kinds: ints, numpy ints, 0-dim tensors, arrays, odd objects.
    parts = [rng.choice([1, 0, -1, np.int64(1), torch.tensor(1), np.array(1), Index(1), 2**64, 1.5, True])
             for _ in range(rng.randint(0, 4))]
    if rng.random() < 0.3:
        parts.append(foreign_leaf(rng))
    return parts if rng.random() < 0.7 else tuple(parts)


def foreign_leaf(rng):
    return rng.choice([numpy_array, numpy_scalar, odd_object])(rng)
