"""torch.func.grad, grad_and_value and vjp: gradients of a function of tensors, as functions."""
import functools

import torch
from torch.func import _argnums
from torch.func._autodiff import Tape
from torch.func._tree import spec_str, tree_flatten, tree_map, tree_unflatten


def _split_aux(output, has_aux, api):
    if not has_aux:
        return output, None
    if not (isinstance(output, tuple) and len(output) == 2):
        raise RuntimeError(f"{api}: output of function f should be a tuple: (output, aux) if has_aux is True")
    return output


def grad_and_value(func, argnums=0, has_aux=False):
    """A function returning (gradient of func's scalar output w.r.t. argnums, the output)."""
    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        tape = Tape()
        argnums_ = _argnums.validate(argnums, len(args))
        diff = tree_map(tape.watch, _argnums.select(args, argnums_))
        with tape.running():
            output = func(*_argnums.replace(args, argnums_, diff), **kwargs)
        output, aux = _split_aux(output, has_aux, "grad_and_value(f)(*args)")
        if not isinstance(output, torch.Tensor):
            raise RuntimeError(f"grad_and_value(f)(*args): Expected f(*args) to return a Tensor, got {type(output)}")
        if output.dim() != 0:
            raise RuntimeError(f"grad_and_value(f)(*args): Expected f(*args) to return a scalar Tensor, got tensor "
                               f"with {output.dim()} dims. Maybe you wanted to use the vjp or jacrev APIs instead?")
        grads = tree_unflatten(tape.pull([output], [torch.ones_like(output)]), tree_flatten(diff)[1])
        output = tape.release(output)
        if has_aux:
            return grads, (output, tree_map(tape.release, aux))
        return grads, output
    return wrapper


def grad(func, argnums=0, has_aux=False):
    """A function returning the gradient of func's scalar output w.r.t. the argnums inputs."""
    with_value = grad_and_value(func, argnums, has_aux)

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        grads, value = with_value(*args, **kwargs)
        return (grads, value[1]) if has_aux else grads
    return wrapper


def _check_outputs(flat, api):
    if not flat:
        raise RuntimeError(f"{api}: Expected f to be a function that has non-empty output (got output = [])")
    for o in flat:
        if not isinstance(o, torch.Tensor):
            raise RuntimeError(f"{api}: expected f(*primals) to return only tensors, got unsupported type {type(o)}")


def vjp(func, *primals, has_aux=False):
    """(func(*primals), vjp_fn[, aux]): vjp_fn(cotangents) is the tuple of vector-Jacobian products."""
    tape = Tape()
    diff = tree_map(tape.watch, primals)
    with tape.running():
        output = func(*diff)
    output, aux = _split_aux(output, has_aux, "vjp(f, *primals)")
    flat_out, out_spec = tree_flatten(output)
    _check_outputs(flat_out, "vjp(f, *primals)")
    for o in flat_out:
        if not (o.is_floating_point() or o.dtype.is_complex):
            raise RuntimeError(f"vjp(f, ...): All outputs of f must be floating-point or complex Tensors, got Tensor "
                               f"with dtype {o.dtype}")
    primal_spec = tree_flatten(diff)[1]

    def vjp_fn(cotangents, retain_graph=True, create_graph=None):
        if create_graph is None:
            create_graph = torch.is_grad_enabled() and tape.nested
        flat_ct, ct_spec = tree_flatten(cotangents)
        if ct_spec != out_spec:
            raise RuntimeError(f"Expected pytree structure of cotangents to be the same as pytree structure of outputs "
                               f"to the function. cotangents: {spec_str(ct_spec)}, primal output: {spec_str(out_spec)}")
        return tree_unflatten(tape.pull(flat_out, flat_ct, retain_graph, create_graph), primal_spec)

    released = tree_map(tape.release, output)
    if has_aux:
        return released, vjp_fn, tree_map(tape.release, aux)
    return released, vjp_fn
