# The LU family and matrix_exp: torch.linalg.lu_factor / lu_factor_ex / lu / lu_solve,
# torch.lu_unpack, the deprecated torch.lu / torch.lu_solve (and their warnings), Tensor.lu,
# torch.linalg.matrix_exp / Tensor.matrix_exp: named tuples, pivots, rectangular and batched
# inputs, left/adjoint solves, grad_fns, gradients (gradcheck in float64), PyTorch's errors.
# LAPACK differs (PyTorch's MKL, tensorplay's OpenBLAS), so printed factors come from matrices
# whose LU is exact (power-of-two pivots); random ones are checked against float64 instead.
import warnings

import torch


def attempt(label, fn):
    try:
        out = fn()
        print(label, "->", out if not isinstance(out, torch.Tensor) else tuple(out.shape))
    except Exception as e:
        print(label, "->", type(e).__name__ + ":", e)


A = torch.tensor([[2.0, 1.0, 1.0], [4.0, 3.0, 3.0], [8.0, 7.0, 9.0]])
print(torch.linalg.lu_factor(A))
print(torch.linalg.lu_factor_ex(A))
print(torch.linalg.lu(A))
P, L, U = torch.linalg.lu(A)
print(torch.equal(P @ L @ U, A), L.dtype, P.dtype)
LU, piv = torch.linalg.lu_factor(A)
print(torch.lu_unpack(LU, piv))
print(torch.lu_unpack(LU, piv, unpack_data=False), torch.lu_unpack(LU, piv, unpack_pivots=False).P)
wide = torch.tensor([[2.0, 4.0, 1.0, 3.0], [8.0, 4.0, 2.0, 1.0]])
print(torch.linalg.lu(wide), torch.linalg.lu(wide.T))
print(torch.linalg.lu_factor(wide.T))
print(torch.linalg.lu_factor_ex(torch.tensor([[1.0, 2.0], [2.0, 4.0]])))
print(torch.linalg.lu_factor(A.double()).LU.dtype, torch.linalg.lu_factor(torch.zeros(2, 0, 3)).pivots.shape)
B = torch.tensor([[4.0, 1.0], [10.0, 2.0], [24.0, 3.0]])
print(torch.linalg.lu_solve(LU, piv, B))
print(torch.linalg.lu_solve(LU, piv, B, adjoint=True).shape, torch.linalg.lu_solve(LU, piv, B.T, left=False).shape)

# ---- batched random matrices against float64 ----
torch.manual_seed(0)
M = torch.randn(2, 3, 4, 4)
R = torch.randn(2, 3, 4, 2)
LU, piv, info = torch.linalg.lu_factor_ex(M)
print(LU.shape, piv.shape, piv.dtype, info.shape, info.dtype, info.sum().item())
P, L, U = torch.linalg.lu(M)
print(((P @ L @ U) - M).abs().max().item() < 1e-5, torch.equal(piv, torch.linalg.lu_factor(M.double()).pivots))
for kw in [{}, {"adjoint": True}, {"left": False}, {"left": False, "adjoint": True}]:
    rhs = R if kw.get("left", True) else R.mT
    X = torch.linalg.lu_solve(LU, piv, rhs, **kw)
    A_ = M.mT if kw.get("adjoint") else M
    ref = torch.linalg.solve(A_.double(), rhs.double(), left=kw.get("left", True))
    print(kw, tuple(X.shape), (X.double() - ref).abs().max().item() < 1e-4)
print(torch.linalg.lu_solve(LU[0], piv[0], R).shape)
T = torch.randn(5, 3)
P, L, U = torch.linalg.lu(T)
print(P.shape, L.shape, U.shape, ((P @ L @ U) - T).abs().max().item() < 1e-5)

# ---- deprecated names and methods ----
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    print(torch.lu(A))
    print(torch.lu(A, get_infos=True))
    print(A.lu())
    print(torch.lu_solve(B, *torch.lu(A)), B.lu_solve(*A.lu()).shape)
    T = torch.tensor([[2.0, 1.0], [0.0, 4.0]])
    rhs = torch.tensor([[1.0], [2.0]])
    print(torch.triangular_solve(rhs, T))
    print(torch.triangular_solve(rhs, T, transpose=True).solution, torch.triangular_solve(rhs, T, upper=False).solution,
          rhs.triangular_solve(T, unitriangular=True).solution)
print([(c.category.__name__, str(c.message).splitlines()[0]) for c in caught])
Td = torch.randn(3, 3, dtype=torch.float64).triu() + 3 * torch.eye(3, dtype=torch.float64)
print(torch.autograd.gradcheck(lambda a, b: torch.triangular_solve(b, a, transpose=True).solution,
                               (Td.requires_grad_(), torch.randn(3, 2, dtype=torch.float64, requires_grad=True))))

# ---- matrix_exp ----
print(torch.linalg.matrix_exp(torch.zeros(2, 2)), torch.matrix_exp(torch.diag(torch.tensor([0.0, 1.0]))))
N = torch.tensor([[0.0, 1.0, 2.0], [0.0, 0.0, 3.0], [0.0, 0.0, 0.0]])  # nilpotent: I + N + N^2/2
print(torch.linalg.matrix_exp(N), N.matrix_exp().dtype)
for scale in [0.01, 1.0, 5.0]:
    S = torch.randn(3, 4, 4) * scale
    ref = torch.linalg.matrix_exp(S.double())
    got = torch.linalg.matrix_exp(S)
    print(scale, (got.double() - ref).abs().max().item() / ref.abs().max().item() < 1e-5)
