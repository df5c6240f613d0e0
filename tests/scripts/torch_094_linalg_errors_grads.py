# torch.linalg's errors (PyTorch's exception types and texts) and gradients (grad_fn names,
# rounded gradients) for inv, solve, det, slogdet, cholesky, qr, eigh, svd.
import torch

def r(t, d=4):
    return torch.round(t * 10 ** d) / 10 ** d + 0.0

def t(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)

L = torch.linalg
S = torch.tensor([[1., 2., 3.], [4., 5., 6.], [7., 8., 9.]])
t(lambda: L.inv(torch.tensor([[1., 2.], [2., 4.]])))
t(lambda: L.inv(torch.zeros(2, 3)))
t(lambda: L.inv(torch.zeros(3)))
t(lambda: L.inv(torch.eye(2, dtype=torch.long)))
t(lambda: L.inv(torch.eye(2, dtype=torch.half)))
t(lambda: L.inv(torch.zeros(2, 2, 2)))
t(lambda: L.inv_ex(torch.tensor([[1., 2.], [2., 4.]])).info)
t(lambda: L.inv_ex(torch.tensor([[1., 2.], [2., 4.]]), check_errors=True))
t(lambda: L.inv_ex(torch.tensor([[1., 2., 3.], [4., 5., 6.], [7., 8., 9.]])))
t(lambda: L.inv_ex(torch.zeros(2, 2, 2)))
t(lambda: L.solve_ex(torch.tensor([[1., 2.], [2., 4.]]), torch.ones(2)))
t(lambda: L.det(torch.eye(2, dtype=torch.int)))
t(lambda: L.det(torch.eye(2, dtype=torch.half)))
t(lambda: L.det(torch.zeros(2, 3)))
t(lambda: L.slogdet(torch.zeros(3)))
t(lambda: L.slogdet(torch.eye(2, dtype=torch.half)))
t(lambda: torch.logdet(torch.eye(2, dtype=torch.int)))
t(lambda: L.cholesky(torch.tensor([[1., 2.], [2., 1.]])))
t(lambda: L.cholesky(-torch.eye(2).expand(3, 2, 2)))
t(lambda: L.cholesky(torch.eye(2, dtype=torch.half)))
t(lambda: L.cholesky_ex(-torch.eye(2)).info)
t(lambda: L.solve(torch.tensor([[1., 2.], [2., 4.]]), torch.ones(2)))
t(lambda: L.solve(torch.zeros(2, 2, 2), torch.ones(2, 2, 1)))
t(lambda: L.solve(torch.eye(3), torch.ones(4)))
t(lambda: L.solve(torch.eye(3), torch.ones(4, 2)))
t(lambda: L.solve(torch.eye(2), torch.ones(2, 3), left=False))
t(lambda: L.solve(torch.eye(3), torch.ones(3, 2, dtype=torch.float64)))
t(lambda: L.solve(torch.eye(2, dtype=torch.long), torch.ones(2, 1, dtype=torch.long)))
t(lambda: L.solve(torch.eye(2).expand(4, 2, 2), torch.ones(3, 2, 1)))
t(lambda: L.solve(torch.zeros(2, 3), torch.ones(3)))
t(lambda: L.eigh(torch.zeros(2, 3)))
t(lambda: L.eigh(torch.eye(2, dtype=torch.long)))
t(lambda: L.eigh(torch.eye(2), UPLO="X"))
t(lambda: L.qr(torch.eye(2), mode="x"))
t(lambda: L.qr(torch.zeros(3)))
t(lambda: L.qr(torch.eye(2, dtype=torch.int)))
t(lambda: L.svd(torch.zeros(3)))
t(lambda: L.svd(torch.eye(2, dtype=torch.long)))
t(lambda: L.svd(torch.tensor([[float("nan"), 0.], [0., 1.]])))
t(lambda: L.svdvals(torch.eye(2, dtype=torch.half)))
t(lambda: L.matrix_power(torch.zeros(2, 3), 2))
t(lambda: L.matrix_power(torch.zeros(3), 2))
t(lambda: L.matrix_power(torch.eye(2, dtype=torch.long), -1))
t(lambda: L.matrix_power(S, -1))
t(lambda: L.pinv(torch.zeros(3)))
t(lambda: L.matrix_rank(torch.zeros(3)))
t(lambda: L.lstsq(torch.zeros(3, 2), torch.zeros(4, 1)))
t(lambda: L.solve_triangular(torch.eye(3), torch.ones(3), upper=True))
print(issubclass(L.LinAlgError, RuntimeError))
try:
    L.inv(torch.zeros(2, 2))
except L.LinAlgError as e:
    print("caught", e)

# Gradients.
A = torch.tensor([[4., 1., 0.], [1., 3., 1.], [0., 1., 2.]], requires_grad=True)
b = torch.tensor([1., 2., 3.], requires_grad=True)
for name, f in [
    ("inv", lambda: L.inv(A)), ("inverse", lambda: torch.inverse(A)), ("det", lambda: L.det(A)),
    ("slogdet", lambda: L.slogdet(A).logabsdet), ("solve", lambda: L.solve(A, b)),
    ("solve_right", lambda: L.solve(A, b.expand(2, 3), left=False)), ("cholesky", lambda: L.cholesky(A)),
    ("cholesky_upper", lambda: L.cholesky(A, upper=True)), ("qr", lambda: L.qr(A).R),
    ("eigvalsh", lambda: L.eigvalsh(A)), ("svdvals", lambda: L.svdvals(A)),
    ("eigh_vectors", lambda: L.eigh(A).eigenvectors ** 2), ("svd_u", lambda: L.svd(A).U ** 2),
    ("matrix_power", lambda: L.matrix_power(A, 3)),
]:
    A.grad = None
    b.grad = None
    out = f()
    print(name, out.grad_fn.name())
    (out * torch.arange(1., out.numel() + 1).reshape(out.shape)).sum().backward()
    print(r(A.grad, 3), None if b.grad is None else r(b.grad, 3))
