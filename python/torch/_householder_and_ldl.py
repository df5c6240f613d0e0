"""LAPACK's Householder QR in its compact form (torch.geqrf, torch.ormqr) and the symmetric
indefinite LDL^T factorization (torch.linalg.ldl_factor / ldl_factor_ex / ldl_solve), as
LAPACK's unblocked routines compute them (dgeqr2's reflectors, dsytf2's Bunch-Kaufman pivoting
on the lower triangle, dsytrs's solve), so the factors, taus and pivots are LAPACK's to
rounding. geqrf and ldl_solve run as tensor ops on the tensor's device; ldl_factor's pivoting
decides element by element, so it runs on host numbers (tensorplay's LAPACK binding has no
sytrf) and its factors go back to the device."""
import math

import torch
from torch import return_types

def _check_float(name, A, kernel=None):
    if not A.dtype.is_floating_point:
        dtype = torch.empty(0, dtype=A.dtype).type().split(".")[-1].replace("Tensor", "")  # Long, Int, ...
        if kernel:
            raise NotImplementedError(f"\"{kernel}\" not implemented for '{dtype}'")
        raise NotImplementedError(f"{name}: Expected a floating point or complex tensor as input. Got {dtype}")


def _check_square(name, A):
    if A.dim() < 2:
        raise RuntimeError(f"{name}: The input tensor A must have at least 2 dimensions.")
    if A.size(-1) != A.size(-2):
        raise RuntimeError(f"{name}: A must be batches of square matrices, but they are {A.size(-2)} by "
                           f"{A.size(-1)} matrices")


# ---- Householder QR ----

def geqrf(input, *, out=None):
    """geqrf(input) -> (a, tau): R on and above the diagonal of a, the Householder vectors
    below it (their leading 1 implied) and their scales tau, as LAPACK's geqrf."""
    if input.dim() < 2:
        raise RuntimeError("torch.geqrf: input must have at least 2 dimensions.")
    _check_float("torch.geqrf", input, "geqrf_cpu")
    m, n = input.size(-2), input.size(-1)
    k = min(m, n)
    with torch.no_grad():
        a = input.clone()
        taus = []
        for i in range(k):
            alpha = a[..., i, i]
            below = a[..., i + 1:, i]
            xnorm = torch.linalg.vector_norm(below, dim=-1) if m - i > 1 else torch.zeros_like(alpha)
            reflect = xnorm != 0
            beta = -torch.copysign(torch.hypot(alpha, xnorm), alpha)
            safe_beta = torch.where(reflect, beta, torch.ones_like(beta))
            tau = torch.where(reflect, (beta - alpha) / safe_beta, torch.zeros_like(alpha))
            scale = torch.where(reflect, 1.0 / torch.where(reflect, alpha - beta, torch.ones_like(beta)),
                                torch.ones_like(beta))
            a[..., i + 1:, i] = below * scale.unsqueeze(-1)
            a[..., i, i] = torch.where(reflect, beta, alpha)
            taus.append(tau)
            if i + 1 < n:  # H(i) = I - tau v v^T applied to the columns to the right
                v = torch.cat([torch.ones_like(alpha).unsqueeze(-1), a[..., i + 1:, i]], -1)
                rest = a[..., i:, i + 1:]
                w = (v.unsqueeze(-2) @ rest).squeeze(-2)
                a[..., i:, i + 1:] = rest - tau[..., None, None] * v.unsqueeze(-1) * w.unsqueeze(-2)
        tau = torch.stack(taus, -1) if taus else input.new_zeros(input.shape[:-2] + (0,))
    if out is not None:
        out[0].resize_(a.shape).copy_(a)
        out[1].resize_(tau.shape).copy_(tau)
        return return_types.geqrf(tuple(out))
    return return_types.geqrf((a, tau))


def ormqr(input, tau, other, left=True, transpose=False, *, out=None):
    """ormqr(input, tau, other, left=True, transpose=False): other multiplied by the Q that
    geqrf's (input, tau) represent, Q or Q^T, from the left or the right."""
    side = other.size(-2) if left else other.size(-1)
    if tau.size(-1) != min(side, input.size(-1)):
        raise RuntimeError("torch.ormqr: tau.shape[-1] must be equal to min(other.shape[-2], input.shape[-1])"
                           if left else
                           "torch.ormqr: tau.shape[-1] must be equal to min(other.shape[-1], input.shape[-1])")
    m = input.size(-2)
    reflectors = input[..., :tau.size(-1)]
    if reflectors.size(-1) < m:  # the full m x m Q: columns past the reflectors are untouched
        pad = reflectors.new_zeros(reflectors.shape[:-1] + (m - reflectors.size(-1),))
        reflectors = torch.cat([reflectors, pad], -1)
    q = torch.linalg.householder_product(reflectors, tau)
    q = q.mT if transpose else q
    result = q @ other if left else other @ q
    return result if out is None else out.resize_(result.shape).copy_(result)


