"""The torch functions that mirror numpy's frexp, gradient and histogramdd, composed from tensor
ops so they run on every device: frexp by the exponent of log2 corrected by one step (exact:
scaling by a power of two does not round), gradient by numpy's second-order central differences
(uniform or coordinate spacing) and first- or second-order edges, histogramdd by each sample's
bin index along every dimension and one bincount over the flattened indices."""
import numbers

import torch
from torch import return_types


def frexp(input, *, out=None):
    """frexp(input) -> (mantissa, exponent): input = mantissa * 2 ** exponent, 0.5 <= |mantissa| < 1."""
    if not input.dtype.is_floating_point:
        raise RuntimeError("torch.frexp() only supports floating-point dtypes")
    wide = input.to(torch.float64)
    regular = torch.isfinite(wide) & (wide != 0)
    magnitude = torch.where(regular, wide.abs(), torch.ones_like(wide))
    exponent = torch.floor(torch.log2(magnitude)) + 1
    mantissa = torch.ldexp(magnitude, -exponent)
    too_big, too_small = mantissa >= 1, mantissa < 0.5
    exponent = exponent + too_big.to(exponent.dtype) - too_small.to(exponent.dtype)
    mantissa = torch.ldexp(magnitude, -exponent)
    mantissa = torch.where(regular, torch.copysign(mantissa, wide), wide).to(input.dtype)
    exponent = torch.where(regular, exponent, torch.zeros_like(exponent)).to(torch.int32)
    if out is not None:
        out[0].resize_(mantissa.shape).copy_(mantissa)
        out[1].resize_(exponent.shape).copy_(exponent)
        return return_types.frexp(tuple(out))
    return return_types.frexp((mantissa, exponent))


def _frexp_method(self):
    return frexp(self)


# ---- gradient ----

def _gradient_dims(input, dim):
    if dim is None:
        return list(range(input.dim()))
    dims = [dim] if isinstance(dim, int) else list(dim)
    return [d % input.dim() if input.dim() else d for d in dims]


def _along(t, dim, start, stop):
    return t.narrow(dim, start, stop - start)


def _uniform(input, dim, h, edge_order):
    n = input.size(dim)
    interior = (_along(input, dim, 2, n) - _along(input, dim, 0, n - 2)) / (2 * h)
    first, second, third = (_along(input, dim, i, i + 1) for i in range(3)) if edge_order == 2 else (None,) * 3
    if edge_order == 1:
        front = (_along(input, dim, 1, 2) - _along(input, dim, 0, 1)) / h
        back = (_along(input, dim, n - 1, n) - _along(input, dim, n - 2, n - 1)) / h
    else:
        front = (-1.5 * first + 2 * second - 0.5 * third) / h
        last, before, before2 = (_along(input, dim, n - 1 - i, n - i) for i in range(3))
        back = (0.5 * before2 - 2 * before + 1.5 * last) / h
    return torch.cat([front, interior, back], dim)


def _shaped(coordinates, input, dim):
    shape = [1] * input.dim()
    shape[dim] = -1
    return coordinates.reshape(shape)


def _coordinate(input, dim, x, edge_order):
    """numpy's non-uniform formulas, x the coordinates along dim."""
    n = input.size(dim)
    dx = _shaped(x[1:] - x[:-1], input, dim)
    hs, hd = _along(dx, dim, 0, n - 2), _along(dx, dim, 1, n - 1)
    f_before, f_at, f_after = (_along(input, dim, i, n - 2 + i) for i in range(3))
    interior = (hs * hs * f_after + (hd * hd - hs * hs) * f_at - hd * hd * f_before) / (hs * hd * (hd + hs))
    f = [_along(input, dim, i, i + 1) for i in range(3)]
    g = [_along(input, dim, n - 1 - i, n - i) for i in range(3)]
    d = [_along(dx, dim, i, i + 1) for i in range(2)]
    e = [_along(dx, dim, n - 2 - i, n - 1 - i) for i in range(2)]
    if edge_order == 1:
        front, back = (f[1] - f[0]) / d[0], (g[0] - g[1]) / e[0]
    else:
        a, b = d[0], d[1]
        front = (-(2 * a + b) / (a * (a + b)) * f[0] + (a + b) / (a * b) * f[1] - a / (b * (a + b)) * f[2])
        a, b = e[1], e[0]
        back = (b / (a * (a + b)) * g[2] - (a + b) / (a * b) * g[1] + (2 * b + a) / (b * (a + b)) * g[0])
    return torch.cat([front, interior, back], dim)


