"""torch.nn.functional: the layers and losses as functions (F.relu, F.linear, F.cross_entropy,
...), each one C++ call into core/nn (torch._C._nn); the warnings PyTorch gives are raised here
with Python's warnings module."""
import warnings

from torch._C import Tensor, _nn
from torch._C._nn import (  # noqa: F401
    binary_cross_entropy,
    binary_cross_entropy_with_logits,
    cross_entropy,
    dropout,
    linear,
    nll_loss,
    relu,
    sigmoid,
    tanh,
)


def _implicit_dim_warning(name, dim, stacklevel):
    if dim is None:
        warnings.warn(f"Implicit dimension choice for {name} has been deprecated. "
                      "Change the call to include dim=X as an argument.", stacklevel=stacklevel)


def softmax(input, dim=None, _stacklevel=3, dtype=None):
    _implicit_dim_warning("softmax", dim, _stacklevel)
    return _nn.softmax(input, dim, _stacklevel, dtype)


def log_softmax(input, dim=None, _stacklevel=3, dtype=None):
    _implicit_dim_warning("log_softmax", dim, _stacklevel)
    return _nn.log_softmax(input, dim, _stacklevel, dtype)


def _size_warning(input, target):
    """The UserWarning for a target whose shape broadcasts against the input's."""
    if isinstance(input, Tensor) and isinstance(target, Tensor):
        text = _nn._loss_size_warning(input, target)
        if text:
            warnings.warn(text, stacklevel=3)


def mse_loss(input, target, size_average=None, reduce=None, reduction="mean"):
    _size_warning(input, target)
    return _nn.mse_loss(input, target, size_average, reduce, reduction)


def l1_loss(input, target, size_average=None, reduce=None, reduction="mean"):
    _size_warning(input, target)
    return _nn.l1_loss(input, target, size_average, reduce, reduction)


# ---- activations (torch._C._nn's unary ops: core/backends/unary_ops.def) ----

from torch._C._nn import celu, elu, gelu, leaky_relu, relu6, selu, softplus  # noqa: E402,F401
from torch._C._nn import log_sigmoid as logsigmoid  # noqa: E402,F401


def silu(input, inplace=False):
    return _nn.silu_(input) if inplace else _nn.silu(input)


def mish(input, inplace=False):
    return _nn.mish_(input) if inplace else _nn.mish(input)


def hardtanh(input, min_val=-1.0, max_val=1.0, inplace=False):
    if min_val > max_val:
        raise ValueError("min_val cannot be greater than max_val")
    return _nn.hardtanh(input, min_val, max_val, inplace)


def hardtanh_(input, min_val=-1.0, max_val=1.0):
    return hardtanh(input, min_val, max_val, True)


def leaky_relu_(input, negative_slope=0.01):
    return _nn.leaky_relu(input, negative_slope, True)


def elu_(input, alpha=1.0):
    return _nn.elu(input, alpha, True)


def selu_(input):
    return _nn.selu(input, True)


def celu_(input, alpha=1.0):
    return _nn.celu(input, alpha, True)
