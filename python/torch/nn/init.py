"""torch.nn.init: in-place initialisers over core/nn/init, which draws from the same generator
calls as PyTorch, so after torch.manual_seed the values are PyTorch's. Each returns its tensor."""
from torch._C._nn import _calculate_fan_in_and_fan_out, calculate_gain  # noqa: F401
from torch._C import _nn


def uniform_(tensor, a=0.0, b=1.0):
    return _nn._init_uniform_(tensor, a, b)


def normal_(tensor, mean=0.0, std=1.0):
    return _nn._init_normal_(tensor, mean, std)


def constant_(tensor, val):
    return _nn._init_constant_(tensor, val)


def zeros_(tensor):
    return _nn._init_zeros_(tensor)


def ones_(tensor):
    return _nn._init_ones_(tensor)


def kaiming_uniform_(tensor, a=0, mode="fan_in", nonlinearity="leaky_relu"):
    return _nn._init_kaiming_uniform_(tensor, a, mode, nonlinearity)


def kaiming_normal_(tensor, a=0, mode="fan_in", nonlinearity="leaky_relu"):
    return _nn._init_kaiming_normal_(tensor, a, mode, nonlinearity)


def xavier_uniform_(tensor, gain=1.0):
    return _nn._init_xavier_uniform_(tensor, gain)


def xavier_normal_(tensor, gain=1.0):
    return _nn._init_xavier_normal_(tensor, gain)


def eye_(tensor):
    """Fills a 2-D tensor with the identity matrix (ones on the diagonal, zeros elsewhere)."""
    if tensor.dim() != 2:
        raise ValueError("Only tensors with 2 dimensions are supported")
    import torch
    with torch.no_grad():
        tensor.copy_(torch.eye(*tensor.shape, dtype=tensor.dtype))
    return tensor


def orthogonal_(tensor, gain=1.0, generator=None):
    """A (semi-)orthogonal matrix (Saxe et al. 2013): Q of the QR decomposition of a matrix of
    N(0, 1) draws (the same draws as PyTorch's), its columns' signs fixed by R's diagonal,
    times gain; dims after the first are flattened. The QR itself is numpy's LAPACK in float64
    (PyTorch's runs in the tensor's dtype), so the last digits of float32 values can differ."""
    if tensor.dim() < 2:
        raise ValueError("Only tensors with 2 or more dimensions are supported")
    if tensor.numel() == 0:
        return tensor
    import numpy
    import torch
    rows = tensor.size(0)
    cols = tensor.numel() // rows
    flattened = torch.empty((rows, cols), dtype=tensor.dtype)
    normal_(flattened, 0.0, 1.0)
    a = flattened.double().numpy()
    if rows < cols:
        a = a.T
    q, r = numpy.linalg.qr(a)
    q = q * numpy.sign(numpy.diag(r))
    if rows < cols:
        q = q.T
    with torch.no_grad():
        tensor.view(rows, cols).copy_(torch.from_numpy(numpy.ascontiguousarray(q)).to(tensor.dtype))
        tensor.mul_(gain)
    return tensor
