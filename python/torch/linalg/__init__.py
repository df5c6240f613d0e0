"""torch.linalg: the vector norms (vector_norm, and norm of a vector or of a matrix with
ord None/'fro'/1/-1/inf/-inf) over the C++ core's torch.norm; the factorisations (inv, solve,
det, slogdet, cholesky, qr, eigh, svd, the LU family) and matrix_exp from the C++ core
(torch._C._linalg), named with
torch.return_types; and what ATen composes from them (pinv, lstsq, matrix_rank, ...)."""
import math

import torch
from torch import return_types as _types
from torch._C import _LinAlgError as LinAlgError
from torch._C import _linalg as _la

__all__ = ["vector_norm", "norm", "matrix_norm", "inv", "inv_ex", "solve", "solve_ex", "det", "slogdet",
           "cholesky", "cholesky_ex", "qr", "eigh", "eigvalsh", "svd", "svdvals", "pinv", "lstsq",
           "matrix_rank", "matrix_power", "diagonal", "vecdot", "multi_dot", "vander", "cond", "tensorinv", "tensorsolve", "solve_triangular", "lu_factor", "lu_factor_ex", "lu", "lu_solve",
           "matrix_exp", "householder_product", "LinAlgError"]

LinAlgError.__module__ = "torch.linalg"


def _into(result, out):
    """out=: the result copied into out (each field into its tensor for a named tuple)."""
    if out is None:
        return result
    if isinstance(result, tuple):
        for target, value in zip(out, result):
            target.resize_(value.shape).copy_(value)
        return out
    return out.resize_(result.shape).copy_(result)


def vector_norm(x, ord=2, dim=None, keepdim=False, *, dtype=None, out=None):
    """The ord-norm of x's elements over dim (all of them when dim is None)."""
    result = torch.norm(x, float(ord), dim, keepdim, dtype=dtype)
    return result if out is None else out.copy_(result)


def matrix_norm(A, ord="fro", dim=(-2, -1), keepdim=False, *, dtype=None, out=None):
    """'fro', the induced 1/-1/inf/-inf norms (largest/smallest absolute column or row sum), or
    from the singular values 'nuc' (their sum) and 2/-2 (the largest/smallest)."""
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
    elif ord in ("nuc", 2, -2):
        # The singular values' sum (nuclear), largest (2) or smallest (-2).
        S = svdvals(torch.movedim(A if dtype is None else A.to(dtype), tuple(dim), (-2, -1)))
        result = S.sum(-1) if ord == "nuc" else S.amax(-1) if ord == 2 else S.amin(-1)
        if keepdim:
            for d in sorted(d % A.dim() for d in dim):
                result = result.unsqueeze(d)
    else:
        raise RuntimeError(f"linalg.matrix_norm: Order {ord} not supported.")
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
def inv(A, *, out=None):
    """The inverse of each square matrix of A; LinAlgError for a singular one."""
    return _into(_la.linalg_inv(A), out)


def inv_ex(A, *, check_errors=False, out=None):
    """(inverse, info): info is LAPACK's, nonzero where a matrix is singular."""
    return _into(_types.linalg_inv_ex(_la.linalg_inv_ex(A, check_errors=check_errors)), out)


def solve(A, B, *, left=True, out=None):
    """X with AX = B (XA = B when left=False); B a (batch of) vector(s) or matrices."""
    return _into(_la.linalg_solve(A, B, left=left), out)


def solve_ex(A, B, *, left=True, check_errors=False, out=None):
    return _into(_types.linalg_solve_ex(_la.linalg_solve_ex(A, B, left=left, check_errors=check_errors)), out)


def det(A, *, out=None):
    return _into(_la.linalg_det(A), out)


def slogdet(A, *, out=None):
    """(sign, logabsdet) of the determinant."""
    return _into(_types.linalg_slogdet(_la.linalg_slogdet(A)), out)


def cholesky(A, *, upper=False, out=None):
    """L (lower) with A = L L^H, or U = L^H when upper; LinAlgError if not positive-definite."""
    L, info = _la.linalg_cholesky_ex(A, upper=upper, check_errors=True)
    return _into(L, out)


