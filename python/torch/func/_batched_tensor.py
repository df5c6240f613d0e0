"""vmap's BatchedTensor: one sample's view of a tensor that holds the whole batch. Its value
keeps the batch at dim 0 (vmap moves each in_dim there); shape, dim() and printing are the
sample's, and every op on it goes to torch.func._dispatch, which applies the op's batching
rule. A nested vmap wraps a BatchedTensor of the outer level: its value is itself batched."""
import contextlib

import torch

# The running vmaps, innermost last: (batch size, randomness) per level; level n is _levels[n - 1].
_levels = []


def push_level(batch_size, randomness):
    _levels.append((batch_size, randomness))
    torch._C._set_vmap_depth(len(_levels))
    return len(_levels)


def pop_level():
    _levels.pop()
    torch._C._set_vmap_depth(len(_levels))


@contextlib.contextmanager
def hook_off():
    """Ops called inside run as they are: a random op's rule calls the op itself, which the hook
    would otherwise hand back to the rule."""
    torch._C._set_vmap_depth(0)
    try:
        yield
    finally:
        torch._C._set_vmap_depth(len(_levels))


def batch_size(level):
    return _levels[level - 1][0]


def randomness(level):
    return _levels[level - 1][1]


def current_level():
    return len(_levels) or None


_DATA_DEPENDENT = ("vmap: It looks like you're attempting to use a Tensor in some data-dependent control flow. "
                   "We don't support that yet, please file an issue at https://github.com/pytorch/pytorch/issues .")
_ITEM = ("vmap: It looks like you're calling .item() on a Tensor. We don't support vmap over calling .item() on a "
         "Tensor, please try to rewrite what you're doing with other operations. If error is occurring somewhere "
         "inside PyTorch internals, please file a bug report.")
_NO_STORAGE = "Cannot access data pointer of Tensor that doesn't have storage"


# What a sample shares with the batch: answered by the batched value itself.
_SAME_FOR_EVERY_SAMPLE = ("is_floating_point", "is_complex", "is_signed", "element_size", "get_device",
                          "is_pinned", "is_shared")


class BatchedTensor:
    __slots__ = ("_value", "_level")

    def __init__(self, value, level):
        self._value = value
        self._level = level

    # isinstance(x, torch.Tensor) holds inside vmap, as it does for PyTorch's BatchedTensor.
    @property
    def __class__(self):
        return torch.Tensor

    # ---- the sample's metadata ----
    @property
    def shape(self):
        return torch.Size(self._value.shape[1:])

    def size(self, dim=None):
        if dim is None:
            return self.shape
        top = max(self.dim(), 1)
        if not -top <= dim < top:
            raise IndexError(f"Dimension out of range (expected to be in range of [{-top}, {top - 1}], but got {dim})")
        return self.shape[dim]

    def dim(self):
        return self._value.dim() - 1

    ndim = property(dim)

    def ndimension(self):
        return self.dim()

    def numel(self):
        return self.shape.numel()

    nelement = numel

    def __len__(self):
        if self.dim() == 0:
            raise TypeError("len() of a 0-d tensor")
        return self.shape[0]

    def __iter__(self):
        return iter(self.unbind(0))

    def __getattr__(self, name):
        if name in _SAME_FOR_EVERY_SAMPLE:
            return getattr(self._value, name)
        attr = getattr(torch.Tensor, name, None)
        if attr is None:
            raise AttributeError(f"'Tensor' object has no attribute '{name}'")
        if hasattr(attr, "__code__"):  # a method written in Python composes from dispatched ops
            return attr.__get__(self)
        if not callable(attr):  # a property: dtype, device, requires_grad, grad_fn, is_cuda, ...
            return getattr(self._value, name)
        from torch.func._dispatch import dispatch

        def method(*args, **kwargs):
            return dispatch("Tensor." + name, self, *args, **kwargs)
        return method

    @property
    def T(self):
        return self.permute(*reversed(range(self.dim())))

    @property
    def mT(self):
        return self.transpose(-2, -1)

    @property
    def data(self):
        return BatchedTensor(self._value.data, self._level)

    # ---- what needs a value: vmap's errors, as PyTorch's ----
    def item(self):
        raise RuntimeError(_ITEM)

    __float__ = __int__ = __index__ = __complex__ = item

    def __bool__(self):
        raise RuntimeError(_DATA_DEPENDENT)

    def tolist(self):
        raise RuntimeError(_NO_STORAGE)

    numpy = data_ptr = tolist

    def __repr__(self):
        inner = repr(self._value).replace("\n", "\n    ")
        return f"BatchedTensor(lvl={self._level}, bdim=0, value=\n    {inner}\n)"

    # ---- operators: the torch functions they are ----
    def __getitem__(self, index):
        from torch.func._dispatch import dispatch
        return dispatch("Tensor.__getitem__", self, index)

    def __setitem__(self, index, value):
        from torch.func._dispatch import dispatch
        dispatch("Tensor.__setitem__", self, index, value)

    def __neg__(self):
        return torch.neg(self)

    def __pos__(self):
        return self

    def __abs__(self):
        return torch.abs(self)

    def __invert__(self):
        return torch.bitwise_not(self)

    def __matmul__(self, other):
        return torch.matmul(self, other)

    def __rmatmul__(self, other):
        return torch.matmul(other, self)

    # a number on the left becomes a 0-dim tensor, which type promotion treats as the number
    def __rsub__(self, other):
        return torch.sub(_tensor(other), self)

    def __rtruediv__(self, other):
        return torch.div(_tensor(other), self)

    def __rfloordiv__(self, other):
        return torch.floor_divide(_tensor(other), self)

    def __rpow__(self, other):
        return torch.pow(_tensor(other), self)

    def __rmod__(self, other):
        return torch.remainder(_tensor(other), self)

    __hash__ = object.__hash__


