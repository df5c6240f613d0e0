"""torch.linalg: the vector norms (vector_norm, and norm of a vector or of a matrix with
ord None/'fro'/1/-1/inf/-inf) over the C++ core's torch.norm."""
import math

import torch

__all__ = ["vector_norm", "norm", "matrix_norm"]


def vector_norm(x, ord=2, dim=None, keepdim=False, *, dtype=None, out=None):
    """The ord-norm of x's elements over dim (all of them when dim is None)."""
    result = torch.norm(x, float(ord), dim, keepdim, dtype=dtype)
    return result if out is None else out.copy_(result)


def matrix_norm(A, ord="fro", dim=(-2, -1), keepdim=False, *, dtype=None, out=None):
    """'fro', or the induced 1/-1/inf/-inf norms (largest/smallest absolute column or row sum)."""
    if not isinstance(dim, (tuple, list)) or len(dim) != 2:
        raise RuntimeError(f"linalg.matrix_norm: dim must be a 2-tuple. Got {' '.join(str(d) for d in dim)}")
    if A.dim() < 2:
        raise RuntimeError(f"linalg.matrix_norm: The input tensor A must have at least 2 dimensions.")
    if ord == "fro":
        result = torch.norm(A, 2.0, tuple(dim), keepdim, dtype=dtype)
    elif ord in (1, -1, math.inf, -math.inf):
        # LinearAlgebra.cpp: the largest (smallest) absolute column sum, rows for inf.
        first, second = (d % A.dim() for d in dim)
        if ord in (math.inf, -math.inf):
            first, second = second, first
        if not keepdim and first < second:
            second -= 1
        sums = (A if dtype is None else A.to(dtype)).abs().sum(first, keepdim=keepdim)
        result = (torch.amax if ord > 0 else torch.amin)(sums, second, keepdim=keepdim)
    else:
        torch.norm(A, ord)  # the nuclear and 2-norms need an SVD: raises its error
    return result if out is None else out.copy_(result)


def norm(A, ord=None, dim=None, keepdim=False, *, dtype=None, out=None):
    """A vector norm, or a matrix norm when ord is given for a 2-D input (or dim is a 2-tuple)."""
    if dim is not None and not isinstance(dim, (tuple, list)):
        dim = (dim,)
    if ord is not None and (isinstance(ord, str) or (dim is not None and len(dim) == 2) or
                            (dim is None and A.dim() == 2)):
        return matrix_norm(A, ord, (-2, -1) if dim is None else dim, keepdim, dtype=dtype, out=out)
    if ord is None and dim is not None and len(dim) == 2:
        return matrix_norm(A, "fro", dim, keepdim, dtype=dtype, out=out)
    return vector_norm(A, 2 if ord is None else ord, dim, keepdim, dtype=dtype, out=out)


# linalg.cross(input, other, *, dim=-1): the C++ core's cross product (torch._C._linalg_cross).
cross = torch._C._linalg_cross
__all__.append("cross")