def gradient(input, *, spacing=1, dim=None, edge_order=1):
    """gradient(input, *, spacing=1, dim=None, edge_order=1) -> tuple of Tensors: the derivative
    along each dim by central differences, as numpy.gradient."""
    if edge_order not in (1, 2):
        raise RuntimeError("torch.gradient only supports edge_order=1 and edge_order=2.")
    dims = _gradient_dims(input, dim)
    for d in dims:
        if input.size(d) < edge_order + 1:
            raise RuntimeError("torch.gradient expected each dimension size to be at least edge_order+1")
    if spacing is None:
        spacing = 1
    if isinstance(spacing, (numbers.Number, torch.Tensor)) and not (isinstance(spacing, torch.Tensor)
                                                                     and spacing.dim() == 1 and len(dims) == 1):
        spacings = [spacing.item() if isinstance(spacing, torch.Tensor) else spacing] * len(dims)
    else:
        spacings = list(spacing) if not isinstance(spacing, torch.Tensor) else [spacing]
        if len(spacings) != len(dims):
            raise RuntimeError(f"torch.gradient expected spacing to be unspecified, a scalar or it's spacing and "
                               f"dim arguments to have the same length, but got a spacing argument of length "
                               f"{len(spacings)} and a dim argument of length {len(dims)}.")
    results = []
    for d, h in zip(dims, spacings):
        if isinstance(h, torch.Tensor) and h.dim() == 1:
            results.append(_coordinate(input, d, h, edge_order))
        else:
            results.append(_uniform(input, d, h.item() if isinstance(h, torch.Tensor) else h, edge_order))
    return tuple(results)


# ---- histogramdd ----

def _edges_for(samples, bins, range_, dims):
    """Each dimension's bin edges: the tensors given, or `count` equal bins over range or the data."""
    if isinstance(bins, (list, tuple)) and bins and isinstance(bins[0], torch.Tensor):
        return [b.to(samples.dtype) for b in bins]
    counts = [bins] * dims if isinstance(bins, int) else list(bins)
    edges = []
    for d in range(dims):
        if range_ is not None:
            low, high = float(range_[2 * d]), float(range_[2 * d + 1])
        elif samples.size(0):
            low, high = samples[:, d].min().item(), samples[:, d].max().item()
        else:
            low, high = 0.0, 0.0
        if low == high:
            low, high = low - 0.5, high + 0.5  # numpy's widening of an empty range
        edges.append(torch.linspace(low, high, counts[d] + 1, dtype=samples.dtype, device=samples.device))
    return edges


def histogramdd(input, bins=10, *, range=None, weight=None, density=False, out=None):
    """histogramdd(input, bins, *, range=None, weight=None, density=False) -> (hist, bin_edges):
    the histogram of the rows of input (..., D) over D dimensions."""
    if not input.dtype.is_floating_point:
        raise RuntimeError(f"torch.histogramdd: input tensor and bins tensors should have the same dtype, but got "
                           f"input {input.dtype} and bins {input.dtype}")
    dims = input.size(-1)
    samples = input.reshape(-1, dims)
    edges = _edges_for(samples, bins, range, dims)
    counts = [e.numel() - 1 for e in edges]
    inside = torch.ones(samples.size(0), dtype=torch.bool, device=input.device)
    flat = torch.zeros(samples.size(0), dtype=torch.int64, device=input.device)
    for d, e in enumerate(edges):
        column = samples[:, d]
        inside = inside & (column >= e[0]) & (column <= e[-1])
        index = torch.searchsorted(e, column.contiguous(), right=True) - 1
        index = index.clamp(0, counts[d] - 1)  # the last edge belongs to the last bin
        flat = flat * counts[d] + index
    w = weight.reshape(-1).to(input.dtype) if weight is not None else torch.ones_like(samples[:, 0])
    w = torch.where(inside, w, torch.zeros_like(w))
    total = 1
    for c in counts:
        total *= c
    hist = torch.zeros(total, dtype=input.dtype, device=input.device).index_add_(0, flat, w).reshape(counts)
    if density:
        volume = torch.ones_like(hist)
        for d, e in enumerate(edges):
            shape = [1] * dims
            shape[d] = -1
            volume = volume * (e[1:] - e[:-1]).reshape(shape)
        hist = hist / hist.sum() / volume
    return return_types.histogramdd((hist, tuple(edges)))


def _install():
    for fn in (frexp, gradient, histogramdd):
        setattr(torch, fn.__name__, fn)
    torch.Tensor.frexp = _frexp_method
