"""torch.distributions.utils: helpers the distributions share, as in PyTorch: broadcasting
parameters to tensors, the standard-normal draw behind rsample, logits <-> probs conversions and
lazy_property (a parameter computed from the other one on first use)."""
from functools import update_wrapper

import torch
import torch.nn.functional as F

euler_constant = 0.57721566490153286060  # Euler Mascheroni Constant

__all__ = ["broadcast_all", "logits_to_probs", "clamp_probs", "probs_to_logits", "lazy_property"]

_Number = (int, float, bool)


def broadcast_all(*values):
    """Broadcasts tensors and numbers together; numbers become tensors of the first tensor's
    dtype and device (or the default dtype when all are numbers)."""
    if not all(isinstance(v, torch.Tensor) or isinstance(v, _Number) for v in values):
        raise ValueError(
            "Input arguments must all be instances of Number, "
            "torch.Tensor or objects implementing __torch_function__."
        )
    if not all(isinstance(v, torch.Tensor) for v in values):
        options = dict(dtype=torch.get_default_dtype())
        for value in values:
            if isinstance(value, torch.Tensor):
                options = dict(dtype=value.dtype, device=value.device)
                break
        new_values = [v if isinstance(v, torch.Tensor) else torch.tensor(v, **options) for v in values]
        return torch.broadcast_tensors(*new_values)
    return torch.broadcast_tensors(*values)


def _standard_normal(shape, dtype, device):
    # PyTorch draws with normal_ on a fresh tensor (outside JIT tracing): the same generator calls.
    return torch.empty(shape, dtype=dtype, device=device).normal_()


def _sum_rightmost(value, dim):
    """Sums out the ``dim`` rightmost dimensions of ``value``."""
    if dim == 0:
        return value
    required_shape = value.shape[:-dim] + (-1,)
    return value.reshape(required_shape).sum(-1)


def logits_to_probs(logits, is_binary=False):
    """Log-odds -> probability (binary), else unnormalized log-probs -> softmax over the last dim."""
    if is_binary:
        return torch.sigmoid(logits)
    return F.softmax(logits, dim=-1)


def clamp_probs(probs):
    """Clamps probabilities into [eps, 1 - eps] for the dtype's eps."""
    eps = torch.finfo(probs.dtype).eps
    return probs.clamp(min=eps, max=1 - eps)


def probs_to_logits(probs, is_binary=False):
    """Probability -> log-odds (binary), else -> log-probabilities."""
    ps_clamped = clamp_probs(probs)
    if is_binary:
        return torch.log(ps_clamped) - torch.log1p(-ps_clamped)
    return torch.log(ps_clamped)


class lazy_property:
    """A non-data descriptor computing the value on first access (with grad enabled) and then
    storing it as an instance attribute."""

    def __init__(self, wrapped):
        self.wrapped = wrapped
        update_wrapper(self, wrapped)

    def __get__(self, instance, obj_type=None):
        if instance is None:
            return _lazy_property_and_property(self.wrapped)
        with torch.enable_grad():
            value = self.wrapped(instance)
        setattr(instance, self.wrapped.__name__, value)
        return value


class _lazy_property_and_property(lazy_property, property):
    """What a lazy_property looks like on the class: a property for docs, a lazy_property for
    Distribution's validation (which skips lazily-computed parameters)."""

    def __init__(self, wrapped):
        property.__init__(self, wrapped)
