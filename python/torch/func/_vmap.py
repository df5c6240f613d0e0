"""torch.func.vmap: func run once over a whole batch, seeing one sample. The inputs' mapped
dims move to dim 0 of BatchedTensors (torch.func._batched_tensor) and every op inside applies
its batching rule; the outputs' batch dims move to out_dims. Checks and texts as PyTorch's."""
import functools

import torch
from torch.func import _batched_tensor as bt
from torch.func._dispatch import dispatch
from torch.func._batching_rules import RANDOM_OPS
from torch.func._tree import spec_repr, tree_flatten, tree_unflatten

torch._C._set_batching_hook(dispatch, bt.BatchedTensor, RANDOM_OPS)


def _name(func):
    if hasattr(func, "__name__"):
        return func.__name__
    if isinstance(func, functools.partial):
        return f"functools.partial({_name(func.func)}, ...)"
    return repr(func)


def _broadcast_dims(dims, spec):
    """in_dims / out_dims as one entry per leaf of spec (an int or None stands for a whole subtree)."""
    if not isinstance(dims, (tuple, list, dict)):  # a leaf (checked later) stands for the subtree
        return [dims] * _leaf_count(spec)
    if spec is None:
        return None
    children = spec[2] if spec[0] is dict else spec[1]
    keys = spec[1] if spec[0] is dict else None
    if spec[0] is dict:
        if not isinstance(dims, dict) or set(dims) != set(keys):
            return None
        parts = [_broadcast_dims(dims[k], c) for k, c in zip(keys, children)]
    else:
        if isinstance(dims, dict) or len(dims) != len(children):
            return None
        parts = [_broadcast_dims(d, c) for d, c in zip(dims, children)]
    if any(p is None for p in parts):
        return None
    return [d for p in parts for d in p]


def _leaf_count(spec):
    if spec is None:
        return 1
    return sum(_leaf_count(c) for c in (spec[2] if spec[0] is dict else spec[1]))


def _batch_inputs(func, in_dims, args):
    name = _name(func)
    if not isinstance(in_dims, (int, tuple)):
        raise ValueError(f"vmap({name}, in_dims={in_dims}, ...)(<inputs>): expected `in_dims` to be int or a "
                         f"(potentially nested) tuple matching the structure of inputs, got: {type(in_dims)}.")
    if len(args) == 0:
        raise ValueError(f"vmap({name})(<inputs>): got no inputs. Maybe you forgot to add inputs, or you are "
                         f"trying to vmap over a function with no inputs. The latter is unsupported.")
    flat_args, spec = tree_flatten(args)
    flat_dims = _broadcast_dims(in_dims if isinstance(in_dims, tuple) else in_dims, spec)
    if flat_dims is None:
        raise ValueError(f"vmap({name}, in_dims={in_dims}, ...)(<inputs>): in_dims is not compatible with the "
                         f"structure of `inputs`. in_dims has structure {spec_repr(tree_flatten(in_dims)[1])} but "
                         f"inputs has structure {spec_repr(spec)}.")
    for i, (arg, d) in enumerate(zip(flat_args, flat_dims)):
        if d is None:
            continue
        if not isinstance(d, int):
            raise ValueError(f"vmap({name}, in_dims={in_dims}, ...)(<inputs>): Got in_dim={d} for an input but "
                             f"in_dim must be either an integer dimension or None.")
        if not isinstance(arg, torch.Tensor):
            raise ValueError(f"vmap({name}, in_dims={in_dims}, ...)(<inputs>): Got in_dim={d} for an input but "
                             f"the input is of type {type(arg)}. We cannot vmap over non-Tensor arguments, please "
                             f"use None as the respective in_dim")
        if not -arg.dim() <= d < arg.dim():
            raise ValueError(f"vmap({name}, in_dims={in_dims}, ...)(<inputs>): Got in_dim={d} for some input, "
                             f"but that input is a Tensor of dimensionality {arg.dim()} so expected in_dim to "
                             f"satisfy -{arg.dim()} <= in_dim < {arg.dim()}.")
        flat_dims[i] = d % arg.dim()
    sizes = [arg.size(d) for arg, d in zip(flat_args, flat_dims) if d is not None]
    if not sizes:
        raise ValueError("vmap: Expected at least one Tensor to vmap over")
    if any(s != sizes[0] for s in sizes):
        raise ValueError(f"vmap: Expected all tensors to have the same size in the mapped dimension, got sizes "
                         f"{sizes} for the mapped dimension")
    return sizes[0], flat_args, flat_dims, spec


