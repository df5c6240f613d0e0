"""torch.func.jacrev, jacfwd and hessian: whole Jacobians, a row per output element from
reverse passes (jacrev) or a column per input element from J v products (jacfwd, through
torch.func._jvp's double-vjp). The result nests as PyTorch's: the output's structure outside,
argnums' inside, each block of shape output.shape + input.shape."""
import functools

import torch
from torch.func import _argnums
from torch.func._autodiff import Tape
from torch.func._jvp import ForwardPass
from torch.func._tree import tree_flatten, tree_map, tree_unflatten


def _one_hot(shape, k, like):
    e = torch.zeros(shape, dtype=like.dtype, device=like.device)
    e.view(-1)[k] = 1
    return e


def _nest(blocks, out_spec, diff_spec):
    """blocks[o][i]: output o's Jacobian block w.r.t. input leaf i."""
    return tree_unflatten([tree_unflatten(row, diff_spec) for row in blocks], out_spec)


def jacrev(func, argnums=0, *, has_aux=False, chunk_size=None, _preallocate_and_copy=False):
    """The Jacobian of func w.r.t. the argnums inputs, by reverse-mode AD."""
    if not (chunk_size is None or chunk_size > 0):
        raise ValueError("jacrev: `chunk_size` should be greater than 0.")

    @functools.wraps(func)
    def wrapper(*args):
        tape = Tape()
        argnums_ = _argnums.validate(argnums, len(args))
        diff = tree_map(tape.watch, _argnums.select(args, argnums_))
        with tape.running():
            out = func(*_argnums.replace(args, argnums_, diff))
        if has_aux:
            if not (isinstance(out, tuple) and len(out) == 2):
                raise RuntimeError("vjp(f, *primals): output of function f should be a tuple: (output, aux) "
                                   "if has_aux is True")  # jacrev's errors are vjp's, as in PyTorch
            out, aux = out
        flat_out, out_spec = tree_flatten(out)
        for o in flat_out:
            if not isinstance(o, torch.Tensor):
                raise RuntimeError(f"vjp(f, *primals): expected f(*primals) to return only tensors, got "
                                   f"unsupported type {type(o)}")
        flat_diff, diff_spec = tree_flatten(diff)
        blocks = []
        for o in flat_out:
            rows = [tape.pull([o], [_one_hot(o.shape, k, o)]) for k in range(o.numel())]
            blocks.append([_block([r[i] for r in rows], o.shape, x.shape, x, stack_dim=0)
                           for i, x in enumerate(flat_diff)])
        result = _nest(blocks, out_spec, diff_spec)
        return (result, tree_map(tape.release, aux)) if has_aux else result
    return wrapper


def _block(pieces, out_shape, in_shape, like, stack_dim):
    if not pieces:  # an empty output or input: an empty block of the right shape
        return torch.zeros(tuple(out_shape) + tuple(in_shape), dtype=like.dtype, device=like.device)
    return torch.stack(pieces, dim=stack_dim).reshape(tuple(out_shape) + tuple(in_shape))


def jacfwd(func, argnums=0, has_aux=False, *, randomness="error"):
    """The Jacobian of func w.r.t. the argnums inputs, a column per input element (J v products)."""
    @functools.wraps(func)
    def wrapper(*args):
        argnums_ = _argnums.validate(argnums, len(args))
        forward = ForwardPass(func, args, has_aux, argnums=argnums_)  # errors as jvp's, as in PyTorch
        flat_diff, diff_spec = tree_flatten(forward.watched)
        blocks = [[None] * len(flat_diff) for _ in forward.flat_out]
        for i, x in enumerate(flat_diff):
            columns = []
            for k in range(x.numel()):
                tangents = [_one_hot(x.shape, k, x) if j == i else torch.zeros_like(y)
                            for j, y in enumerate(flat_diff)]
                columns.append(forward.apply(tangents))
            for o, out in enumerate(forward.flat_out):
                pieces = [c[o].reshape(-1) for c in columns]
                blocks[o][i] = (_block(pieces, (x.numel(),), (out.numel(),), out, stack_dim=0)
                                .transpose(0, 1).reshape(tuple(out.shape) + tuple(x.shape)))
        result = _nest(blocks, forward.out_spec, diff_spec)
        return (result, tree_map(forward.tape.release, forward.aux)) if has_aux else result
    return wrapper


def hessian(func, argnums=0):
    """The Hessian of func w.r.t. the argnums inputs: jacfwd(jacrev(func))."""
    return jacfwd(jacrev(func, argnums), argnums)
