"""The linear-algebra names from before torch.linalg that tutorials still call: torch.svd (U, S, V
with V not transposed; some=, compute_uv=), torch.matrix_power / Tensor.matrix_power,
torch.matrix_exp / Tensor.matrix_exp, torch.orgqr, torch.lu_unpack and the deprecated torch.lu /
torch.lu_solve / torch.triangular_solve (with PyTorch's warnings), computed by torch.linalg."""
import warnings

import torch
from torch import return_types
from torch._C import _linalg as _la

_LU_WARNING = (
    "torch.lu is deprecated in favor of torch.linalg.lu_factor / torch.linalg.lu_factor_ex and will be removed in "
    "a future PyTorch release.\nLU, pivots = torch.lu(A, compute_pivots)\nshould be replaced with\nLU, pivots = "
    "torch.linalg.lu_factor(A, compute_pivots)\nand\nLU, pivots, info = torch.lu(A, compute_pivots, "
    "get_infos=True)\nshould be replaced with\nLU, pivots, info = torch.linalg.lu_factor_ex(A, compute_pivots) "
    "(Triggered internally at /__w/pytorch/pytorch/aten/src/ATen/native/BatchLinearAlgebra.cpp:2052.)")
_LU_SOLVE_WARNING = (
    "torch.lu_solve is deprecated in favor of torch.linalg.lu_solveand will be removed in a future PyTorch "
    "release.\nNote that torch.linalg.lu_solve has its arguments reversed.\nX = torch.lu_solve(B, LU, pivots)\n"
    "should be replaced with\nX = torch.linalg.lu_solve(LU, pivots, B) (Triggered internally at "
    "/__w/pytorch/pytorch/aten/src/ATen/native/BatchLinearAlgebra.cpp:2209.)")
_TRIANGULAR_SOLVE_WARNING = (
    "torch.triangular_solve is deprecated in favor of torch.linalg.solve_triangularand will be removed in a "
    "future PyTorch release.\ntorch.linalg.solve_triangular has its arguments reversed and does not return a copy "
    "of one of the inputs.\nX = torch.triangular_solve(B, A).solution\nshould be replaced with\n"
    "X = torch.linalg.solve_triangular(A, B). (Triggered internally at "
    "/__w/pytorch/pytorch/aten/src/ATen/native/BatchLinearAlgebra.cpp:2252.)")
_warned = set()


def _warn_once(text):
    """TORCH_WARN_ONCE: the first call of the process warns."""
    if text not in _warned:
        _warned.add(text)
        warnings.warn(text, UserWarning, stacklevel=3)


def svd(input, some=True, compute_uv=True, *, out=None):
    """svd(input, some=True, compute_uv=True): input = U diag(S) V^T. Without compute_uv, U and V
    are zero-filled (m, m) and (n, n) matrices, as in PyTorch."""
    from torch import linalg
    if compute_uv:
        U, S, Vh = linalg.svd(input, full_matrices=not some)
        V = Vh.mT
    else:
        S = linalg.svdvals(input)
        m, n = input.shape[-2], input.shape[-1]
        U = torch.zeros(*input.shape[:-2], m, m, dtype=input.dtype, device=input.device)
        V = torch.zeros(*input.shape[:-2], n, n, dtype=input.dtype, device=input.device)
    result = return_types.svd((U, S, V))
    if out is not None:
        for target, value in zip(out, result):
            target.resize_(value.shape).copy_(value)
        return return_types.svd(tuple(out))
    return result


def matrix_power(input, n):
    from torch import linalg
    return linalg.matrix_power(input, n)


def matrix_exp(input):
    return _la.linalg_matrix_exp(input)


def lu_unpack(LU_data, LU_pivots, unpack_data=True, unpack_pivots=True, *, out=None):
    result = return_types.lu_unpack(_la.lu_unpack(LU_data, LU_pivots, unpack_data, unpack_pivots))
    if out is not None:
        for target, value in zip(out, result):
            target.resize_(value.shape).copy_(value)
        return return_types.lu_unpack(tuple(out))
    return result


