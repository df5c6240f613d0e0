"""torch functions PyTorch composes from other ops (ATen's composite kernels and
torch/functional.py), computed here in the same steps so the values agree to rounding and each
runs on every device with its parts' gradients: logspace, diagflat, trapezoid / trapz /
cumulative_trapezoid, cov / corrcoef, unravel_index, cholesky_solve / cholesky_inverse,
quantile / nanquantile, renorm, round(decimals=), norm_except_dim / _weight_norm (weight
normalization's g and w = v g / ||v||), the *_scatter forms of the views (a copy with the view
overwritten), index_put, and the *_copy forms of the view ops (the view, copied)."""
import itertools
import operator
import warnings

import torch


def logspace(start, end, steps, base=10.0, *, out=None, dtype=None, layout=None, device=None, pin_memory=False,
             requires_grad=False):
    """base ** linspace(start, end, steps), ATen's way: the exponents in double from start
    and end in the result dtype, the second half counted back from end."""
    dtype = dtype if dtype is not None else torch.get_default_dtype()
    if steps < 0:
        raise RuntimeError("number of steps must be non-negative")
    first = torch.tensor(float(start) if dtype.is_floating_point else int(start), dtype=dtype)
    last = torch.tensor(float(end) if dtype.is_floating_point else int(end), dtype=dtype)
    step = float(last - first) / (steps - 1) if steps > 1 else 0.0
    index = torch.arange(steps, dtype=torch.float64, device=device)
    halfway = steps // 2
    exponents = torch.where(index < halfway, index * step + float(first), float(last) - (steps - 1 - index) * step)
    result = (float(base) ** exponents).to(dtype)
    if out is not None:
        return out.resize_(result.shape).copy_(result)
    return result.requires_grad_(requires_grad)


def diagflat(input, offset=0):
    return torch.diag(input.reshape(-1), offset)


def _trapezoid_dx(y, dx, dim):
    return (y.sum(dim) - (y.select(dim, 0) + y.select(dim, -1)) * 0.5) * dx


def trapezoid(y, x=None, *, dx=None, dim=-1):
    """The trapezoid rule along dim: spacing dx (default 1) or the sample points x."""
    if y.shape[dim] == 0:
        shape = list(y.shape)
        del shape[dim]
        return torch.zeros(shape, dtype=y.dtype, device=y.device)
    if x is None or not isinstance(x, torch.Tensor):
        return _trapezoid_dx(y, x if x is not None else (dx if dx is not None else 1), dim)
    if x.dim() == 1:
        if x.shape[0] != y.shape[dim]:
            raise RuntimeError("trapezoid: There must be one `x` value for each sample point")
        shape = [1] * y.dim()
        shape[dim] = x.shape[0]
        x = x.view(shape)
    spacing = x.diff(dim=dim)
    return (spacing * (y.narrow(dim, 1, y.shape[dim] - 1) + y.narrow(dim, 0, y.shape[dim] - 1))).sum(dim) / 2.0


def trapz(y, x=None, *, dx=None, dim=-1):
    if isinstance(x, (int, float)):
        return trapezoid(y, dx=x, dim=dim)
    return trapezoid(y, x, dx=dx, dim=dim)


def cumulative_trapezoid(y, x=None, *, dx=None, dim=-1):
    """The running trapezoid rule along dim (one element fewer than y)."""
    left = y.narrow(dim, 0, max(y.shape[dim] - 1, 0))
    right = y.narrow(dim, 1, max(y.shape[dim] - 1, 0))
    if isinstance(x, torch.Tensor):
        if x.dim() == 1:
            shape = [1] * y.dim()
            shape[dim] = x.shape[0]
            x = x.view(shape)
        return (x.diff(dim=dim) / 2.0 * (right + left)).cumsum(dim)
    step = x if x is not None else (dx if dx is not None else 1)
    return ((right + left) * (step / 2.0)).cumsum(dim)


