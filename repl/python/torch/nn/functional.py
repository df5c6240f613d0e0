"""torch.nn.functional: the layers and losses as functions (F.relu, F.linear, F.cross_entropy,
...), each one C++ call into core/nn (torch._C._nn); the warnings PyTorch gives are raised here
with Python's warnings module."""
import warnings

from torch._C import Tensor, _nn
from torch._C._nn import (  # noqa: F401
    dropout,
    linear,
    relu,
    sigmoid,
    tanh,
)
from torch.nn._reduction import reduction_of as _reduction_of


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
    reduction = _reduction_of(size_average, reduce, reduction)
    _size_warning(input, target)
    return _nn.mse_loss(input, target, reduction=reduction)


def l1_loss(input, target, size_average=None, reduce=None, reduction="mean"):
    reduction = _reduction_of(size_average, reduce, reduction)
    _size_warning(input, target)
    return _nn.l1_loss(input, target, reduction=reduction)


def smooth_l1_loss(input, target, size_average=None, reduce=None, reduction="mean", beta=1.0):
    reduction = _reduction_of(size_average, reduce, reduction)
    _size_warning(input, target)
    return _nn.smooth_l1_loss(input, target, reduction=reduction, beta=beta)


def huber_loss(input, target, reduction="mean", delta=1.0, weight=None):
    _size_warning(input, target)
    if weight is not None:
        raise NotImplementedError("tensorplay: huber_loss(weight=) is not supported")
    return _nn.huber_loss(input, target, reduction=reduction, delta=delta)


def nll_loss(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction="mean"):
    reduction = _reduction_of(size_average, reduce, reduction)
    return _nn.nll_loss(input, target, weight, ignore_index=ignore_index, reduction=reduction)


def cross_entropy(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction="mean",
                  label_smoothing=0.0):
    reduction = _reduction_of(size_average, reduce, reduction)
    return _nn.cross_entropy(input, target, weight, ignore_index=ignore_index, reduction=reduction,
                             label_smoothing=label_smoothing)


def binary_cross_entropy(input, target, weight=None, size_average=None, reduce=None, reduction="mean"):
    reduction = _reduction_of(size_average, reduce, reduction)
    return _nn.binary_cross_entropy(input, target, weight, reduction=reduction)


def binary_cross_entropy_with_logits(input, target, weight=None, size_average=None, reduce=None, reduction="mean",
                                     pos_weight=None):
    reduction = _reduction_of(size_average, reduce, reduction)
    return _nn.binary_cross_entropy_with_logits(input, target, weight, reduction=reduction, pos_weight=pos_weight)
