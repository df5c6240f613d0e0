"""The elementwise ops PyTorch defines as aliases or trivial composites: torch.fix (trunc),
torch.positive (the `+` operator), torch.isreal and the numpy-style names (arccos, greater,
negative, ...), as torch functions and Tensor methods, with their in-place forms."""
import torch
from torch._C import trunc as fix  # torch.fix is torch.trunc (torch/__init__.py imports this file)
from torch._inplace_functions import inplace_function as _inplace_function


def fix_(input):
    return input.trunc_()


def positive(input):
    """positive(input): input itself; refused for bool tensors as PyTorch refuses unary +."""
    if input.dtype == torch.bool:
        raise NotImplementedError("The `+` operator, on a bool tensor is not supported.")
    return input


def isreal(input):
    """isreal(input): True everywhere for a real tensor (tensorplay has no complex dtypes)."""
    return torch.ones_like(input, dtype=torch.bool)


# alias: the op it names. Each is a torch function and a Tensor method, and NAME_ a method
# where the op has one.
_ALIASES = {"absolute": "abs", "arccos": "acos", "arccosh": "acosh", "arcsin": "asin", "arcsinh": "asinh",
            "arctan": "atan", "arctanh": "atanh", "arctan2": "atan2", "negative": "neg", "greater": "gt",
            "greater_equal": "ge", "less": "lt", "less_equal": "le", "not_equal": "ne", "clip": "clamp"}
# The aliases whose in-place form PyTorch also exports as a torch function (torch.arccos_).
_TORCH_INPLACE = ("arccos", "arccosh", "arcsin", "arcsinh", "arctan", "arctanh", "negative", "clip")


def _named(fn, name):
    """fn under the alias's own name, so that the parser's errors name the alias as PyTorch's do
    (torch._overloads.install gives it them)."""
    def alias(*args, **kwargs):
        return fn(*args, **kwargs)
    alias.__name__ = alias.__qualname__ = name
    alias.__doc__ = getattr(fn, "__doc__", None)
    return alias


def _install():
    for alias, op in _ALIASES.items():
        if not hasattr(torch, alias):
            setattr(torch, alias, _named(getattr(torch, op), alias))
        if not hasattr(torch.Tensor, alias):
            setattr(torch.Tensor, alias, _named(getattr(torch.Tensor, op), alias))
        if hasattr(torch.Tensor, op + "_") and not hasattr(torch.Tensor, alias + "_"):
            setattr(torch.Tensor, alias + "_", _named(getattr(torch.Tensor, op + "_"), alias + "_"))
    for alias in _TORCH_INPLACE:
        op = _ALIASES[alias]
        setattr(torch, alias + "_", _named(getattr(torch, op + "_", None) or _inplace_function(op + "_"), alias + "_"))
    torch.concatenate = torch.cat

    torch.Tensor.fix = torch.Tensor.trunc
    torch.Tensor.fix_ = torch.Tensor.trunc_
    torch.Tensor.positive = positive
    torch.Tensor.isreal = isreal
