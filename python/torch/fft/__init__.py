"""torch.fft: the transforms (fft, rfft, hfft and their inverses, 2-D and n-D forms; _transforms,
computed by _dft's composed Cooley-Tukey), fftshift / ifftshift (rolls by half of each dimension)
and the sample frequencies fftfreq / rfftfreq, as ATen's SpectralOps.cpp computes them."""
import torch
from torch.fft._transforms import (fft, fft2, fftn, hfft, hfft2, hfftn, ifft, ifft2, ifftn, ihfft, ihfft2,
                                   ihfftn, irfft, irfft2, irfftn, rfft, rfft2, rfftn)

__all__ = ["fft", "fft2", "fftfreq", "fftn", "fftshift", "hfft", "hfft2", "hfftn", "ifft", "ifft2", "ifftn",
           "ifftshift", "ihfft", "ihfft2", "ihfftn", "irfft", "irfft2", "irfftn", "rfft", "rfft2", "rfftfreq",
           "rfftn"]


def _dims(input, dim):
    if dim is None:
        return list(range(input.dim()))
    return [dim] if isinstance(dim, int) else list(dim)


def fftshift(input, dim=None):
    """The zero-frequency term moved to the centre: each dim rolled by half its size."""
    dims = _dims(input, dim)
    return torch.roll(input, [input.shape[d] // 2 for d in dims], dims)


def ifftshift(input, dim=None):
    """fftshift undone: each dim rolled back by half its size (rounded up)."""
    dims = _dims(input, dim)
    return torch.roll(input, [(input.shape[d] + 1) // 2 for d in dims], dims)


def fftfreq(n, d=1.0, *, out=None, dtype=None, layout=None, device=None, requires_grad=False):
    """The sample frequencies of an n-point FFT: [0, 1, ..., n//2 - 1 (or (n-1)//2), -(n//2), ..., -1] / (n d)."""
    result = torch.arange(n, dtype=dtype if dtype is not None else torch.get_default_dtype(), device=device)
    result[(n + 1) // 2:] = torch.arange(-(n // 2), 0, dtype=result.dtype, device=device)
    return result.mul_(1.0 / (n * d)).requires_grad_(requires_grad)


def rfftfreq(n, d=1.0, *, out=None, dtype=None, layout=None, device=None, requires_grad=False):
    """The sample frequencies of an n-point real FFT: [0, 1, ..., n//2] / (n d)."""
    dtype = dtype if dtype is not None else torch.get_default_dtype()
    return torch.arange(n // 2 + 1, dtype=dtype, device=device).mul_(1.0 / (n * d)).requires_grad_(requires_grad)