def _tensor(number):
    return number if isinstance(number, torch.Tensor) else torch.tensor(number)


def _binary(op):
    return lambda self, other: op(self, other)


for _name, _op in [("add", torch.add), ("sub", torch.sub), ("mul", torch.mul), ("truediv", torch.div),
                   ("floordiv", torch.floor_divide), ("mod", torch.remainder), ("pow", torch.pow),
                   ("and", torch.bitwise_and), ("or", torch.bitwise_or), ("xor", torch.bitwise_xor),
                   ("eq", torch.eq), ("ne", torch.ne), ("lt", torch.lt), ("le", torch.le), ("gt", torch.gt),
                   ("ge", torch.ge)]:
    setattr(BatchedTensor, f"__{_name}__", _binary(_op))
for _name, _op in [("radd", torch.add), ("rmul", torch.mul), ("rand", torch.bitwise_and), ("ror", torch.bitwise_or),
                   ("rxor", torch.bitwise_xor)]:
    setattr(BatchedTensor, f"__{_name}__", _binary(_op))  # commutative: the tensor first, as Tensor's own do
for _name in ("add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "and", "or", "xor"):
    _method = {"truediv": "div_", "floordiv": "floor_divide_", "mod": "remainder_", "and": "bitwise_and_",
               "or": "bitwise_or_", "xor": "bitwise_xor_"}.get(_name, _name + "_")
    setattr(BatchedTensor, f"__i{_name}__", (lambda m: lambda self, other: getattr(self, m)(other))(_method))


def is_batched(x):
    """Whether x is a sample's view inside vmap (ops written in Python that read values check it)."""
    return type(x) is BatchedTensor


def unwrap(x, level):
    """(value with the batch at dim 0, True) for a tensor batched at level; (x, False) otherwise."""
    if type(x) is BatchedTensor and x._level == level:
        return x._value, True
    return x, False


def wrap(out, level):
    """An op's physical result (a tensor, or a tuple / list of them) as the sample's view."""
    if type(out) is BatchedTensor or isinstance(out, torch.Tensor):
        return BatchedTensor(out, level)
    if isinstance(out, tuple) and hasattr(out, "_fields"):
        return type(out)(*[wrap(o, level) for o in out])
    if isinstance(out, (tuple, list)):
        return type(out)(wrap(o, level) for o in out)
    return out