print(torch.linalg.matrix_exp(torch.zeros(0, 3, 3)).shape, torch.linalg.matrix_exp(torch.empty(2, 3, 3, device="meta")).shape)
print(torch.linalg.lu_factor(torch.empty(3, 3, device="meta")).LU.shape, torch.linalg.lu(torch.empty(3, 4, device="meta")).U.shape)

# ---- gradients ----
Ad = torch.randn(3, 3, dtype=torch.float64, requires_grad=True)
Wd = torch.randn(4, 2, dtype=torch.float64, requires_grad=True)
Bd = torch.randn(3, 2, dtype=torch.float64, requires_grad=True)
print([t.grad_fn.name() if t.grad_fn else None for t in torch.linalg.lu(Ad)])
print([t.grad_fn.name() if t.grad_fn else None for t in torch.linalg.lu_factor_ex(Ad)])
LUd, pivd = torch.linalg.lu_factor(Ad)
print([t.grad_fn.name() if t.grad_fn else None for t in torch.lu_unpack(LUd, pivd)])
print(torch.linalg.lu_solve(LUd, pivd, Bd).grad_fn.name(), torch.linalg.matrix_exp(Ad).grad_fn.name())
print(torch.autograd.gradcheck(lambda a: torch.linalg.lu(a)[1:], (Ad,)))
print(torch.autograd.gradcheck(lambda a: torch.linalg.lu(a)[1:], (Wd,)), torch.autograd.gradcheck(lambda a: torch.linalg.lu(a)[1:], (Wd.T.detach().requires_grad_(),)))
print(torch.autograd.gradcheck(lambda a: torch.linalg.lu_factor(a).LU, (Ad,)))
for kw in [{}, {"adjoint": True}, {"left": False}, {"left": False, "adjoint": True}]:
    rhs = Bd if kw.get("left", True) else Bd.T.detach().requires_grad_()
    print(kw, torch.autograd.gradcheck(lambda a, b: torch.linalg.lu_solve(*torch.linalg.lu_factor(a), b, **kw), (Ad, rhs)))
print(torch.autograd.gradcheck(torch.linalg.matrix_exp, (Ad,)), torch.autograd.gradgradcheck(torch.linalg.matrix_exp, (Ad,)))
print(torch.autograd.gradgradcheck(lambda a: torch.linalg.lu(a)[2], (Ad,)))

# ---- errors ----
attempt("lu_factor 1-D", lambda: torch.linalg.lu_factor(torch.ones(3)))
attempt("lu_factor long", lambda: torch.linalg.lu_factor(torch.ones(3, 3, dtype=torch.long)))
attempt("lu_factor singular", lambda: torch.linalg.lu_factor(torch.tensor([[1.0, 2.0], [2.0, 4.0]])))
attempt("lu_factor singular batch", lambda: torch.linalg.lu_factor(torch.stack([A[:2, :2], torch.tensor([[1.0, 2.0], [2.0, 4.0]])])))
attempt("lu_factor_ex check_errors", lambda: torch.linalg.lu_factor_ex(torch.tensor([[1.0, 2.0], [2.0, 4.0]]), check_errors=True))
attempt("lu_factor no pivot", lambda: torch.linalg.lu_factor(A, pivot=False))
attempt("lu no pivot", lambda: torch.linalg.lu(A, pivot=False))
attempt("lu 1-D", lambda: torch.linalg.lu(torch.ones(3)))
attempt("lu long", lambda: torch.linalg.lu(torch.ones(3, 3, dtype=torch.long)))
LU, piv = torch.linalg.lu_factor(A)
attempt("lu_solve shapes", lambda: torch.linalg.lu_solve(LU, piv, torch.ones(2, 1)))
attempt("lu_solve not square", lambda: torch.linalg.lu_solve(*torch.linalg.lu_factor(A[:2]), torch.ones(2, 1)))
attempt("lu_solve dtype", lambda: torch.linalg.lu_solve(LU, piv, torch.ones(3, 1).double()))
attempt("lu_solve pivots dtype", lambda: torch.linalg.lu_solve(LU, piv.long(), torch.ones(3, 1)))
attempt("lu_solve pivots shape", lambda: torch.linalg.lu_solve(LU, piv[:2], torch.ones(3, 1)))
attempt("lu_solve B 1-D", lambda: torch.linalg.lu_solve(LU, piv, torch.ones(3)))
attempt("lu_unpack pivots dtype", lambda: torch.lu_unpack(LU, piv.long()))
attempt("lu_unpack 1-D", lambda: torch.lu_unpack(torch.ones(3), torch.ones(3).int()))
attempt("lu_unpack pivots shape", lambda: torch.lu_unpack(LU, piv[:2]))
attempt("triangular_solve b 1-D", lambda: torch.triangular_solve(torch.ones(2), torch.eye(2)))
attempt("triangular_solve not square", lambda: torch.triangular_solve(torch.ones(2, 1), torch.ones(2, 3)))
attempt("triangular_solve sizes", lambda: torch.triangular_solve(torch.ones(3, 1), torch.eye(2)))
attempt("triangular_solve dtype", lambda: torch.triangular_solve(torch.ones(2, 1).double(), torch.eye(2)))
attempt("triangular_solve long", lambda: torch.triangular_solve(torch.ones(2, 1).long(), torch.eye(2).long()))
attempt("matrix_exp 1-D", lambda: torch.linalg.matrix_exp(torch.ones(3)))
attempt("matrix_exp not square", lambda: torch.linalg.matrix_exp(torch.ones(3, 2)))
attempt("matrix_exp long", lambda: torch.linalg.matrix_exp(torch.ones(3, 3).long()))