def cholesky_ex(A, *, upper=False, check_errors=False, out=None):
    return _into(_types.linalg_cholesky_ex(_la.linalg_cholesky_ex(A, upper=upper, check_errors=check_errors)), out)


def qr(A, mode="reduced", *, out=None):
    return _into(_types.linalg_qr(_la.linalg_qr(A, mode)), out)


def eigh(A, UPLO="L", *, out=None):
    """Eigenvalues (ascending) and eigenvectors of symmetric matrices, read from one triangle."""
    return _into(_types.linalg_eigh(_la.linalg_eigh(A, UPLO)), out)


def eigvalsh(A, UPLO="L", *, out=None):
    return _into(_la.linalg_eigh(A, UPLO)[0], out)


def svd(A, full_matrices=True, *, driver=None, out=None):
    return _into(_types.linalg_svd(_la.linalg_svd(A, full_matrices)), out)


def svdvals(A, *, driver=None, out=None):
    return _into(_la.linalg_svd(A, False)[1], out)


def _tolerance(S, A, atol, rtol):
    """ATen's max(atol, rtol * largest singular value), rtol defaulting to eps * max(m, n)."""
    if rtol is None:
        rtol = torch.finfo(A.dtype).eps * max(A.shape[-2], A.shape[-1]) if atol is None or atol == 0 else 0.0
    largest = S.amax(dim=-1, keepdim=True) if S.numel() else torch.zeros_like(S[..., :1])
    tol = largest * rtol
    if atol is not None:
        tol = torch.clamp(tol, min=atol)
    return tol


def pinv(A, *, atol=None, rtol=None, hermitian=False, out=None):
    """The pseudoinverse from the SVD (from eigh when hermitian): singular values at or under the
    tolerance count as zero."""
    if A.dim() < 2 or not A.dtype.is_floating_point or A.dtype in (torch.float16, torch.bfloat16):
        dtype = str(A.dtype).replace("torch.", "").capitalize()
        dtype = {"Float32": "Float", "Float64": "Double", "Int64": "Long", "Int32": "Int", "Float16": "Half",
                 "Bfloat16": "BFloat16", "Int16": "Short", "Int8": "Char", "Uint8": "Byte"}.get(dtype, dtype)
        raise RuntimeError(f"linalg.pinv({dtype}{{{list(A.shape)}}}): expected a tensor with 2 or more dimensions "
                           "of float, double, cfloat or cdouble types")
    if hermitian:
        # From eigh (A's lower triangle, as LAPACK reads it): eigenvalues at or under the tolerance
        # in absolute value count as zero.
        L, V = eigh(A)
        L_pinv = torch.where(L.abs() > _tolerance(L.abs(), A, atol, rtol), L.reciprocal(), torch.zeros_like(L))
        return _into(torch.matmul(V * L_pinv.unsqueeze(-2), V.mT), out)
    U, S, Vh = _la.linalg_svd(A, False)
    S_pinv = torch.where(S > _tolerance(S, A, atol, rtol), S.reciprocal(), torch.zeros_like(S))
    return _into(torch.matmul(Vh.mT * S_pinv.unsqueeze(-2), U.mT), out)


def matrix_rank(A, *, atol=None, rtol=None, hermitian=False, out=None):
    """How many singular values exceed the tolerance, per matrix (int64)."""
    if A.dim() < 2:
        raise RuntimeError("torch.linalg.matrix_rank: The input tensor input must have at least 2 dimensions.")
    S = eigvalsh(A).abs() if hermitian else svdvals(A)
    return _into((S > _tolerance(S, A, atol, rtol)).sum(dim=-1), out)


