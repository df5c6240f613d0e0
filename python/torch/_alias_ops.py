"""Ops PyTorch spells as another op (broadcast_to is expand, argwhere is nonzero, msort is
sort(dim=0), pinverse is linalg.pinv, split_with_sizes and the unsafe_ forms are split and
chunk, rsub is sub reversed, fill is a filled copy, vdot is dot, dist the norm of a
difference and Tensor.nelement numel), and the complex-number ops that are
no-ops on the real tensors tensorplay has (conj, resolve_conj, resolve_neg, real, mH): each
is computed by the op it names, so it runs on every device with that op's gradient."""
import numbers
import warnings

import torch


def broadcast_to(input, size):
    return input.expand(size)


def _broadcast_to_method(self, *size):
    """x.broadcast_to(2, 3) or x.broadcast_to((2, 3))."""
    return self.expand(*size)


def argwhere(input):
    return torch.nonzero(input)


def msort(input):
    return torch.sort(input, dim=0).values


def pinverse(input, rcond=1e-15):
    from torch import linalg
    return linalg.pinv(input, rtol=rcond)


def split_with_sizes(input, split_sizes, dim=0):
    return torch.split(input, list(split_sizes), dim)


def unsafe_split(input, split_size, dim=0):
    return torch.split(input, split_size, dim)


def unsafe_chunk(input, chunks, dim=0):
    return torch.chunk(input, chunks, dim)


def rsub(input, other, alpha=1):
    """other - alpha * input, a Python number promoting as a wrapped number does."""
    if not isinstance(other, (torch.Tensor, numbers.Number)):
        raise TypeError(f"rsub(): argument 'other' must be Tensor or Number, not {type(other).__name__}")
    if not isinstance(other, torch.Tensor):
        return input.__rsub__(other) if alpha == 1 else input.mul(-alpha).add_(other)
    return torch.sub(other, input, alpha=alpha)


def vdot(input, other):
    """The dot product, conjugating the first vector: dot itself for real tensors."""
    return torch.dot(input, other)


def dist(input, other, p=2):
    """The p-norm of input - other, as ATen composes it (with at::norm's dtype check)."""
    difference = input - other
    if not difference.is_floating_point():
        from torch._legacy_tensors import _DTYPES
        name = next(k for k, v in _DTYPES.items() if v == difference.dtype)  # ATen's name: Long, Bool
        raise NotImplementedError(f"norm(): input dtype should be either floating point or complex. Got {name} instead.")
    return torch.norm(difference, p)


def fill(input, value):
    return input.clone().fill_(value)


def scalar_tensor(s, *, dtype=None, layout=None, device=None, pin_memory=False, requires_grad=False):
    return torch.tensor(float(s), dtype=dtype if dtype is not None else torch.get_default_dtype(),
                        device=device, requires_grad=requires_grad)


def broadcast_shapes(*shapes):
    """The shape tensors of these shapes broadcast to, with PyTorch's error when they do not."""
    result = []
    for index, shape in enumerate(shapes):
        shape = (shape,) if isinstance(shape, int) else tuple(shape)
        for i in range(1, len(shape) + 1):
            if i > len(result):
                result.insert(0, shape[-i])
            elif result[-i] == 1 or shape[-i] == result[-i]:
                result[-i] = shape[-i] if result[-i] == 1 else result[-i]
            elif shape[-i] != 1:
                raise RuntimeError(f"Attempting to broadcast a dimension of length {shape[-i]} at {-i}! Mismatching "
                                   f"argument at index {index} had {shape}; but expected shape should be "
                                   f"broadcastable to {result}")
    return torch.Size(result)


def sum_to_size(self, *size):
    """x summed over the dimensions it was broadcast along from size (kept as 1)."""
    size = tuple(size[0]) if len(size) == 1 and not isinstance(size[0], int) else size
    if not size:
        return self.sum()
    if not _expandable(size, tuple(self.shape)):
        raise RuntimeError(f"size {{{list(size)}}} is not expandable to size {{{list(self.shape)}}}.")
    lead = self.dim() - len(size)
    dims = list(range(lead)) + [lead + i for i, s in enumerate(size) if s == 1 and self.shape[lead + i] != 1]
    out = self.sum(dims, keepdim=True) if dims else self
    return out.view(size) if lead else out


def _expandable(size, shape):
    if len(size) > len(shape):
        return False
    return all(s == t or s == 1 for s, t in zip(reversed(size), reversed(shape)))


def conj(input):
    return input


def imag(input):
    raise TypeError("imag is not implemented for tensors with non-complex dtypes.")


def _H(self):
    """x.H: the conjugate transpose of a matrix (its transpose for real tensors)."""
    if self.dim() == 2:
        return self.mT
    if self.dim() == 0:
        warnings.warn("Tensor.H is deprecated on 0-D tensors. Consider using x.conj(). (Triggered internally at "
                      "/__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp:4328.)", UserWarning, stacklevel=2)
        return self
    hint = " For batches of matrices, consider using tensor.mH" if self.dim() > 2 else ""
    raise RuntimeError(f"tensor.H is only supported on matrices (2-D tensors). Got {self.dim()}-D tensor.{hint}")


def _is_false(self):
    return False


def _install():
    torch.Tensor.broadcast_to = _broadcast_to_method
    for fn in (broadcast_to, argwhere, msort, pinverse, split_with_sizes, unsafe_split, unsafe_chunk, rsub, fill,
               scalar_tensor, broadcast_shapes, conj, imag, vdot, dist):
        setattr(torch, fn.__name__, fn)
    for name in ("conj_physical", "resolve_conj", "resolve_neg", "real"):
        setattr(torch, name, conj)
    torch.Tensor.broadcast_to = _broadcast_to_method
    for fn in (argwhere, msort, pinverse, split_with_sizes, unsafe_split, unsafe_chunk, conj, vdot, dist):
        setattr(torch.Tensor, fn.__name__, fn)
    for name in ("conj_physical", "resolve_conj", "resolve_neg"):
        setattr(torch.Tensor, name, conj)
    torch.Tensor.sum_to_size = sum_to_size
    torch.Tensor.nelement = torch.Tensor.numel
    torch.Tensor.is_conj = torch.Tensor.is_neg = _is_false
    torch.Tensor.real = property(conj)
    torch.Tensor.imag = property(imag)
    torch.Tensor.mH = property(lambda self: self.mT)
    torch.Tensor.H = property(_H)
    torch.Tensor.__rdiv__ = torch.Tensor.__rtruediv__