def cov(input, *, correction=1, fweights=None, aweights=None):
    """The covariance of the rows (variables) over the columns (observations), as ATen's cov."""
    if input.dim() > 2:
        raise RuntimeError(f"cov(): expected input to have two or fewer dimensions but got an input with "
                           f"{input.dim()} dimensions")
    if input.dtype == torch.bool:
        raise RuntimeError("cov(): bool dtype is not supported for input")
    x = input.view(1, -1) if input.dim() < 2 else input
    observations = x.shape[1]
    w = fweights
    if aweights is not None:
        w = aweights if w is None else w * aweights
    w_sum = w.sum() if w is not None else torch.tensor(observations, dtype=torch.int64, device=input.device)
    avg = (x * w if w is not None else x).sum(1) / w_sum
    if w is not None and correction != 0 and aweights is not None:
        norm_factor = w_sum - correction * (w * aweights).sum() / w_sum
    else:
        norm_factor = w_sum - correction
    if bool(norm_factor <= 0):
        warnings.warn("cov(): degrees of freedom is <= 0. Correction should be strictly less than the number of "
                      "observations. (Triggered internally at /__w/pytorch/pytorch/aten/src/ATen/native/Correlation.cpp:"
                      "129.)", UserWarning, stacklevel=2)
        norm_factor = torch.zeros_like(norm_factor)
    x = x - avg.unsqueeze(1)
    c = torch.mm(x, (x * w if w is not None else x).t())
    return torch.true_divide(c, norm_factor).squeeze()


def corrcoef(input):
    """Pearson's correlation coefficients of the rows, clipped to [-1, 1] as ATen does."""
    c = cov(input)
    if c.dim() == 0:
        return c / c
    stddev = torch.sqrt(c.diagonal())
    c = c / stddev.view(-1, 1)
    c = c / stddev.view(1, -1)
    return torch.clip(c, -1, 1)


def unravel_index(indices, shape):
    """The coordinates of flat indices in an array of `shape`, one tensor per dimension."""
    if isinstance(shape, int):
        shape = torch.Size([shape])
    elif isinstance(shape, (list, tuple)):
        if not all(isinstance(dim, int) for dim in shape):
            raise TypeError("expected 'shape' sequence to only contain ints")
        shape = torch.Size(shape)
    else:
        raise TypeError(f"expected 'shape' to be int or sequence of ints, but got {type(shape)}")
    if indices.is_floating_point() or indices.dtype == torch.bool:
        raise TypeError(f"expected 'indices' to be integer dtype, but got {indices.dtype}")
    if any(dim < 0 for dim in shape):
        raise ValueError(f"'shape' cannot have negative values, but got {tuple(shape)}")
    coefs = list(reversed(list(itertools.accumulate(reversed(list(shape[1:]) + [1]), func=operator.mul))))
    flat = indices.unsqueeze(-1).floor_divide(torch.tensor(coefs, device=indices.device, dtype=torch.int64))
    return (flat % torch.tensor(list(shape), device=indices.device, dtype=torch.int64)).unbind(-1)


def cholesky_solve(B, L, upper=False, *, out=None):
    """X with A X = B for A = L L^T (or U^T U when upper), by two triangular solves."""
    from torch import linalg
    if upper:
        y = linalg.solve_triangular(L.mT, B, upper=False)
        return linalg.solve_triangular(L, y, upper=True)
    y = linalg.solve_triangular(L, B, upper=False)
    return linalg.solve_triangular(L.mT, y, upper=True)


def cholesky_inverse(L, upper=False, *, out=None):
    eye = torch.eye(L.shape[-1], dtype=L.dtype, device=L.device).expand(L.shape)
    return cholesky_solve(eye, L, upper)