# ---- LDL^T ----

_ALPHA = (1 + math.sqrt(17)) / 8  # Bunch-Kaufman's growth bound


def _argmax_abs(values):
    best, at = -1.0, 0
    for index, v in enumerate(values):
        if abs(v) > best:
            best, at = abs(v), index
    return at, best


def _swap(a, i1, j1, i2, j2):
    a[i1][j1], a[i2][j2] = a[i2][j2], a[i1][j1]


def _sytf2_lower(a):
    """dsytf2 on the lower triangle of a (a list of rows, changed in place): the pivots
    (1-based, negative for 2 x 2 blocks) and info (the first zero pivot, 1-based, or 0)."""
    n = len(a)
    pivots, info, k = [0] * n, 0, 0
    while k < n:
        step, absakk = 1, abs(a[k][k])
        imax, colmax = _argmax_abs([a[i][k] for i in range(k + 1, n)]) if k + 1 < n else (0, 0.0)
        imax += k + 1
        if max(absakk, colmax) == 0 or math.isnan(absakk):
            info = info or k + 1
            kp = k
        else:
            if absakk >= _ALPHA * colmax:
                kp = k
            else:
                jmax, rowmax = _argmax_abs([a[imax][j] for j in range(k, imax)])
                if imax + 1 < n:
                    _, below = _argmax_abs([a[i][imax] for i in range(imax + 1, n)])
                    rowmax = max(rowmax, below)
                if absakk >= _ALPHA * colmax * (colmax / rowmax):
                    kp = k
                elif abs(a[imax][imax]) >= _ALPHA * rowmax:
                    kp = imax
                else:
                    kp, step = imax, 2
            kk = k + step - 1
            if kp != kk:  # rows and columns kk and kp of the trailing matrix exchanged
                for i in range(kp + 1, n):
                    _swap(a, i, kk, i, kp)
                for j in range(kk + 1, kp):
                    _swap(a, j, kk, kp, j)
                _swap(a, kk, kk, kp, kp)
                if step == 2:
                    _swap(a, k + 1, k, kp, k)
            if step == 1:
                d11 = 1.0 / a[k][k]
                for j in range(k + 1, n):
                    for i in range(j, n):
                        a[i][j] -= d11 * a[i][k] * a[j][k]
                for i in range(k + 1, n):
                    a[i][k] *= d11
            elif k < n - 2:
                d21 = a[k + 1][k]
                d11, d22 = a[k + 1][k + 1] / d21, a[k][k] / d21
                t = 1.0 / (d11 * d22 - 1.0)
                d21 = t / d21
                for j in range(k + 2, n):
                    wk = d21 * (d11 * a[j][k] - a[j][k + 1])
                    wkp1 = d21 * (d22 * a[j][k + 1] - a[j][k])
                    for i in range(j, n):
                        a[i][j] -= a[i][k] * wk + a[i][k + 1] * wkp1
                    a[j][k], a[j][k + 1] = wk, wkp1
        if step == 1:
            pivots[k] = kp + 1
        else:
            pivots[k] = pivots[k + 1] = -(kp + 1)
        k += step
    return pivots, info


def ldl_factor_ex(A, *, hermitian=False, check_errors=False, out=None):
    """ldl_factor_ex(A, *, hermitian=False, check_errors=False) -> (LD, pivots, info): the
    Bunch-Kaufman factorization P A P^T = L D L^T of symmetric A (its lower triangle read)."""
    _check_square("torch.linalg.ldl_factor_ex", A)
    _check_float("torch.linalg.ldl_factor_ex", A)
    n = A.size(-1)
    matrices = A.detach().reshape(-1, n, n).cpu().to(torch.float64).tolist()
    factors, pivots, infos = [], [], []
    for a in matrices:
        p, info = _sytf2_lower(a)
        factors.append(a)
        pivots.append(p)
        infos.append(info)
    batch = A.shape[:-2]
    LD = torch.tensor(factors, dtype=torch.float64).reshape(A.shape).to(A.dtype).tril().to(A.device)
    piv = torch.tensor(pivots, dtype=torch.int32).reshape(batch + (n,)).to(A.device)
    info = torch.tensor(infos, dtype=torch.int32).reshape(batch).to(A.device)
    if check_errors and bool((info > 0).any()):
        raise torch.linalg.LinAlgError(f"torch.linalg.ldl_factor_ex: The factorization could not be completed "
                                       f"because the input is not invertible.")
    return return_types.linalg_ldl_factor_ex((LD, piv, info))


