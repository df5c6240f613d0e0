"""torch.fft's transforms (fft/ifft/rfft/irfft/hfft/ihfft, their 2-D and n-D forms), checked and
shaped as ATen's SpectralOps.cpp does (promotion, n/s and dim, zero-padding or trimming, norm,
PyTorch's error texts and grad_fn names), computed by _dft's composed 1-D transform along each dim.
A c2r transform (irfft, hfft) extends its one-sided input Hermitian-symmetrically and keeps the
real part, which ignores the imaginary parts of the zero and Nyquist terms as pocketfft and MKL do."""
import math

import torch
from torch.fft._dft import dft
from torch.nn._activation_functions import _scalar_name

_NORMS = (None, "backward", "ortho", "forward")


def _check_int(fname, arg, value, optional):
    if (value is None and optional) or (isinstance(value, int) and not isinstance(value, bool)):
        return
    raise TypeError(f"fft_{fname}(): argument '{arg}' must be int, not {type(value).__name__}")


def _int_list(fname, arg, value):
    """An n-D function's s or dim as a list (an int is one), None kept, as PyTorch's parser reads it."""
    if value is None:
        return None
    if isinstance(value, int) and not isinstance(value, bool):
        return [value]
    if isinstance(value, (list, tuple)) and all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        return list(value)
    raise TypeError(f"fft_{fname}(): argument '{arg}' must be tuple of ints, not {type(value).__name__}")


def _nd_args(fname, s, dim):
    return _int_list(fname, "s", s), _int_list(fname, "dim", dim)


def _wrap(dim, ndim):
    if ndim == 0:
        raise IndexError(f"Dimension specified as {dim} but tensor has no dimensions")
    if not -ndim <= dim < ndim:
        raise IndexError(f"Dimension out of range (expected to be in range of [{-ndim}, {ndim - 1}], but got {dim})")
    return dim % ndim


def _promote(x, require_complex):
    """ATen's promote_tensor_fft: integers to the default dtype, float/double (or their complex) only."""
    if x.is_complex():
        return x
    dtype = x.dtype if x.dtype.is_floating_point else torch.get_default_dtype()
    if dtype not in (torch.float32, torch.float64):
        raise NotImplementedError(f"Unsupported dtype {_scalar_name(dtype)}")
    x = x.to(dtype)
    return x.to(torch.complex64 if dtype == torch.float32 else torch.complex128) if require_complex else x


def _check_points(n):
    if n < 1:
        raise RuntimeError(f"Invalid number of data points ({n}) specified")


def _scale(norm, forward, points):
    """The factor a transform of `points` signal elements is multiplied by."""
    if norm not in _NORMS:
        raise RuntimeError(f'Invalid normalization mode: "{norm}"')
    if norm == "ortho":
        return 1.0 / math.sqrt(points)
    return 1.0 / points if (norm == "forward") == forward else 1.0


def _resize(x, dims, sizes):
    """Zero-padded or trimmed at the end of each dim to its size."""
    for d, size in zip(dims, sizes):
        have = x.shape[d]
        if size < have:
            x = x.narrow(d, 0, size)
        elif size > have:
            shape = list(x.shape)
            shape[d] = size - have
            x = torch.cat([x, torch.zeros(shape, dtype=x.dtype, device=x.device)], d)
    return x


def _rounded(y, dtype, dims):
    """A float64 result rounded to float32. Its parts below 2^-40 of each transform's largest
    output are float64's residue of exact cancellation (fft(ones(5))[1] is 2e-16): they become
    the zeros float32 arithmetic lands on, as the value only, so gradients pass unchanged."""
    if dtype in (torch.complex128, torch.float64) or y.numel() == 0:
        return y.to(dtype)
    tiny = y.abs().amax(dims, keepdim=True) * 2.0 ** -40
    parts = torch.view_as_real(y) if y.is_complex() else y
    tiny = tiny.unsqueeze(-1) if y.is_complex() else tiny
    snapped = torch.where(parts.abs() < tiny, 0.0, parts)
    snapped = torch.view_as_complex(snapped) if y.is_complex() else snapped
    return (y + (snapped - y).detach()).to(dtype)