def lu(A, pivot=True, get_infos=False, out=None):
    """torch.lu: (LU, pivots), or (LU, pivots, infos) with get_infos (then no error raised)."""
    _warn_once(_LU_WARNING)
    LU, pivots, info = _la.linalg_lu_factor_ex(A, pivot, not get_infos)
    result = (LU, pivots, info) if get_infos else (LU, pivots)
    if out is not None:
        for target, value in zip(out, result):
            target.resize_(value.shape).copy_(value)
        result = tuple(out)
    return return_types._lu_with_info(result) if get_infos else result


def lu_solve(b, LU_data, LU_pivots, *, out=None):
    _warn_once(_LU_SOLVE_WARNING)
    result = _la.linalg_lu_solve(LU_data, LU_pivots, b)
    return result if out is None else out.resize_(result.shape).copy_(result)


def _orgqr(input, tau):
    """torch.orgqr: linalg.householder_product under its LAPACK name."""
    from torch import linalg
    return linalg.householder_product(input, tau)


def triangular_solve(b, A, upper=True, transpose=False, unitriangular=False, *, out=None):
    """(solution, cloned_coefficient): X with op(A) X = b, op(A) = A or A^T, reading A's upper
    or lower triangle, and a copy of A."""
    _warn_once(_TRIANGULAR_SOLVE_WARNING)
    from torch import linalg
    for name, t in (("b", b), ("A", A)):
        if t.dim() < 2:
            raise RuntimeError(f"torch.triangular_solve: Expected {name} to have at least 2 dimensions, but it has "
                               f"{t.dim()} dimensions instead")
    if A.shape[-1] != A.shape[-2]:
        raise RuntimeError(f"A must be batches of square matrices, but they are {A.shape[-2]} by {A.shape[-1]} "
                           "matrices")
    if A.shape[-1] != b.shape[-2]:
        raise RuntimeError(f"Incompatible matrix sizes for triangular_solve: each A matrix is {A.shape[-2]} by "
                           f"{A.shape[-1]} but each b matrix is {b.shape[-2]} by {b.shape[-1]}")
    if b.dtype != A.dtype:
        raise RuntimeError(f"Expected b and A to have the same dtype, but found b of type {_legacy(b.dtype)} and A "
                           f"of type {_legacy(A.dtype)} instead.")
    if not A.dtype.is_floating_point:
        raise NotImplementedError(f"\"triangular_solve_cpu\" not implemented for '{_legacy(A.dtype)}'")
    T = A.mT if transpose else A
    X = linalg.solve_triangular(T, b, upper=upper != transpose, unitriangular=unitriangular)
    result = return_types.triangular_solve((X, A.clone()))
    if out is not None:
        for target, value in zip(out, result):
            target.resize_(value.shape).copy_(value)
        return return_types.triangular_solve(tuple(out))
    return result


def _legacy(dtype):
    return torch.empty(0, dtype=dtype).type().split(".")[-1].replace("Tensor", "")


def _tensor_lu(self, pivot=True, get_infos=False):
    return lu(self, pivot, get_infos)


def _tensor_lu_solve(self, LU_data, LU_pivots):
    return lu_solve(self, LU_data, LU_pivots)


def _tensor_svd(self, some=True, compute_uv=True):
    return svd(self, some, compute_uv)


def _install():
    torch.Tensor.svd = _tensor_svd
    torch.Tensor.matrix_power = matrix_power
    torch.Tensor.matrix_exp = matrix_exp
    torch.orgqr = torch.Tensor.orgqr = _orgqr
    torch.triangular_solve = torch.Tensor.triangular_solve = triangular_solve
    torch.Tensor.lu = _tensor_lu
    torch.Tensor.lu_solve = _tensor_lu_solve
