"""numba's scalar type names (numba.float32, numba.int32, ...): in a kernel they name a dtype
(cuda.shared.array(16, numba.float32)) or convert (numba.float32(x)); on the host they
convert as numpy's scalar types do."""
import numpy as np


class NumberClass:
    def __init__(self, name):
        self.name = name
        self.dtype = np.dtype('bool' if name == 'boolean' else name)

    def __repr__(self):
        return self.name

    __str__ = __repr__

    def __call__(self, value):
        return self.dtype.type(value)

    def __eq__(self, other):
        return isinstance(other, NumberClass) and other.name == self.name

    def __hash__(self):
        return hash(self.name)


NAMES = ['float32', 'float64', 'int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64',
         'boolean', 'float16']
TYPES = {n: NumberClass(n) for n in NAMES}


class ArrayType:
    """float32[:] or float32[:, :] in a signature."""
    def __init__(self, dtype, ndim):
        self.dtype, self.ndim = dtype, ndim

    def __repr__(self):
        return f"array({self.dtype}, {self.ndim}d, A)"


def _getitem(self, index):
    return ArrayType(self, len(index) if isinstance(index, tuple) else 1)


NumberClass.__getitem__ = _getitem


class Signature:
    def __init__(self, ret, args):
        self.ret, self.args = ret, args

    def __repr__(self):
        return f"({', '.join(map(repr, self.args))}) -> {self.ret}"


class NoneType:
    def __repr__(self):
        return 'none'

    def __call__(self, *args):
        return Signature(self, args)


void = NoneType()
