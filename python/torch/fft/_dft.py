"""The unnormalized 1-D discrete Fourier transform along a complex tensor's last dim, composed from
tensor ops (reshape, matmul, multiply), so it runs on every device and autograd differentiates it.
Mixed-radix Cooley-Tukey: n = n1 * n2 splits into n2 DFTs of size n1 (a matmul by the n1 x n1 DFT
matrix), a twiddle multiply and n1 DFTs of size n2 (recursively). A prime factor up to _DIRECT_MAX
is a direct DFT matrix; a larger one goes through Bluestein's chirp-z (a convolution done with
power-of-two FFTs). Twiddles and DFT matrices are computed in float64, exact at the quarter turns
and conjugate-symmetric as pocketfft's are, and cached on the CPU (_transforms calls this in
complex128 and rounds once)."""
import functools
import math

import torch

_RADIX_MAX = 16     # the largest factor n1 split off per Cooley-Tukey step (a matmul by n1 x n1)
_DIRECT_MAX = 128   # a size with no factor <= _RADIX_MAX but at most this: one direct DFT matrix


def _unit_roots(r, n, inverse):
    """exp(+-2 pi i r / n) for an int64 tensor r, in complex128. r is reduced to [0, n/2] first so
    w^r and w^(n-r) are exact conjugates, and the quarter turns are exact (0, +-1), as pocketfft's
    tables are: the transform of a real or symmetric signal then has exact zeros where it should."""
    r = r % n
    upper = 2 * r > n
    m = torch.where(upper, n - r, r)
    angle = m.to(torch.float64) * (2.0 * math.pi / n)
    cos = torch.where(4 * m == n, 0.0, torch.cos(angle))
    sin = torch.where(2 * m == n, 0.0, torch.sin(angle))
    sin = torch.where(upper == inverse, -sin, sin)
    return torch.complex(cos, torch.where(m == 0, 0.0, sin))


@functools.lru_cache(maxsize=256)
def _roots(rows, cols, n, inverse, dtype):
    """w^(j k) for j < rows, k < cols (w = exp(-+2 pi i / n)), on the CPU, in dtype."""
    jk = torch.arange(rows).unsqueeze(1) * torch.arange(cols)
    return _unit_roots(jk, n, inverse).to(dtype)


def _on(table, x):
    return table.to(x.device)


def _radix(n):
    """The largest divisor of n that is at most _RADIX_MAX (1 when n has none but 1)."""
    for r in range(min(n, _RADIX_MAX), 1, -1):
        if n % r == 0:
            return r
    return 1


def dft(x, inverse):
    """sum_j x[..., j] exp(-+2 pi i j k / n) for every k (the sign + when inverse), unnormalized."""
    n = x.shape[-1]
    if n == 1:
        return x.clone()
    n1 = _radix(n)
    if n1 == n or (n1 == 1 and n <= _DIRECT_MAX):
        return x @ _on(_roots(n, n, n, inverse, x.dtype), x)
    if n1 == 1:
        return _bluestein(x, inverse)
    n2 = n // n1
    batch = x.shape[:-1]
    # input index j = n2 j1 + j2, output index k = k1 + n1 k2
    y = x.reshape(*batch, n1, n2).transpose(-1, -2) @ _on(_roots(n1, n1, n1, inverse, x.dtype), x)  # [j2, k1]
    y = y * _on(_roots(n2, n1, n, inverse, x.dtype), x)                                             # twiddles w^(j2 k1)
    y = dft(y.transpose(-1, -2), inverse)                                                            # [k1, k2]
    return y.transpose(-1, -2).reshape(*batch, n)


@functools.lru_cache(maxsize=64)
def _chirp(n, inverse, dtype):
    """exp(-+pi i j^2 / n) for j < n (roots of unity of order 2n), and the length-m convolution
    kernel of its conjugate (conj(c[|j|]) at j and m - j), on the CPU."""
    j = torch.arange(n)
    c = _unit_roots(j * j, 2 * n, inverse)
    m = 1 << (2 * n - 2).bit_length()
    kernel = torch.zeros(m, dtype=torch.complex128)
    kernel[:n] = c.conj()
    kernel[m - n + 1:] = c[1:].flip(0).conj()
    return c.to(dtype), kernel.to(dtype)


def _bluestein(x, inverse):
    """A size n with no small factor as a convolution: X[k] = c[k] sum_j (x[j] c[j]) conj(c[k - j]),
    c the chirp, the convolution done by power-of-two DFTs of length m >= 2n - 1."""
    n = x.shape[-1]
    c, kernel = (_on(t, x) for t in _chirp(n, inverse, x.dtype))
    m = kernel.shape[0]
    a = torch.nn.functional.pad(x * c, (0, m - n))
    conv = dft(dft(a, False) * dft(kernel, False), True) * (1.0 / m)
    return conv[..., :n] * c