def _c2c(x, dims, inverse):
    """The unnormalized transform over dims. complex64 is computed in complex128 and rounded once,
    so float32 results differ from PyTorch's only by its own (MKL's / pocketfft's) rounding."""
    if not dims:
        return x
    y = x.to(torch.complex128)
    for d in dims:
        y = dft(y.movedim(d, -1), inverse).movedim(-1, d)
    return _rounded(y, x.dtype, dims)


def _mirrored(x, count):
    """conj(x[..., count]), ..., conj(x[..., 1]): the negative frequencies of a Hermitian-symmetric
    spectrum (indexing with a list rather than flip, which meta tensors lack)."""
    return x[..., list(range(count, 0, -1))].conj()


def _c2r(x, dim, n):
    """The real length-n signal whose one-sided spectrum (n // 2 + 1 terms) x is, unnormalized."""
    y = x.to(torch.complex128).movedim(dim, -1)
    full = torch.cat([y, _mirrored(y, (n - 1) // 2)], -1)
    return _rounded(dft(full, True).real, x.real.dtype, [-1]).movedim(-1, dim)


def _scaled(x, factor):
    """x times a real factor, each part scaled on its own (a complex product by factor + 0j
    would turn an imaginary -0 into +0)."""
    if factor == 1.0:
        return x
    return torch.view_as_complex(torch.view_as_real(x) * factor) if x.is_complex() else x * factor


def _finish(result, name, out, conj=False):
    """The result shown with the grad_fn of ATen's kernel (then conjugated, as a view, where ATen
    conjugates a forward transform), or copied into out."""
    if result.grad_fn is not None:
        if out is not None:
            raise RuntimeError(f"_fft_{name[3:6].lower()}(): functions with out=... arguments don't support automatic "
                               "differentiation, but one of the arguments requires grad.")
        torch._C._nn._rename_grad_fn(result, name)
    if conj:
        result = result.conj()
    return result if out is None else out.resize_(result.shape).copy_(result)


def _check_out(fname, out, complex_out):
    if out is None:
        return
    if complex_out and not out.is_complex():
        raise RuntimeError(f"{fname} expects a complex output tensor, but got {_scalar_name(out.dtype)}")
    if not complex_out and not out.dtype.is_floating_point:
        raise RuntimeError(f"{fname} expects a floating point output tensor, but got {_scalar_name(out.dtype)}")


# ---- 1-D: ATen's fft_c2c / fft_r2c / fft_c2r --------------------------------------------------

def _one_dim_args(fname, n, dim):
    _check_int(fname, "n", n, True)
    _check_int(fname, "dim", dim, False)


def _fft_r2c(fname, input, n, dim, norm, forward, onesided, out):
    if input.is_complex():
        raise TypeError(f"{fname} expects a real input tensor, but got {_scalar_name(input.dtype)}")
    _check_out(fname, out, True)
    x = _promote(input, True)
    dim = _wrap(dim, x.dim())
    points = x.shape[dim] if n is None else n
    _check_points(points)
    x = _resize(x, [dim], [points])
    factor = _scale(norm, forward, points)
    # ATen computes the forward transform and conjugates it for the inverse (a conjugate view)
    result = _scaled(_c2c(x, [dim], False), factor).narrow(dim, 0, points // 2 + 1)
    if not onesided:  # the other half filled in by conjugate symmetry, exactly, as ATen does
        result = torch.cat([result, _mirrored(result.movedim(dim, -1), (points - 1) // 2).movedim(-1, dim)], dim)
    return _finish(result, "FftR2CBackward0", out, conj=not forward)


def _fft_c2c(fname, input, n, dim, norm, forward, out):
    _check_out(fname, out, True)
    dim = _wrap(dim, input.dim())
    points = input.shape[dim] if n is None else n
    _check_points(points)
    x = _resize(input, [dim], [points])
    factor = _scale(norm, forward, points)
    return _finish(_scaled(_c2c(x, [dim], not forward), factor), "FftC2CBackward0", out)


def _fft_c2r(fname, input, n, dim, norm, forward, out):
    _check_out(fname, out, False)
    x = _promote(input, True)
    dim = _wrap(dim, x.dim())
    points = 2 * (x.shape[dim] - 1) if n is None else n
    _check_points(points)
    x = _resize(x, [dim], [points // 2 + 1])
    factor = _scale(norm, forward, points)
    if forward:
        x = x.conj()
    return _finish(_scaled(_c2r(x, dim, points), factor), "FftC2RBackward0", out)


def fft(input, n=None, dim=-1, norm=None, *, out=None):
    """The 1-D discrete Fourier transform along dim (zero-padded or trimmed to n)."""
    _one_dim_args("fft", n, dim)
    if input.is_complex():
        return _fft_c2c("fft", input, n, dim, norm, True, out)
    return _fft_r2c("fft", input, n, dim, norm, True, False, out)


def ifft(input, n=None, dim=-1, norm=None, *, out=None):
    """The 1-D inverse discrete Fourier transform along dim."""
    _one_dim_args("ifft", n, dim)
    if input.is_complex():
        return _fft_c2c("ifft", input, n, dim, norm, False, out)
    return _fft_r2c("ifft", input, n, dim, norm, False, False, out)


def rfft(input, n=None, dim=-1, norm=None, *, out=None):
    """The 1-D transform of a real signal: its n // 2 + 1 non-negative frequencies."""
    _one_dim_args("rfft", n, dim)
    return _fft_r2c("rfft", input, n, dim, norm, True, True, out)


def irfft(input, n=None, dim=-1, norm=None, *, out=None):
    """rfft inverted: the real length-n signal (n = 2 (m - 1) by default) of a one-sided spectrum."""
    _one_dim_args("irfft", n, dim)
    return _fft_c2r("irfft", input, n, dim, norm, False, out)


def hfft(input, n=None, dim=-1, norm=None, *, out=None):
    """The real transform of a Hermitian-symmetric signal given by its first half."""
    _one_dim_args("hfft", n, dim)
    return _fft_c2r("hfft", input, n, dim, norm, True, out)


def ihfft(input, n=None, dim=-1, norm=None, *, out=None):
    """hfft inverted: the one-sided inverse transform of a real signal."""
    _one_dim_args("ihfft", n, dim)
    return _fft_r2c("ihfft", input, n, dim, norm, False, True, out)


# ---- n-D: ATen's canonicalize_fft_shape_and_dim_args and the *n functions --------------------

def _shape_and_dims(input, s, dim):
    ndim = input.dim()
    dims = None
    if dim is not None:
        dims = [_wrap(d, ndim) for d in dim]
        if len(set(dims)) != len(dims):
            raise RuntimeError("FFT dims must be unique")
    if s is not None:
        if dims is not None and len(dims) != len(s):
            raise RuntimeError("When given, dim and shape arguments must have the same length")
        if len(s) > ndim:
            raise RuntimeError(f"Got shape with {len(s)} values but input tensor only has {ndim} dimensions.")
        if dims is None:
            dims = list(range(ndim - len(s), ndim))
        shape = [input.shape[d] if size == -1 else size for d, size in zip(dims, s)]
    else:
        dims = list(range(ndim)) if dims is None else dims
        shape = [input.shape[d] for d in dims]
    for size in shape:
        _check_points(size)
    return shape, dims


def _c2r_shape_and_dims(fname, input, s, dim):
    """As above, plus the length of the real output along the last dim (its input is n // 2 + 1)."""
    shape, dims = _shape_and_dims(input, s, dim)
    if not shape:
        raise RuntimeError(f"{fname} must transform at least one axis")
    last = 2 * (input.shape[dims[-1]] - 1) if s is None or s[-1] == -1 else shape[-1]
    _check_points(last)
    return shape[:-1] + [last // 2 + 1], dims, last


def _fftn_c2c(fname, input, s, dim, norm, forward, out):
    shape, dims = _shape_and_dims(input, s, dim)
    _check_out(fname, out, True)
    x = _resize(_promote(input, True), dims, shape)
    factor = _scale(norm, forward, math.prod(shape))
    result = _c2c(x, dims, not forward) if dims else x.clone()  # no dims: still a new tensor
    return _finish(_scaled(result, factor), "FftC2CBackward0", out)


def fftn(input, s=None, dim=None, norm=None, *, out=None):
    """The n-D discrete Fourier transform over dim (all dims, or the last len(s))."""
    s, dim = _nd_args("fftn", s, dim)
    return _fftn_c2c("fftn", input, s, dim, norm, True, out)


def ifftn(input, s=None, dim=None, norm=None, *, out=None):
    """The n-D inverse discrete Fourier transform."""
    s, dim = _nd_args("ifftn", s, dim)
    return _fftn_c2c("ifftn", input, s, dim, norm, False, out)


def rfftn(input, s=None, dim=None, norm=None, *, out=None):
    """The n-D transform of a real signal, one-sided along the last transformed dim."""
    s, dim = _nd_args("rfftn", s, dim)
    if input.is_complex():
        raise TypeError(f"rfftn expects a real-valued input tensor, but got {_scalar_name(input.dtype)}")
    shape, dims = _shape_and_dims(input, s, dim)
    if not shape:
        raise RuntimeError("rfftn must transform at least one axis")
    _check_out("rfftn", out, True)
    x = _resize(_promote(input, True), dims, shape)
    factor = _scale(norm, True, math.prod(shape))
    result = _c2c(x, dims[-1:], False)
    result = _c2c(result.narrow(dims[-1], 0, shape[-1] // 2 + 1), dims[:-1], False)
    return _finish(_scaled(result, factor), "FftR2CBackward0", out)


def _c2rn(fname, input, s, dim, norm, forward, out):
    shape, dims, last = _c2r_shape_and_dims(fname, input, s, dim)
    _check_out(fname, out, False)
    x = _resize(_promote(input, True), dims, shape)
    factor = _scale(norm, forward, math.prod(shape[:-1]) * last)
    if forward:
        x = x.conj()
    result = _c2r(_c2c(x, dims[:-1], True), dims[-1], last)
    return _finish(_scaled(result, factor), "FftC2RBackward0", out)


def irfftn(input, s=None, dim=None, norm=None, *, out=None):
    """rfftn inverted: the real signal (last transformed dim 2 (m - 1) long by default)."""
    s, dim = _nd_args("irfftn", s, dim)
    return _c2rn("irfftn", input, s, dim, norm, False, out)


def hfftn(input, s=None, dim=None, norm=None, *, out=None):
    """The real n-D transform of a Hermitian-symmetric signal given by its one-sided half."""
    s, dim = _nd_args("hfftn", s, dim)
    return _c2rn("hfftn", input, s, dim, norm, True, out)


def ihfftn(input, s=None, dim=None, norm=None, *, out=None):
    """hfftn inverted: the one-sided n-D inverse transform of a real signal."""
    s, dim = _nd_args("ihfftn", s, dim)
    shape, dims = _shape_and_dims(input, s, dim)
    if not shape:
        raise RuntimeError("ihfftn must transform at least one axis")
    x = _resize(_promote(input, False), dims, shape)
    factor = _scale(norm, False, math.prod(shape))
    if x.is_complex():
        raise TypeError(f"Only supports floating-point dtypes, but found: {_scalar_name(x.dtype)}")
    # the conjugate of the one-sided forward transform (a conjugate view when only one dim is
    # transformed), which for a real signal is its inverse transform
    half = _c2c(_promote(x, True), dims[-1:], False).narrow(dims[-1], 0, shape[-1] // 2 + 1)
    if len(dims) == 1:
        return _finish(_scaled(half, factor), "FftR2CBackward0", out, conj=True)
    result = _c2c(half, dims[:-1], False).conj().resolve_conj()
    return _finish(_scaled(result, factor), "FftC2CBackward0", out)


def fft2(input, s=None, dim=(-2, -1), norm=None, *, out=None):
    """fftn over the last two dims."""
    return fftn(input, *_nd_args("fft2", s, dim), norm, out=out)


def ifft2(input, s=None, dim=(-2, -1), norm=None, *, out=None):
    """ifftn over the last two dims."""
    return ifftn(input, *_nd_args("ifft2", s, dim), norm, out=out)


def rfft2(input, s=None, dim=(-2, -1), norm=None, *, out=None):
    """rfftn over the last two dims."""
    return rfftn(input, *_nd_args("rfft2", s, dim), norm, out=out)


def irfft2(input, s=None, dim=(-2, -1), norm=None, *, out=None):
    """irfftn over the last two dims."""
    return irfftn(input, *_nd_args("irfft2", s, dim), norm, out=out)


def hfft2(input, s=None, dim=(-2, -1), norm=None, *, out=None):
    """hfftn over the last two dims."""
    return hfftn(input, *_nd_args("hfft2", s, dim), norm, out=out)


def ihfft2(input, s=None, dim=(-2, -1), norm=None, *, out=None):
    """ihfftn over the last two dims."""
    return ihfftn(input, *_nd_args("ihfft2", s, dim), norm, out=out)
