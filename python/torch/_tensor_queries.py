"""Tensor methods and attributes PyTorch code meets that ask about a tensor or alias another op:
is_nonzero, is_same_size, is_inference, is_shared / share_memory_, layout (torch.strided, the
only layout tensorplay has) and the other layouts' flags (is_sparse, ...: False), name (named
tensors' None), dim_order, const_data_ptr, adjoint, set_, storage / storage_type (storage.py's
TypedStorage), the deprecated resize / resize_as / volatile, the removed reinforce, and the
hardshrink / prelu / unsafe_split_with_sizes methods; with torch.layout and its values."""
import warnings
import weakref

import torch
from torch import storage as _storage_module


class layout:
    """torch.layout: how a tensor's elements are stored (torch.strided for dense tensors)."""

    def __init__(self, name):
        self._name = name

    def __repr__(self):
        return f"torch.{self._name}"

    def __reduce__(self):
        return self._name


layout.__module__ = "torch"
LAYOUTS = {name: layout(name) for name in ("strided", "sparse_coo", "sparse_csr", "sparse_csc", "sparse_bsr",
                                           "sparse_bsc", "_mkldnn", "jagged")}


def is_nonzero(self):
    """x.is_nonzero(): a one-element tensor's value as a bool."""
    if self.numel() == 0:
        raise RuntimeError("Boolean value of Tensor with no values is ambiguous")
    if self.numel() > 1:
        raise RuntimeError("Boolean value of Tensor with more than one value is ambiguous")
    return bool(self.item() != 0)


def is_same_size(self, other):
    return self.shape == other.shape


def is_inference(self):
    """False: tensorplay's inference_mode is no_grad and makes no inference tensors."""
    return False


_shared = {}  # storage address -> a tensor over it that share_memory_ marked (weakly held)


def share_memory_(self):
    """x.share_memory_(): x itself; GPU storage counts as shared already, a CPU tensor's storage
    is marked shared (tensorplay's processes share memory by their own means)."""
    if self.device.type == "cpu":
        _shared[self.untyped_storage().data_ptr()] = weakref.ref(self)
    return self


def is_shared(self):
    if self.device.type != "cpu":
        return True
    owner = _shared.get(self.untyped_storage().data_ptr())
    return owner is not None and owner() is not None


def adjoint(self):
    """x.adjoint(): the conjugate transpose of the last two dims (a view; real tensors: mT)."""
    if self.dim() < 2:
        raise RuntimeError(f"tensor.adjoint() is only supported on matrices or batches of matrices. Got "
                           f"{self.dim()}-D tensor.")
    return self.transpose(-2, -1)


def resize_as(self, the_template, memory_format=None):
    """The deprecated out-of-place resize_as: a view of x in the template's shape, which must
    have as many elements."""
    warnings.warn("non-inplace resize_as is deprecated", stacklevel=2)
    if self.numel() != the_template.numel():
        shape = "x".join(str(s) for s in the_template.shape)
        mine = "x".join(str(s) for s in self.shape)
        raise RuntimeError(f"requested resize to {shape} ({the_template.numel()} elements in total), but the given "
                           f"tensor has a size of {mine} ({self.numel()} elements). autograd's resize can only change "
                           f"the shape of a given tensor, while preserving the number of elements. ")
    return self.view(the_template.shape)


def dim_order(self):
    """The dims from the outermost in memory to the innermost: by stride, largest first."""
    return tuple(sorted(range(self.dim()), key=lambda d: -self.stride(d)))


def set_(self, source=None):
    """x.set_(other): x becomes a tensor over other's storage with other's shape and strides;
    x.set_(): an empty tensor. (Storage objects as source: not in tensorplay.)"""
    if source is not None and not isinstance(source, torch.Tensor):
        raise TypeError("tensorplay: set_() takes a tensor (or nothing); storages are not supported")
    if self.requires_grad and self.is_leaf:
        raise RuntimeError("a leaf Variable that requires grad is being used in an in-place operation.")
    with torch.no_grad():
        self.data = source if source is not None else self.new_empty(0)
    return self


def resize(self, *sizes):
    """The deprecated out-of-place resize: a view of x in the new shape (same number of elements)."""
    warnings.warn("non-inplace resize is deprecated", stacklevel=2)
    shape = sizes[0] if len(sizes) == 1 and not isinstance(sizes[0], int) else sizes
    return self.view(shape)


def unsafe_split_with_sizes(self, split_sizes, dim=0):
    return self.split_with_sizes(split_sizes, dim)


def reinforce(self, reward):
    raise RuntimeError(_REINFORCE_REMOVED)


_REINFORCE_REMOVED = """reinforce() was removed.
Use torch.distributions instead.
See https://pytorch.org/docs/main/distributions.html

Instead of:

probs = policy_network(state)
action = probs.multinomial()
next_state, reward = env.step(action)
action.reinforce(reward)
action.backward()

Use:

probs = policy_network(state)
# NOTE: categorical is equivalent to what used to be called multinomial
m = torch.distributions.Categorical(probs)
action = m.sample()
next_state, reward = env.step(action)
loss = -m.log_prob(action) * reward
loss.backward()
"""


def _volatile(self):
    warnings.warn("volatile was removed (Variable.volatile is always False)", stacklevel=2)
    return False


def hardshrink(self, lambd=0.5):
    return torch.nn.functional.hardshrink(self, lambd)


def prelu(self, weight):
    if not isinstance(weight, torch.Tensor):
        raise TypeError(f"prelu(): argument 'weight' (position 1) must be Tensor, not {type(weight).__name__}")
    return torch.nn.functional.prelu(self, weight)


def _install():
    for name, value in LAYOUTS.items():
        setattr(torch, name, value)
    torch.layout = layout
    for fn in (is_nonzero, is_same_size, is_inference, share_memory_, is_shared, adjoint, resize_as, hardshrink,
               prelu, dim_order, set_, resize, unsafe_split_with_sizes, reinforce):
        setattr(torch.Tensor, fn.__name__, fn)
    # The layouts and backends tensorplay has none of: PyTorch's flags, all False here.
    for flag in ("is_sparse", "is_sparse_csr", "is_quantized", "is_mkldnn", "is_nested", "is_xla", "is_ipu",
                 "is_maia", "is_mtia", "is_vulkan"):
        if not hasattr(torch.Tensor, flag):
            setattr(torch.Tensor, flag, property(lambda self: False))
    torch.Tensor.is_distributed = lambda self: False
    torch.Tensor.const_data_ptr = lambda self: self.data_ptr()
    torch.Tensor.volatile = property(_volatile)
    torch.Tensor.layout = property(lambda self: LAYOUTS["strided"])
    torch.Tensor.name = property(lambda self: None)
    torch.Tensor.storage = _storage_module._storage
    torch.Tensor.storage_type = _storage_module._storage_type
    torch.TypedStorage = _storage_module.TypedStorage
    torch.UntypedStorage = _storage_module.UntypedStorage