def lstsq(A, B, rcond=None, *, driver=None, out=None):
    """The least-squares solution of AX = B through the pseudoinverse, with what each LAPACK
    driver reports: the rank (all but gels), the singular values (gelsd, gelss) and, for a tall
    full-rank A, the squared residuals (all but gelsy, PyTorch's CPU default)."""
    if A.dim() < 2:
        raise RuntimeError("torch.linalg.lstsq: input must have at least 2 dimensions.")
    vector = B.dim() == A.dim() - 1
    B_ = B.unsqueeze(-1) if vector else B
    if A.shape[-2] != B_.shape[-2]:
        raise RuntimeError("torch.linalg.lstsq: input.size(-2) should match other.size(-2)")
    if A.dtype != B.dtype:
        raise RuntimeError(f"torch.linalg.lstsq: Expected input and other to have the same dtype, but got "
                           f"input's dtype {A.dtype} and other's dtype {B.dtype}")
    driver = "gelsy" if driver is None else driver
    if driver not in ("gels", "gelsy", "gelsd", "gelss"):
        raise RuntimeError("torch.linalg.lstsq: parameter `driver` should be one of (gels, gelsy, gelsd, gelss)")
    tol_rtol = None if rcond is None else rcond
    X = torch.matmul(pinv(A, rtol=tol_rtol), B_)
    empty = torch.empty(0, dtype=A.dtype, device=A.device)
    rank = matrix_rank(A, rtol=tol_rtol) if driver != "gels" else torch.empty(0, dtype=torch.int64, device=A.device)
    singular_values = svdvals(A) if driver in ("gelsd", "gelss") else empty
    residuals = empty
    m, n = A.shape[-2], A.shape[-1]
    if driver != "gelsy" and m > n and bool((matrix_rank(A) == n).all()):
        residuals = (torch.matmul(A, X) - B_).pow(2).sum(-2)
        residuals = residuals.squeeze(-1) if vector else residuals
    return _into(_types.linalg_lstsq((X.squeeze(-1) if vector else X, residuals, rank, singular_values)), out)


def vecdot(x, y, *, dim=-1, out=None):
    """The dot product of vectors along dim (broadcast): (x * y).sum(dim) for real tensors."""
    return _into((x * y).sum(dim), out)


def multi_dot(tensors, *, out=None):
    """The product of the matrices in turn; a 1-D first (last) is a row (column) vector."""
    if len(tensors) < 2:
        raise RuntimeError(f"multi_dot(): expected at least 2 tensors but got {len(tensors)}")
    first, last = tensors[0].dim() == 1, tensors[-1].dim() == 1
    mats = [tensors[0].unsqueeze(0) if first else tensors[0]] + list(tensors[1:-1]) + \
        [tensors[-1].unsqueeze(-1) if last else tensors[-1]]
    for i, t in enumerate(mats):
        if t.dim() != 2:
            where = "first" if i == 0 else "last" if i == len(mats) - 1 else None
            if where:
                raise RuntimeError(f"multi_dot(): the {where} tensor must be 1D or 2D but got {tensors[i].dim()}D")
            raise RuntimeError(f"multi_dot(): tensor {i} must be 2D but got {t.dim()}D")
    result = mats[0]
    for t in mats[1:]:
        result = torch.mm(result, t)
    if first:
        result = result.squeeze(0)
    if last:
        result = result.squeeze(-1)
    return _into(result, out)


def vander(x, *, N=None):
    """The Vandermonde matrix [1, x, x**2, ...] (increasing powers), as ATen's cumprod."""
    x_ = x.unsqueeze(-1) if x.dim() == 0 else x
    n = N if N is not None else x_.shape[-1]
    if n <= 1:
        raise RuntimeError("N must be greater than 1.")
    powers = torch.cumprod(x_.unsqueeze(-1).expand(*x_.shape, n - 1), -1)
    return torch.cat([torch.ones(*x_.shape, 1, dtype=powers.dtype, device=x.device), powers], -1)


def cond(A, p=None, *, out=None):
    """The condition number: the ratio of the extreme singular values (p None, 2, -2), else
    norm(A, p) * norm(inv(A), p)."""
    if p in (None, 2, -2):
        S = svdvals(A)
        high, low = S[..., 0], S[..., -1]
        return _into(high / low if p != -2 else low / high, out)
    return _into(matrix_norm(A, p) * matrix_norm(inv(A), p), out)


