# geqrf / ormqr (LAPACK's compact Householder QR and its Q applied from either side, transposed or
# not), the LDL^T factorization (Bunch-Kaufman pivots: 1 x 1 and 2 x 2 blocks, a singular matrix's
# info, batches) and ldl_solve, matrix_sqrth and polar; their gradients' grad_fns; their refusals.
import torch


def attempt(label, fn):
    try:
        print(label, "->", fn())
    except Exception as e:
        print(label, "->", type(e).__name__ + ":", e)


A = torch.tensor([[1.0, 2], [3, 4], [5, 6]])
a, tau = torch.geqrf(A)
print(a, tau)
print(torch.geqrf(torch.tensor([[2.0, -1, 0], [-1, 2, -1], [0, -1, 2]], dtype=torch.float64)))
print(torch.geqrf(torch.tensor([[1.0, 2, 3], [4, 5, 6]])))
eye = torch.eye(3)
for left in (True, False):
    for transpose in (False, True):
        print(left, transpose, torch.ormqr(a, tau, eye, left=left, transpose=transpose))
q = torch.ormqr(a, tau, eye)
print(torch.dist(q @ torch.cat([a.triu()[:2], torch.zeros(1, 2)]), A) < 1e-5)
print(a.ormqr(tau, torch.ones(3, 2)), A.geqrf().tau)
attempt("geqrf 1-D", lambda: torch.geqrf(torch.ones(3)))
attempt("geqrf int", lambda: torch.geqrf(torch.ones(2, 2, dtype=torch.int64)))
attempt("ormqr tau", lambda: torch.ormqr(torch.ones(3, 2), torch.ones(3), torch.ones(3, 3)))

S = torch.tensor([[1.0, 2, 3], [2, 0, 1], [3, 1, 0]])
LD, piv = torch.linalg.ldl_factor(S)
print(LD, piv)
print(torch.linalg.ldl_solve(LD, piv, S @ torch.tensor([[1.0, 0.5], [2, 1], [3, -1]])).round(decimals=4) + 0.0)
torch.manual_seed(0)
B = torch.randn(2, 5, 5, dtype=torch.float64)
B = B + B.mT
LD, piv, info = torch.linalg.ldl_factor_ex(B)
print(LD, piv, info)
X = torch.linalg.ldl_solve(LD, piv, torch.randn(2, 5, 3, dtype=torch.float64))
print(X.shape, torch.allclose(B @ X, B @ torch.linalg.solve(B, B @ X)))
print(torch.linalg.ldl_factor(torch.tensor([[4.0, 2], [2, 3]]), hermitian=True))
print(torch.linalg.ldl_factor_ex(torch.zeros(3, 3)))
attempt("ldl singular", lambda: torch.linalg.ldl_factor(torch.zeros(3, 3)))
attempt("ldl rectangular", lambda: torch.linalg.ldl_factor(torch.ones(2, 3)))
attempt("ldl int", lambda: torch.linalg.ldl_factor(torch.ones(2, 2, dtype=torch.int64)))
attempt("ldl_solve sizes", lambda: torch.linalg.ldl_solve(torch.eye(3), torch.tensor([1, 2, 3], dtype=torch.int32),
                                                         torch.ones(2, 2)))

P = torch.tensor([[4.0, 1, 0], [1, 3, 1], [0, 1, 2]])
R = torch.linalg.matrix_sqrth(P)
print(R, torch.allclose(R @ R, P, atol=1e-5))
print(torch.linalg.matrix_sqrth(torch.tensor([[2.0, 0], [0, 9]])), torch.linalg.matrix_sqrth(-torch.eye(2)))
attempt("sqrth rectangular", lambda: torch.linalg.matrix_sqrth(torch.ones(2, 3)))
M = torch.tensor([[1.0, 2], [3, 4], [0, 1]])
U, H = torch.linalg.polar(M)
print(U, H, torch.allclose(U @ H, M, atol=1e-5), torch.allclose(U.mT @ U, torch.eye(2), atol=1e-5))
print(torch.linalg.polar(torch.eye(2)))
attempt("polar wide", lambda: torch.linalg.polar(torch.ones(2, 3)))

x = torch.tensor([[2.0, 1], [1, 3]], requires_grad=True)
print(torch.linalg.matrix_sqrth(x).sum().backward(), x.grad)
y = torch.tensor([[2.0, 1], [0, 3]], requires_grad=True)
print(torch.linalg.polar(y)[0].sum().backward(), y.grad)