def ldl_factor(A, *, hermitian=False, out=None):
    """ldl_factor(A, *, hermitian=False) -> (LD, pivots); see ldl_factor_ex."""
    LD, pivots, info = ldl_factor_ex(A, hermitian=hermitian)
    code = int(info.max().item()) if info.numel() else 0
    if code > 0:  # PyTorch 2.15 reports a singular D through an internal assert
        raise RuntimeError(f"false INTERNAL ASSERT FAILED at \"/__w/pytorch/pytorch/aten/src/ATen/native/"
                           f"BatchLinearAlgebra.cpp\":1677, please report a bug to PyTorch. "
                           f"torch.linalg.ldl_factor: Unknown error code: {code}.")
    return return_types.linalg_ldl_factor((LD, pivots))


def _sytrs_lower(LD, pivots, B):
    """dsytrs on one matrix: X with A X = B from A's factors (LD, 1-based pivots)."""
    n = LD.size(-1)
    B = B.clone()

    def swap_rows(i, j):
        if i != j:
            B[[i, j]] = B[[j, i]]

    k = 0
    while k < n:  # L D Y = P B
        if pivots[k] > 0:
            swap_rows(k, pivots[k] - 1)
            B[k + 1:] -= LD[k + 1:, k:k + 1] * B[k:k + 1]
            B[k] = B[k] / LD[k, k]
            k += 1
        else:
            swap_rows(k + 1, -pivots[k] - 1)
            B[k + 2:] -= LD[k + 2:, k:k + 1] * B[k:k + 1] + LD[k + 2:, k + 1:k + 2] * B[k + 1:k + 2]
            akm1k = LD[k + 1, k]
            akm1, ak = LD[k, k] / akm1k, LD[k + 1, k + 1] / akm1k
            denom = akm1 * ak - 1
            bkm1, bk = B[k] / akm1k, B[k + 1] / akm1k
            B[k], B[k + 1] = (ak * bkm1 - bk) / denom, (akm1 * bk - bkm1) / denom
            k += 2
    k = n - 1
    while k >= 0:  # L^T P^T X = Y
        if pivots[k] > 0:
            B[k] -= (LD[k + 1:, k:k + 1] * B[k + 1:]).sum(0)
            swap_rows(k, pivots[k] - 1)
            k -= 1
        else:
            B[k] -= (LD[k + 1:, k:k + 1] * B[k + 1:]).sum(0)
            B[k - 1] -= (LD[k + 1:, k - 1:k] * B[k + 1:]).sum(0)
            swap_rows(k, -pivots[k] - 1)
            k -= 2
    return B


def ldl_solve(LD, pivots, B, *, hermitian=False, out=None):
    """ldl_solve(LD, pivots, B, *, hermitian=False): X with A X = B, A given by ldl_factor's LD and pivots."""
    n = LD.size(-1)
    if B.size(-2) != n:
        raise RuntimeError(f"Incompatible matrix sizes for torch.linalg.ldl_solve: each A matrix is {n} by {n} but "
                           f"each b matrix is {B.size(-2)} by {B.size(-1)}")
    batch = torch.broadcast_shapes(LD.shape[:-2], pivots.shape[:-1], B.shape[:-2])
    LDs = LD.expand(batch + (n, n)).reshape(-1, n, n)
    Bs = B.expand(batch + B.shape[-2:]).reshape((-1,) + tuple(B.shape[-2:]))
    pivs = pivots.expand(batch + (n,)).reshape(-1, n).tolist()
    with torch.no_grad():
        solved = [_sytrs_lower(LDs[i], pivs[i], Bs[i]) for i in range(Bs.size(0))]
    result = torch.stack(solved).reshape(batch + B.shape[-2:]) if solved else B.new_zeros(batch + B.shape[-2:])
    return result if out is None else out.resize_(result.shape).copy_(result)


def _install():
    torch.geqrf, torch.ormqr = geqrf, ormqr
    torch.Tensor.geqrf = lambda self: geqrf(self)
    torch.Tensor.ormqr = lambda self, input2, input3, left=True, transpose=False: ormqr(self, input2, input3, left,
                                                                                         transpose)
