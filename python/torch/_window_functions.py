"""torch.hann_window, hamming_window, blackman_window, bartlett_window and kaiser_window (the
spectral windows audio code builds STFTs with), computed as ATen's TensorFactories.cpp does:
an arange of the window's length (one longer when periodic, then cut), scaled, one formula."""
import math

import torch
from torch import _C  # the dtypes (torch/__init__.py imports this file)

def _start(name, window_length, dtype, device):
    """The dtype to use after ATen's window_function_checks."""
    dtype = torch.get_default_dtype() if dtype is None else dtype
    if window_length < 0:
        raise RuntimeError(f"{name} requires non-negative window_length, got window_length={window_length}")
    if not dtype.is_floating_point:
        where = torch.device(device) if device is not None else torch.device("cpu")
        raise RuntimeError(f"{name} expects floating point dtypes, got: TensorOptions(dtype={_C._dtype_cpp_name(dtype)}, "
                           f"device={where}, layout=Strided (default), requires_grad=false (default), "
                           "pinned_memory=false, memory_format=(nullopt))")
    return dtype


def _window(name, window_length, periodic, dtype, device, requires_grad, formula):
    dtype = _start(name, window_length, dtype, device)
    if window_length <= 1:
        make = torch.empty if window_length == 0 else torch.ones
        return make((window_length,), dtype=dtype, device=device, requires_grad=requires_grad)
    length = window_length + 1 if periodic else window_length
    window = formula(torch.arange(length, dtype=dtype, device=device), length)
    if periodic:
        window = window.narrow(0, 0, length - 1)
    return window.requires_grad_(requires_grad)


def hamming_window(window_length, periodic=True, alpha=0.54, beta=0.46, *, dtype=None, layout=None, device=None,
                   pin_memory=False, requires_grad=False):
    return _window("hamming_window", window_length, periodic, dtype, device, requires_grad,
                   lambda n, length: n.mul_(math.pi * 2.0 / (length - 1)).cos_().mul_(-beta).add_(alpha))


def hann_window(window_length, periodic=True, *, dtype=None, layout=None, device=None, pin_memory=False,
                requires_grad=False):
    _start("hann_window", window_length, dtype, device)
    return hamming_window(window_length, periodic, 0.5, 0.5, dtype=dtype, device=device, requires_grad=requires_grad)


def blackman_window(window_length, periodic=True, *, dtype=None, layout=None, device=None, pin_memory=False,
                    requires_grad=False):
    def formula(n, length):
        n = n.mul_(math.pi / (length - 1))
        return n.mul(4).cos_().mul_(0.08) - n.mul(2).cos_().mul_(0.5) + 0.42
    return _window("blackman_window", window_length, periodic, dtype, device, requires_grad, formula)


def bartlett_window(window_length, periodic=True, *, dtype=None, layout=None, device=None, pin_memory=False,
                    requires_grad=False):
    def formula(n, length):
        n = n.mul_(2.0 / (length - 1))
        first_half = ((length - 1) >> 1) + 1
        n.narrow(0, first_half, length - first_half).mul_(-1).add_(2)
        return n
    return _window("bartlett_window", window_length, periodic, dtype, device, requires_grad, formula)


def kaiser_window(window_length, periodic=True, beta=12.0, *, dtype=None, layout=None, device=None,
                  pin_memory=False, requires_grad=False):
    def formula(n, length):
        alpha = (length - 1) / 2.0
        return torch.i0(beta * torch.sqrt(1 - ((n - alpha) / alpha) ** 2)) / torch.i0(torch.tensor(beta, dtype=n.dtype))
    return _window("kaiser_window", window_length, periodic, dtype, device, requires_grad, formula)
