"""torch.masked's reductions and normalizations over strided tensors with a boolean mask
(torch/masked/_ops.py in PyTorch, which is Python too): masked-out elements are replaced by the
operation's identity (0 for sum, 1 for prod, -inf for amax, ...) and the plain op runs on the
result, so values, dtypes and gradients are those of the ops it names. MaskedTensor and sparse
layouts are not part of tensorplay."""
import torch

__all__ = ["amax", "amin", "argmax", "argmin", "cumprod", "cumsum", "log_softmax", "logaddexp", "logsumexp", "mean",
           "median", "norm", "normalize", "prod", "softmax", "softmin", "std", "sum", "var"]

_SMALL_INTS = (torch.uint8, torch.bool, torch.int8, torch.int16, torch.int32)  # reduced as int64, as PyTorch's sum/prod


def _identity(op, input, ord=None):
    """The value a masked-out element takes for op (None: the op needs none)."""
    dtype, device = input.dtype, input.device
    if op in ("sum", "cumsum"):
        return torch.tensor(0, dtype=dtype, device=device)
    if op in ("prod", "cumprod"):
        return torch.tensor(1, dtype=dtype, device=device)
    if op in ("amax", "argmax", "logaddexp", "logsumexp", "amin", "argmin"):
        low = op not in ("amin", "argmin")
        if input.is_floating_point():
            return torch.tensor(-torch.inf if low else torch.inf, dtype=dtype, device=device)
        info = torch.iinfo(dtype)
        return torch.tensor(info.min if low else info.max, dtype=dtype, device=device)
    if op == "norm":
        return torch.tensor(torch.inf if ord == float("-inf") else 0, dtype=dtype, device=device)
    if op == "median":
        return torch.tensor(torch.nan, dtype=dtype if input.is_floating_point() else torch.float32, device=device)
    raise NotImplementedError(f"identity of {op} on {dtype} input")


def _dims(dim, ndim):
    """PyTorch's _canonical_dim: a sorted tuple of dims (all for None or ())."""
    if dim is None or dim == ():
        return tuple(range(ndim))
    ndim = max(ndim, 1)
    dims = []
    for d in (dim,) if isinstance(dim, int) else dim:
        if d in dims:
            raise RuntimeError(f"dim={d} appears multiple times in the list of dims")
        if d >= ndim or d < -ndim:
            raise IndexError(f"Dimension out of range (expected to be in range of [{-ndim}, {ndim - 1}], but got {d})")
        dims.append(d % ndim)
    return tuple(sorted(dims))


def _mask_of(input, mask):
    if mask.shape != input.shape:
        if mask.dim() > input.dim():
            raise IndexError("_input_mask expected broadcastable mask (got mask dimensionality higher than of the "
                             "input)")
        mask = torch.broadcast_to(mask.clone(), input.shape)
    return mask.to(dtype=torch.bool)


def _filled(op, input, mask, ord=None):
    """input with the masked-out elements replaced by op's identity."""
    if mask is None:
        return input
    return torch.where(_mask_of(input, mask), input, _identity(op, input, ord))


def _int64_for_small(input, dtype):
    if dtype is not None:
        return dtype
    return torch.int64 if input.dtype in _SMALL_INTS else input.dtype


def sum(input, dim=None, *, keepdim=False, dtype=None, mask=None):
    dtype = _int64_for_small(input, dtype)
    return torch.sum(_filled("sum", input, mask), _dims(dim, input.dim()), bool(keepdim), dtype=dtype)


def prod(input, dim=None, *, keepdim=False, dtype=None, mask=None):
    result = _filled("prod", input, mask).to(dtype=_int64_for_small(input, dtype))
    for d in reversed(_dims(dim, input.dim())):
        result = result.prod(dim=d, keepdim=bool(keepdim))
    return result


def cumsum(input, dim, *, dtype=None, mask=None):
    dtype = input.dtype if dtype is None else dtype
    return torch.cumsum(_filled("sum", input, mask), _dims(dim, input.dim())[0], dtype=dtype).to(dtype=dtype)


def cumprod(input, dim, *, dtype=None, mask=None):
    dtype = input.dtype if dtype is None else dtype
    return torch.cumprod(_filled("prod", input, mask), _dims(dim, input.dim())[0], dtype=dtype).to(dtype=dtype)


def amax(input, dim=None, *, keepdim=False, dtype=None, mask=None):
    dtype = input.dtype if dtype is None else dtype
    return torch.amax(_filled("amax", input, mask), _dims(dim, input.dim()), bool(keepdim)).to(dtype=dtype)


def amin(input, dim=None, *, keepdim=False, dtype=None, mask=None):
    dtype = input.dtype if dtype is None else dtype
    return torch.amin(_filled("amin", input, mask), _dims(dim, input.dim()), bool(keepdim)).to(dtype=dtype)


def argmax(input, dim=None, *, keepdim=False, dtype=None, mask=None):
    dtype = input.dtype if dtype is None else dtype
    return torch.argmax(_filled("argmax", input, mask), dim, bool(keepdim)).to(dtype=dtype)


def argmin(input, dim=None, *, keepdim=False, dtype=None, mask=None):
    dtype = input.dtype if dtype is None else dtype
    return torch.argmin(_filled("argmin", input, mask), dim, bool(keepdim)).to(dtype=dtype)