def _quantile(name, input, q, dim, keepdim, interpolation, ignore_nan):
    """ATen's quantile_compute: sort (NaN last), ranks q * (n - 1) (of the non-NaN values for
    nanquantile; the last index where a NaN makes quantile NaN), then the interpolation."""
    if input.numel() == 0:
        raise RuntimeError(f"{name}() input tensor must be non-empty")
    if input.dtype not in (torch.float32, torch.float64):
        raise RuntimeError(f"{name}() input tensor must be either float or double dtype")
    scalar_q = not isinstance(q, torch.Tensor)
    q = torch.tensor(float(q), dtype=input.dtype, device=input.device) if scalar_q else q
    if q.dim() > 1:
        raise RuntimeError(f"{name}() q must be a scalar or 1D tensor")
    if q.dtype != input.dtype:
        raise RuntimeError(f"{name}() q tensor must be same dtype as the input tensor")
    if interpolation not in ("linear", "lower", "higher", "midpoint", "nearest"):
        raise RuntimeError(f"{name}() interpolation must be one of linear, lower, higher, midpoint or nearest, "
                           f"but got {interpolation}")
    if scalar_q:
        if not 0 <= float(q) <= 1:
            raise RuntimeError(f"{name}() q must be in the range [0, 1] but got {float(q)}")
    elif not bool(((q >= 0) & (q <= 1)).all()):
        raise RuntimeError(f"{name}() q values must be in the range [0, 1]")
    out_shape = []
    if dim is not None and input.dim() > 0:
        out_shape = list(input.shape)
        dim = dim % input.dim()
        if keepdim:
            out_shape[dim] = 1
        else:
            del out_shape[dim]
    elif keepdim:
        out_shape = [1] * input.dim()
    if q.dim() > 0:
        out_shape.insert(0, q.numel())
    if dim is None:
        ordered = input.flatten().sort()[0]
    elif dim % max(input.dim(), 1) == input.dim() - 1:
        ordered = input.sort()[0]
    else:
        ordered = input.unsqueeze(-1).transpose(dim, -1).sort()[0]
    in_shape = ([1] if not out_shape else list(out_shape[1:]) + [0]) if q.dim() > 0 else list(out_shape) + [0]
    in_shape[-1] = ordered.shape[-1]
    ordered = ordered.reshape(in_shape)
    last_index = ordered.shape[-1] - 1
    q = q.reshape(-1) if q.dim() > 0 else q.reshape(1)
    if ignore_nan:
        ranks = q * (ordered.isnan().logical_not_().sum(-1, True) - 1)
        ranks = ranks.masked_fill(ranks < 0, 0)
    else:
        scaled, nan_rows = torch.broadcast_tensors(q * last_index, ordered.isnan().any(-1, True))
        ranks = scaled.masked_fill(nan_rows, last_index)
    if interpolation == "lower":
        ranks = ranks.floor()
    elif interpolation == "higher":
        ranks = ranks.ceil()
    elif interpolation == "nearest":
        ranks = ranks.round()
    below = ranks.long()
    values = ordered.gather(-1, below)
    if interpolation in ("linear", "midpoint"):
        weights = torch.full_like(ranks, 0.5) if interpolation == "midpoint" else ranks - below
        values = values.lerp(ordered.gather(-1, ranks.ceil().long()), weights)
    if scalar_q or q.dim() == 0:
        return values.squeeze(-1).reshape(out_shape)
    return values.unsqueeze(0).transpose(0, -1).squeeze(-1).reshape(out_shape)


def quantile(input, q, dim=None, keepdim=False, *, interpolation="linear", out=None):
    return _quantile("quantile", input, q, dim, keepdim, interpolation, False)


def nanquantile(input, q, dim=None, keepdim=False, *, interpolation="linear", out=None):
    return _quantile("nanquantile", input, q, dim, keepdim, interpolation, True)


def renorm(input, p, dim, maxnorm):
    """Each slice along dim scaled down to p-norm maxnorm where its norm is above it."""
    dims = [d for d in range(input.dim()) if d != dim % input.dim()]
    norm = torch.linalg.vector_norm(input, p, dims, keepdim=True)
    factor = torch.where(norm > maxnorm, maxnorm / (norm + 1e-7), torch.ones_like(norm))
    return input * factor


