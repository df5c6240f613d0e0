"""The in-place functional forms torch.NAME_(input, ...) that PyTorch exports for Tensor methods
bound by hand (torch.clamp_, torch.fill_, ...); the unary op table declares its own
(torch.sin_: its `inplace` column)."""
import torch

_METHODS = ("clamp_", "clamp_max_", "clamp_min_", "addmv_", "detach_", "fill_", "zero_", "resize_as_")


def inplace_function(method):
    """torch.NAME_(input, ...) for the Tensor method NAME_: input.NAME_(...), with PyTorch's
    TypeError for an input that is not a tensor."""
    def function(input, *args, **kwargs):
        if not isinstance(input, torch.Tensor):
            raise TypeError(f"{method}(): argument 'input' (position 1) must be Tensor, not {type(input).__name__}")
        return getattr(input, method)(*args, **kwargs)
    function.__name__ = function.__qualname__ = method
    return function


def _install():
    for method in _METHODS:
        setattr(torch, method, inplace_function(method))