def tensorinv(A, ind=2, *, out=None):
    """The inverse of A seen as a matrix (its first ind dims by the rest), in A's shape reversed."""
    if ind <= 0:
        raise RuntimeError(f"Expected a strictly positive integer for 'ind', but got {ind}")
    end, start = list(A.shape[ind:]), list(A.shape[:ind])
    rows, cols = math.prod(end), math.prod(start)
    if rows != cols:
        raise RuntimeError("Expected self to satisfy the requirement prod(self.shape[ind:]) == prod(self.shape[:ind]), "
                           f"but got {rows} != {cols}")
    return _into(inv(A.reshape(rows, rows)).reshape(end + start), out)


def tensorsolve(A, B, dims=None, *, out=None):
    """X with tensordot(A, X, X.ndim) = B."""
    if dims is not None:
        A = torch.movedim(A, list(dims), list(range(A.dim() - len(dims), A.dim())))
    result_shape = list(A.shape[B.dim():])
    result_product, other_product = math.prod(result_shape), math.prod(A.shape[:B.dim()])
    if result_product != other_product:
        raise RuntimeError("Expected self to satisfy the requirement prod(self.shape[other.ndim:]) == "
                           f"prod(self.shape[:other.ndim]), but got {result_product} != {other_product}")
    return _into(solve(A.reshape(result_product, result_product), B.flatten()).reshape(result_shape), out)


def diagonal(A, *, offset=0, dim1=-2, dim2=-1):
    """The diagonals of the matrices: torch.diagonal with the matrix dimensions as defaults."""
    return torch.diagonal(A, offset, dim1, dim2)


def matrix_power(A, n, *, out=None):
    """A to the integer power n by binary powering (n < 0: of the inverse), as ATen does."""
    if not isinstance(n, int) or isinstance(n, bool):
        raise TypeError(f"linalg_matrix_power(): argument 'n' (position 2) must be int, not {type(n).__name__}")
    if A.dim() < 2:
        raise RuntimeError("linalg.matrix_power: The input tensor A must have at least 2 dimensions.")
    if A.shape[-1] != A.shape[-2]:
        raise RuntimeError(f"linalg.matrix_power: A must be batches of square matrices, but they are "
                           f"{A.shape[-2]} by {A.shape[-1]} matrices")
    if n == 0:
        eye = torch.eye(A.shape[-2], dtype=A.dtype, device=A.device)
        return _into(A.clone().copy_(eye.expand_as(A)), out)
    if n < 0:
        A, n = inv(A), -n
    if n == 1:
        return _into(A.clone(), out)
    if n == 2:
        return _into(torch.matmul(A, A), out)
    if n == 3:
        return _into(torch.matmul(torch.matmul(A, A), A), out)
    z = result = None
    while n > 0:
        bit, n = n % 2, n // 2
        z = A if z is None else torch.matmul(z, z)
        if bit:
            result = z if result is None else torch.matmul(result, z)
    return _into(result, out)


def solve_triangular(A, B, *, upper, left=True, unitriangular=False, out=None):
    """X with AX = B (XA = B) reading only A's upper or lower triangle (its diagonal taken as
    ones when unitriangular), solved by the general LU solver."""
    for name, t in (("A", A), ("B", B)):
        if t.dim() < 2:
            raise RuntimeError(f"linalg.solve_triangular: The input tensor {name} must have at least 2 dimensions.")
    T = A.triu() if upper else A.tril()
    if unitriangular:
        T = T - torch.diag_embed(T.diagonal(dim1=-2, dim2=-1)) + torch.eye(A.shape[-1], dtype=A.dtype, device=A.device)
    return _into(_la.linalg_solve(T, B, left=left), out)


def lu_factor(A, *, pivot=True, out=None):
    """(LU, pivots): A = P L U packed in one matrix, the 1-based row swaps as int32."""
    return _into(_types.linalg_lu_factor(_la.linalg_lu_factor(A, pivot)), out)


def lu_factor_ex(A, *, pivot=True, check_errors=False, out=None):
    return _into(_types.linalg_lu_factor_ex(_la.linalg_lu_factor_ex(A, pivot, check_errors)), out)


def lu(A, *, pivot=True, out=None):
    """(P, L, U) with A = P L U."""
    return _into(_types.linalg_lu(_la.linalg_lu(A, pivot)), out)