def _scatter_into(input, src, view):
    """input with view(input) replaced by src: the view's positions taken from a flat arange,
    then one out-of-place scatter, so gradients reach input (outside the view) and src."""
    positions = view(torch.arange(input.numel(), device=input.device).view(input.shape))
    if positions.shape != src.shape:
        raise RuntimeError(f"expected src to have a size equal to the slice of self. src size = {list(src.shape)}, "
                           f"slice size = {list(positions.shape)}")
    return input.reshape(-1).scatter(0, positions.reshape(-1), src.reshape(-1)).view(input.shape)


def select_scatter(input, src, dim, index):
    return _scatter_into(input, src, lambda out: out.select(dim, index))


def slice_scatter(input, src, dim=0, start=None, end=None, step=1):
    return _scatter_into(input, src, lambda out: out[(slice(None),) * (dim % input.dim()) + (slice(start, end, step),)])


def diagonal_scatter(input, src, offset=0, dim1=0, dim2=1):
    return _scatter_into(input, src, lambda out: out.diagonal(offset, dim1, dim2))


def as_strided_scatter(input, src, size, stride, storage_offset=None):
    return _scatter_into(input, src, lambda out: out.as_strided(size, stride, storage_offset or 0))


def index_put_(self, indices, values, accumulate=False):
    """x[indices] = values, or added into x (repeated indices add up) with accumulate=True."""
    indices = tuple(indices)
    if not accumulate:
        self[indices] = values
        return self
    indices = [i.nonzero().unbind(1) if i.dtype == torch.bool else (i,) for i in indices]
    indices = torch.broadcast_tensors(*[j for group in indices for j in group])
    k = len(indices)
    rest = list(self.shape[k:])
    linear = torch.zeros_like(indices[0])
    for i, size in zip(indices, self.shape[:k]):
        linear = linear * size + torch.where(i < 0, i + size, i)
    rows = self.reshape(-1, *rest)
    summed = rows.index_add(0, linear.reshape(-1), values.expand(*indices[0].shape, *rest).reshape(-1, *rest))
    return self.copy_(summed.view(self.shape))


def index_put(input, indices, values, accumulate=False):
    return index_put_(input.clone(), indices, values, accumulate)


_rounded = _rounded_inplace = None  # the unary table's round and round_ (_install keeps them)


def round(input, *, decimals=None, out=None):
    """round(input, decimals=d): to d decimal places as ATen's round_decimals kernel rounds, the
    scaling by 10**|d| in the input's dtype; without decimals the unary table's round."""
    if decimals is None:
        return _rounded(input) if out is None else _rounded(input, out=out)
    if not input.is_floating_point():
        from torch._legacy_tensors import _DTYPES
        kernel = "round_vml_cpu" if decimals == 0 else "round_cpu"
        name = next(k for k, v in _DTYPES.items() if v == input.dtype)
        raise NotImplementedError(f"\"{kernel}\" not implemented for '{name}'")
    ten = float(10 ** abs(decimals))
    if decimals == 0:
        result = _rounded(input)
    elif decimals > 0:
        result = (input * ten).round() / ten
    else:
        result = (input / ten).round() * ten
    return result if out is None else out.resize_(result.shape).copy_(result)


def _round_method(self, *, decimals=None):
    return round(self, decimals=decimals)


def _round_inplace(self, *, decimals=None):
    return _rounded_inplace(self) if decimals is None else self.copy_(round(self, decimals=decimals))


def nonzero_static(input, *, size, fill_value=-1):
    """nonzero(input), cut or padded with fill_value to exactly `size` rows."""
    found = torch.nonzero(input)
    if found.shape[0] >= size:
        return found[:size]
    padding = torch.full((size - found.shape[0], input.dim()), fill_value, dtype=torch.int64, device=input.device)
    return torch.cat([found, padding])


def constant_pad_nd(input, pad, value=0):
    from torch.nn.functional import pad as padded
    return padded(input, pad, "constant", value)


def empty_strided(size, stride, *, dtype=None, layout=None, device=None, requires_grad=False, pin_memory=False):
    """An uninitialised tensor with these strides, over the storage they need."""
    needed = 0 if any(s == 0 for s in size) else 1 + sum((s - 1) * st for s, st in zip(size, stride))
    storage = torch.empty(needed, dtype=dtype, device=device)
    return storage.as_strided(tuple(size), tuple(stride)).requires_grad_(requires_grad)


