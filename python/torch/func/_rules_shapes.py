"""vmap's rules for the matmul family, views and shapes, and indexing, and the composite rules
of layers built from them (linear is a matmul and an add)."""
import torch
from torch.func._batched_tensor import batch_size, unwrap, wrap
from torch.func._fallback import fallback
from torch.func._rules_common import INPLACE, batched_at, is_tensor, materialize, pad, shift
from torch.func._rules_pointwise import elementwise


def matmul(name, call, args, kwargs, level):
    """Vectors become matrices so that the batch dims line up, and are squeezed back after."""
    a, b = args[0], args[1]
    va, ba = unwrap(a, level)
    vb, bb = unwrap(b, level)
    ra, rb = a.dim(), b.dim()
    if ra == 1:
        va = va.unsqueeze(-2)
    if rb == 1:
        vb = vb.unsqueeze(-1)
    rank = max(ra, rb, 2)
    if ba:
        va = pad(va, max(ra, 2), rank)
    if bb:
        vb = pad(vb, max(rb, 2), rank)
    out = torch.matmul(va, vb)
    if rb == 1:
        out = out.squeeze(-1)
    if ra == 1:
        out = out.squeeze(-1 if rb == 1 else -2)
    return wrap(out, level)


def einsum(name, call, args, kwargs, level):
    """A subscript of its own for the batch, on each batched operand and first in the output."""
    equation = args[0].replace(" ", "")
    operands = list(args[1]) if len(args) == 2 and isinstance(args[1], (list, tuple)) else list(args[1:])
    lhs, arrow, rhs = equation.partition("->")
    if not arrow:  # the implicit output: the subscripts used once, in order, after any ellipsis
        letters = [c for c in lhs if c.isalpha()]
        rhs = ("..." if "..." in lhs else "") + "".join(sorted(c for c in set(letters) if letters.count(c) == 1))
    batch = next(c for c in "ZYXWVUTSRQPONMLKJIHGFEDCBAzyxwvutsrqponmlkjihgfedcba" if c not in equation)
    terms, values = [], []
    for term, x in zip(lhs.split(","), operands):
        value, batched = unwrap(x, level)
        terms.append(batch + term if batched else term)
        values.append(value)
    return wrap(call(",".join(terms) + "->" + batch + rhs, *values, **kwargs), level)


def composite(fn):
    """A rule that computes the op from other ops, each batched by its own rule."""
    return lambda name, call, args, kwargs, level: fn(*args, **kwargs)


def linear(input, weight, bias=None):
    out = torch.matmul(input, weight.t() if weight.dim() == 2 else weight)
    return out if bias is None else out + bias


def addmm(input, mat1, mat2, *, beta=1, alpha=1):
    return beta * input + alpha * torch.matmul(mat1, mat2)


def outer(a, b):
    return a.unsqueeze(-1) * b


def _sizes(args, kwargs, key):
    if len(args) == 1 and isinstance(args[0], (tuple, list, torch.Size)):
        return tuple(args[0])
    return tuple(args) if args else tuple(kwargs[key])


def reshape(name, call, args, kwargs, level):
    if len(args) == 2 and not isinstance(args[1], (int, tuple, list, torch.Size)):  # view(dtype)
        return elementwise(name, call, args, kwargs, level)
    value = materialize(args[0], level)
    shape = _sizes(args[1:], kwargs, "shape" if "shape" in kwargs else "size")
    return wrap(value.reshape((value.shape[0],) + shape), level)


def reshape_as(name, call, args, kwargs, level):
    return args[0].reshape(args[1].shape)


def expand(name, call, args, kwargs, level):
    value = materialize(args[0], level)
    sizes = _sizes(args[1:], kwargs, "size")
    value = pad(value, args[0].dim(), len(sizes))
    return wrap(value.expand((value.shape[0],) + sizes), level)


def expand_as(name, call, args, kwargs, level):
    return args[0].expand(args[1].shape)


def permute(name, call, args, kwargs, level):
    dims = _sizes(args[1:], kwargs, "dims")
    return wrap(materialize(args[0], level).permute((0,) + shift(tuple(dims), args[0].dim())), level)


def transpose_2d(name, call, args, kwargs, level):
    return args[0] if args[0].dim() < 2 else args[0].transpose(0, 1)


def repeat(name, call, args, kwargs, level):
    sizes = _sizes(args[1:], kwargs, "repeats")
    value = pad(materialize(args[0], level), args[0].dim(), len(sizes))
    return wrap(value.repeat((1,) + sizes), level)


def agnostic(name, call, args, kwargs, level):
    """Ops that read only the sample's trailing dims (one_hot, embedding, layer_norm, pad, tril):
    the batched operand as it is, when it is the only one."""
    batched = [x for x in list(args) + list(kwargs.values()) if batched_at(x, level)]
    if len(batched) > 1:
        return fallback(name, call, args, kwargs, level)
    out = call(*[unwrap(a, level)[0] for a in args], **{k: unwrap(v, level)[0] for k, v in kwargs.items()})
    return wrap(out, level)


def _index_parts(index):
    return index if isinstance(index, tuple) else (index,)


def getitem(name, call, args, kwargs, level):
    x, index = args
    parts = _index_parts(index)
    if any(batched_at(p, level) for p in parts):
        # batched index tensors: an arange over the batch as the first advanced index
        if not all(is_tensor(p) or isinstance(p, int) for p in parts):
                return fallback(name, call, args, kwargs, level)
        rank = max(p.dim() if is_tensor(p) else 0 for p in parts)
        tensors = [pad(unwrap(p, level)[0], p.dim(), rank) if batched_at(p, level) else p for p in parts]
        rows = torch.arange(batch_size(level)).reshape((-1,) + (1,) * rank)
        return wrap(materialize(x, level)[(rows,) + tuple(tensors)], level)
    return wrap(materialize(x, level)[(slice(None),) + parts], level)


def setitem(name, call, args, kwargs, level):
    x, index, value = args
    if not batched_at(x, level):
        raise RuntimeError(INPLACE)
    where = (slice(None),) + _index_parts(index)
    v, batched = unwrap(value, level)
    if batched:  # the value's batch against the target's, its sample dims broadcast as a sample's
        v = pad(v, value.dim(), x._value[where].dim() - 1)
    x._value[where] = v if batched else value
    return None