def mean(input, dim=None, *, keepdim=False, dtype=None, mask=None):
    source = "Optional" if dtype is not None else "Input"
    dtype = input.dtype if dtype is None else dtype
    if not dtype.is_floating_point:
        raise ValueError(f"mean(): Could not infer output dtype. {source} dtype must be either a floating point or "
                         f"complex dtype. Got: {dtype}")
    if mask is None:
        count = sum(torch.ones(input.shape, dtype=torch.int64, device=input.device), dim, keepdim=keepdim)
        total = sum(input, dim, keepdim=keepdim, dtype=dtype)
    else:
        inmask = _mask_of(input, mask)
        count = inmask.sum(dim=_dims(dim, input.dim()), keepdim=bool(keepdim))
        total = sum(input, dim, keepdim=keepdim, dtype=dtype, mask=inmask)
    return total / count


def median(input, dim=-1, *, keepdim=False, dtype=None, mask=None):
    dtype = input.dtype if dtype is None else dtype
    is_float = input.is_floating_point()
    if not is_float:
        input = input.to(dtype=torch.float32)
    output = torch.nanmedian(_filled("median", input, mask), _dims(dim, input.dim())[0], keepdim).values
    if is_float:
        return output
    if not torch.isnan(output).any():
        return output.to(dtype=dtype)
    raise ValueError("masked median expects no fully masked out rows if dtype is not floating point")


def logsumexp(input, dim=None, *, keepdim=False, dtype=None, mask=None):
    dtype = input.dtype if dtype is None else dtype
    return torch.logsumexp(_filled("logsumexp", input, mask), _dims(dim, input.dim()), keepdim=keepdim).to(dtype=dtype)


def logaddexp(input, other, *, dtype=None, input_mask=None, other_mask=None):
    dtype = input.dtype if dtype is None else dtype
    return torch.logaddexp(_filled("logaddexp", input, input_mask), _filled("logaddexp", other, other_mask)).to(
        dtype=dtype)


def norm(input, ord=2.0, dim=None, *, keepdim=False, dtype=None, mask=None):
    dtype = input.dtype if dtype is None else dtype
    return torch.linalg.vector_norm(_filled("norm", input, mask, ord), ord, _dims(dim, input.dim()), bool(keepdim),
                                    dtype=dtype)


def _std_var(input, dim, unbiased, correction, keepdim, dtype, mask, take_sqrt):
    if unbiased is not None and correction is not None:
        raise AssertionError("Only one of unbiased and correction may be given")
    correction = float(correction) if correction is not None else (1.0 if unbiased is None or unbiased else 0.0)
    if dtype is None:
        dtype = input.dtype if input.is_floating_point() else torch.float32
    compute_dtype = dtype if dtype.is_floating_point else torch.float32
    if mask is None:
        count = sum(torch.ones(input.shape, dtype=torch.int64, device=input.device), dim, keepdim=True)
        sample_total = sum(input, dim, keepdim=True, dtype=dtype)
    else:
        inmask = _mask_of(input, mask)
        count = inmask.sum(dim=_dims(dim, input.dim()), keepdim=True)
        sample_total = sum(input, dim, keepdim=True, dtype=dtype, mask=inmask)
    x = torch.subtract(input, torch.divide(sample_total, count))
    total = sum(x * x, dim, keepdim=keepdim, dtype=compute_dtype, mask=None if mask is None else inmask)
    if not keepdim:
        count = count.reshape(total.shape)
    if correction != 0:
        count = torch.subtract(count.to(compute_dtype), correction)
        count = torch.maximum(count, count.new_zeros([]))
    output = torch.divide(total, count).to(dtype=dtype)
    return torch.sqrt(output) if take_sqrt else output


def var(input, dim=None, unbiased=None, *, correction=None, keepdim=False, dtype=None, mask=None):
    return _std_var(input, dim, unbiased, correction, keepdim, dtype, mask, False)


def std(input, dim=None, unbiased=None, *, correction=None, keepdim=False, dtype=None, mask=None):
    return _std_var(input, dim, unbiased, correction, keepdim, dtype, mask, True)


def softmax(input, dim, *, dtype=None, mask=None):
    dtype = input.dtype if dtype is None else dtype
    return torch.nn.functional.softmax(_filled("amax", input, mask), _dims(dim, input.dim())[0], dtype=dtype)


def log_softmax(input, dim, *, dtype=None, mask=None):
    dtype = input.dtype if dtype is None else dtype
    return torch.nn.functional.log_softmax(_filled("amax", input, mask), _dims(dim, input.dim())[0], dtype=dtype)


def softmin(input, dim, *, dtype=None, mask=None):
    dtype = input.dtype if dtype is None else dtype
    return torch.nn.functional.softmin(_filled("amin", input, mask), _dims(dim, input.dim())[0], dtype=dtype)


def normalize(input, ord, dim, *, eps=1e-12, dtype=None, mask=None):
    dtype = input.dtype if dtype is None else dtype
    nrm = norm(input, ord, dim, keepdim=True, dtype=dtype, mask=mask)
    return torch.divide(_filled("sum", input, mask), torch.maximum(nrm, nrm.new_full([], eps)))