def _unbatch_output(func, out, out_dims, level, size):
    name = _name(func)
    flat, spec = tree_flatten(out)
    flat_dims = [out_dims] if isinstance(out, torch.Tensor) and isinstance(out_dims, int) else \
        list(out_dims) if isinstance(out, torch.Tensor) and isinstance(out_dims, tuple) and len(out_dims) == 1 else \
        [None] if isinstance(out, torch.Tensor) and out_dims is None else _broadcast_dims(out_dims, spec)
    if flat_dims is None or (isinstance(out, torch.Tensor) and len(flat_dims) != 1):
        raise ValueError(f"vmap({name}, ..., out_dims={out_dims})(<inputs>): out_dims is not compatible with the "
                         f"structure of `outputs`. out_dims has structure {spec_repr(tree_flatten(out_dims)[1])} "
                         f"but outputs has structure {spec_repr(spec)}.")
    result = []
    for x, d in zip(flat, flat_dims):
        if d is None:
            if bt.unwrap(x, level)[1]:
                raise ValueError(f"vmap({name}, ...): `{name}` can not return a BatchedTensor when out_dim is None")
            result.append(x)
            continue
        if not isinstance(x, torch.Tensor):
            raise ValueError(f"vmap({name}, ...): `{name}` must only return Tensors, got type {type(x)}. Did you "
                             f"mean to set out_dims= to None for output?")
        value, batched = bt.unwrap(x, level)
        if not batched:  # the same for every sample: expanded over the batch
            value = x.unsqueeze(0).expand(size, *x.shape)
        result.append(value.movedim(0, d) if d != 0 else value)
    return tree_unflatten(result, spec)


def _check_out_dims(func, out_dims):
    for d in tree_flatten(out_dims)[0]:
        if d is not None and not isinstance(d, int):
            raise ValueError(f"vmap({_name(func)}, ..., out_dims={out_dims}): `out_dims` must be an int, None or a "
                             f"python collection of ints representing where in the outputs the vmapped dimension "
                             f"should appear.")


def _run(func, flat_args, flat_dims, spec, size, out_dims, randomness, kwargs):
    level = bt.push_level(size, randomness)
    try:
        batched = [a if d is None else bt.BatchedTensor(a.movedim(d, 0) if d else a, level)
                   for a, d in zip(flat_args, flat_dims)]
        out = func(*tree_unflatten(batched, spec), **kwargs)
        return _unbatch_output(func, out, out_dims, level, size)
    finally:
        bt.pop_level()


def vmap(func, in_dims=0, out_dims=0, randomness="error", *, chunk_size=None):
    """func over a batch: each input's in_dims dim is the batch, each output's batch at out_dims."""
    if randomness not in ("error", "different", "same"):
        raise RuntimeError(f"Only allowed values for randomness are 'error', 'different', or 'same'. Got {randomness}")
    if chunk_size is not None and not (isinstance(chunk_size, int) and chunk_size > 0):
        raise ValueError(f"vmap: chunk_size should be None or greater than 0. (got {chunk_size})")

    @functools.wraps(func)
    def wrapped(*args, **kwargs):
        _check_out_dims(func, out_dims)
        size, flat_args, flat_dims, spec = _batch_inputs(func, in_dims, args)
        if chunk_size is None or chunk_size >= size:
            return _run(func, flat_args, flat_dims, spec, size, out_dims, randomness, kwargs)
        return _chunked(func, flat_args, flat_dims, spec, size, out_dims, randomness, kwargs, chunk_size)
    return wrapped


def _chunked(func, flat_args, flat_dims, spec, size, out_dims, randomness, kwargs, chunk_size):
    """chunk_size: the batch in chunks, one vmap each, the outputs concatenated at out_dims."""
    outs = []
    for start in range(0, size, chunk_size):
        n = min(chunk_size, size - start)
        part = [a if d is None else a.narrow(d, start, n) for a, d in zip(flat_args, flat_dims)]
        outs.append(_run(func, part, flat_dims, spec, n, out_dims, randomness, kwargs))
    flat0, out_spec = tree_flatten(outs[0])
    flat_dims_out = _broadcast_dims(out_dims, out_spec) if not isinstance(outs[0], torch.Tensor) else [out_dims]
    joined = []
    for i, d in enumerate(flat_dims_out):
        pieces = [tree_flatten(o)[0][i] for o in outs]
        joined.append(pieces[0] if d is None else torch.cat(pieces, d))
    return tree_unflatten(joined, out_spec)
