"""The elementwise ops PyTorch defines as aliases or trivial composites: torch.fix (trunc),
torch.positive (the `+` operator) and torch.isreal, as torch functions and Tensor methods."""
import torch
from torch._C import trunc as fix  # torch.fix is torch.trunc (torch/__init__.py imports this file)


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


def _install():
    torch.Tensor.fix = torch.Tensor.trunc
    torch.Tensor.fix_ = torch.Tensor.trunc_
    torch.Tensor.positive = positive
    torch.Tensor.isreal = isreal
