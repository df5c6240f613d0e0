"""torch.func.jvp: Jacobian-vector products. tensorplay's autograd has no forward mode, so a
jvp is two reverse passes (the double-vjp trick): g(u) = J^T u is linear in u, and the vjp of
g with the tangent v is J v. Results are PyTorch's; the cost is two backward passes."""
import torch
from torch.func import _argnums
from torch.func._autodiff import Tape
from torch.func._tree import spec_repr, tree_flatten, tree_map, tree_unflatten

_API = "jvp(f, primals, tangents)"


class ForwardPass:
    """func run on watched primals, ready for J v with any tangents v (jvp, jacfwd's columns)."""

    def __init__(self, func, args, has_aux, argnums=None):
        self.tape = Tape()
        if argnums is None:
            args = self.watched = tree_map(self.tape.watch, args)
        else:
            self.watched = tree_map(self.tape.watch, _argnums.select(args, argnums))
            args = _argnums.replace(args, argnums, self.watched)
        with self.tape.running():
            out = func(*args)
            if has_aux:
                if not (isinstance(out, tuple) and len(out) == 2):
                    raise RuntimeError(f"{_API}: output of function f should be a tuple: (output, aux) if has_aux is True")
                out, self.aux = out
            self.flat_out, self.out_spec = tree_flatten(out)
            if not self.flat_out:
                raise RuntimeError(f"{_API}: Expected f to be a function that has non-empty output (got output = [])")
            for o in self.flat_out:
                if not isinstance(o, torch.Tensor):
                    raise RuntimeError(f"{_API}: expected f(*args) to return only tensors, got unsupported type {type(o)}")
            # u: a dummy cotangent per output; J^T u keeps its graph so it can be differentiated in u
            self.dummies = [torch.zeros_like(self.tape.physical(o)[0]).requires_grad_() for o in self.flat_out]
            live = [(self.tape.physical(o)[0], u) for o, u in zip(self.flat_out, self.dummies)
                    if self.tape.physical(o)[0].requires_grad]
            self.transposed = [None] * len(self.tape.leaves)
            if live:
                self.transposed = torch.autograd.grad([o for o, _ in live], self.tape.leaves, [u for _, u in live],
                                                      create_graph=True, allow_unused=True)

    def apply(self, flat_tangents, strict=False):
        """J v for the tangents of the watched primals, one per output."""
        pairs = [(g, self.tape.physical(t)[0] if self.tape.physical(t)[1] or self.tape.level is None
                  else t.unsqueeze(0).expand(g.shape)) for g, t in zip(self.transposed, flat_tangents) if g is not None]
        if not pairs:
            if strict:
                raise RuntimeError("jvp(f, primals, tangents, strict=True): The output of f is independent of the "
                                   "inputs. This is not allowed with strict=True.")
            products = [None] * len(self.dummies)
        else:
            products = torch.autograd.grad([g for g, _ in pairs], self.dummies, [t for _, t in pairs],
                                           retain_graph=True, create_graph=self.tape.nested, allow_unused=True)
        return [self.tape.result(torch.zeros_like(u) if p is None else p) for u, p in zip(self.dummies, products)]


def jvp(func, primals, tangents, *, strict=False, has_aux=False):
    """(func(*primals), J v[, aux]): the outputs and their derivatives along the tangents."""
    if not isinstance(primals, tuple):
        raise RuntimeError(f"{_API}: Expected primals to be a tuple. E.g. it should be valid to call f(*primals).")
    flat_primals, primals_spec = tree_flatten(primals)
    flat_tangents, tangents_spec = tree_flatten(tangents)
    if primals_spec != tangents_spec:
        raise RuntimeError(f"{_API}: Expected primals and tangents to have the same python structure. For example, "
                           f"if primals is a tuple of 3 tensors, tangents also must be. Got primals with structure "
                           f"{spec_repr(primals_spec)} and tangents with structure {spec_repr(tangents_spec)}")
    for argname, flat in (("primals", flat_primals), ("tangents", flat_tangents)):
        if not flat:
            raise RuntimeError(f"{_API}: Expected {argname} to contain at least one Tensor.")
        for x in flat:
            if not isinstance(x, torch.Tensor):
                raise RuntimeError(f"{_API}: Expected {argname} to only contain Tensors, got {type(x)}")
    for p, t in zip(flat_primals, flat_tangents):
        if p.shape != t.shape:
            raise RuntimeError(f"Trying to set a forward gradient that has a different size than that of the original "
                               f"Tensor, this is not supported. Tensor is of size {list(p.shape)} while the given "
                               f"forward gradient is of size {list(t.shape)}.")
    forward = ForwardPass(func, primals, has_aux)
    out = tree_unflatten([forward.tape.release(o) for o in forward.flat_out], forward.out_spec)
    products = tree_unflatten(forward.apply(flat_tangents, strict), forward.out_spec)
    if has_aux:
        return out, products, tree_map(forward.tape.release, forward.aux)
    return out, products