def lu_solve(LU, pivots, B, *, left=True, adjoint=False, out=None):
    return _into(_la.linalg_lu_solve(LU, pivots, B, left, adjoint), out)


def matrix_exp(A):
    return _la.linalg_matrix_exp(A)


def householder_product(A, tau, *, out=None):
    """The first n columns of H_1 ... H_k (LAPACK's orgqr), H_i = I - tau_i v_i v_i^H with v_i
    column i of A below its diagonal and 1 on it; composed of products, so differentiable."""
    op = "torch.linalg.householder_product"
    if A.dim() < 2:
        raise RuntimeError(f"{op}: input must have at least 2 dimensions.")
    m, n = A.shape[-2], A.shape[-1]
    if m < n:
        raise RuntimeError(f"{op}: input.shape[-2] must be greater than or equal to input.shape[-1]")
    if n < tau.shape[-1]:
        raise RuntimeError(f"{op}: input.shape[-1] must be greater than or equal to tau.shape[-1]")
    if tau.dim() != A.dim() - 1:
        raise RuntimeError(f"{op}: Expected tau to have one dimension less than input, but got tau.ndim equal to "
                           f"{tau.dim()} and input.ndim is equal to {A.dim()}")
    if tau.shape[:-1] != A.shape[:-2]:
        raise RuntimeError(f"{op}: Expected batch dimensions of tau to be equal to input.shape[:-2], but got "
                           f"{list(tau.shape[:-1])}")
    if tau.dtype != A.dtype:
        raise RuntimeError(f"{op}: tau dtype {_legacy_name(tau.dtype)} does not match input dtype "
                           f"{_legacy_name(A.dtype)}")
    if not A.dtype.is_floating_point:
        raise NotImplementedError(f"\"orgqr_cpu\" not implemented for '{_legacy_name(A.dtype)}'")
    eye = torch.eye(m, dtype=A.dtype, device=A.device)
    rows = torch.arange(m, device=A.device)
    Q = eye.expand(*A.shape[:-2], m, m)
    for i in range(tau.shape[-1]):
        v = A[..., :, i] * (rows > i) + (rows == i).to(A.dtype)
        Q = Q - (Q @ v.unsqueeze(-1)) @ (tau[..., i, None, None] * v.unsqueeze(-2))
    return _into(Q[..., :n].contiguous(), out)


def _legacy_name(dtype):
    """Float, Double, Long, ...: ATen's scalar type names in its messages."""
    return torch.empty(0, dtype=dtype).type().split(".")[-1].replace("Tensor", "")


def matrix_sqrth(A):
    """The principal square root of symmetric positive-definite matrices, from eigh (A's lower
    triangle): V diag(sqrt(L)) V^T, eigenvalues below zero counted as zero."""
    if A.dim() < 2 or A.size(-1) != A.size(-2):
        raise RuntimeError(f"linalg.matrix_sqrth: A must be batches of square matrices, but they are "
                           f"{A.size(-2) if A.dim() >= 2 else A.numel()} by {A.size(-1) if A.dim() else 1} matrices")
    L, V = eigh(A)
    return (V * L.clamp(min=0).sqrt().unsqueeze(-2)) @ V.mT


def polar(A, *, out=None):
    """The polar decomposition A = U H (m >= n): U = W V^T with orthonormal columns and
    H = V S V^T symmetric positive-semidefinite, from the thin SVD A = W S V^T."""
    if A.dim() >= 2 and A.size(-2) < A.size(-1):
        raise RuntimeError(f"linalg.polar: input must have at least as many rows as columns, but got "
                           f"{A.size(-2)} by {A.size(-1)} matrices")
    W, S, Vh = _la.linalg_svd(A, False)
    return _into(_types.linalg_polar((W @ Vh, (Vh.mT * S.unsqueeze(-2)) @ Vh)), out)


from torch._householder_and_ldl import ldl_factor, ldl_factor_ex, ldl_solve  # noqa: E402

__all__ += ["matrix_sqrth", "polar", "ldl_factor", "ldl_factor_ex", "ldl_solve"]