def _new_empty_strided(self, size, stride, *, dtype=None, layout=None, device=None, requires_grad=False,
                       pin_memory=False):
    return empty_strided(size, stride, dtype=dtype or self.dtype, device=device or self.device,
                         requires_grad=requires_grad)


def empty_permuted(size, physical_layout, *, dtype=None, layout=None, device=None, requires_grad=False,
                   pin_memory=False):
    """An uninitialised tensor of `size` whose memory runs in the order physical_layout names."""
    physical = torch.empty([size[d] for d in physical_layout], dtype=dtype, device=device)
    inverse = [0] * len(physical_layout)
    for position, d in enumerate(physical_layout):
        inverse[d] = position
    return physical.permute(inverse).requires_grad_(requires_grad)


def randint_like(input, low_or_high, high=None, *, dtype=None, layout=None, device=None, requires_grad=False,
                 memory_format=None):
    low, high = (0, low_or_high) if high is None else (low_or_high, high)
    return torch.randint(low, high, input.shape, dtype=dtype or input.dtype, device=device or input.device,
                         requires_grad=requires_grad)


def _copied(view):
    """VIEW_copy: the view, as a new contiguous tensor."""
    def copy(input, *args, **kwargs):
        result = getattr(torch.Tensor, view)(input, *args, **kwargs)
        if isinstance(result, (tuple, list)):
            return type(result)(t.clone().contiguous() for t in result)
        return result.clone().contiguous()
    copy.__name__ = copy.__qualname__ = view + "_copy"
    return copy


def alias_copy(input):
    return input.clone()


_VIEWS = ("expand", "diagonal", "as_strided", "view", "permute", "unbind", "unfold", "squeeze", "unsqueeze",
          "transpose", "t", "split_with_sizes")


def norm_except_dim(v, pow=2, dim=0):
    """The pow-norm of v over every dim but `dim` (all of them for dim=-1), kept as size-1 dims."""
    if dim == -1:
        return v.norm(pow)
    if dim == 0:
        return v.contiguous().view(v.size(0), -1).norm(pow, 1).view([v.size(0)] + [1] * (v.dim() - 1))
    if dim == v.dim() - 1:
        return v.contiguous().view(-1, v.size(-1)).norm(pow, 0).view([1] * (v.dim() - 1) + [v.size(-1)])
    return norm_except_dim(v.transpose(0, dim), pow, 0).transpose(0, dim)


def _weight_norm(v, g, dim=0):
    """Weight normalization's weight: v scaled to the norms g (over every dim but `dim`)."""
    return v * (g / norm_except_dim(v, 2, dim))


def _install():
    for fn in (logspace, diagflat, trapezoid, trapz, cumulative_trapezoid, cov, corrcoef, unravel_index,
               cholesky_solve, cholesky_inverse, quantile, nanquantile, renorm, select_scatter, slice_scatter,
               diagonal_scatter, as_strided_scatter, index_put, nonzero_static, constant_pad_nd, empty_strided,
               empty_permuted, randint_like, norm_except_dim, _weight_norm):
        setattr(torch, fn.__name__, fn)
    torch.Tensor.nonzero_static = nonzero_static
    torch.Tensor.new_empty_strided = _new_empty_strided
    for fn in (diagflat, cov, corrcoef, cholesky_solve, cholesky_inverse, quantile, nanquantile, renorm,
               select_scatter, slice_scatter, diagonal_scatter, as_strided_scatter, index_put, index_put_):
        setattr(torch.Tensor, fn.__name__, fn)
    for view in _VIEWS:
        setattr(torch, view + "_copy", _copied(view))
    torch.alias_copy = alias_copy
    global _rounded, _rounded_inplace
    _rounded, _rounded_inplace = torch.round, torch.Tensor.round_
    torch.round = round
    torch.Tensor.round = _round_method
    torch.Tensor.round_ = _round_inplace
