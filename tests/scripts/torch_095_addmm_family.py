# baddbmm, addbmm, addmv and addr: beta * input + alpha * product, as functions, Tensor
# methods and in place; beta=0 ignores NaN in input; PyTorch's errors and gradients.
import torch

def r(t, d=4):
    return torch.round(t * 10 ** d) / 10 ** d + 0.0  # + 0.0: no -0. from a tiny negative


def t(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)

torch.manual_seed(0)
M = torch.randn(3, 5)
b1 = torch.randn(2, 3, 4)
b2 = torch.randn(2, 4, 5)
print(r(torch.baddbmm(M, b1, b2)))
print(r(torch.baddbmm(M, b1, b2, beta=0.5, alpha=2)))
print(r(M.expand(2, 3, 5).baddbmm(b1, b2, alpha=-1)))
print(r(torch.addbmm(M, b1, b2)))
print(r(M.addbmm(b1, b2, beta=2, alpha=0.5)))
mat = torch.randn(3, 4)
vec = torch.randn(4)
v3 = torch.randn(3)
print(r(torch.addmv(v3, mat, vec)), r(torch.addmv(v3, mat, vec, beta=2, alpha=3)))
print(r(v3.addmv(mat, vec)), r(torch.addmv(torch.tensor(1.), mat, vec)))
print(r(torch.addr(mat, v3, vec)))
print(r(mat.addr(v3, vec, beta=0.5, alpha=2)))
print(torch.addr(torch.zeros(3, 4, dtype=torch.float64), v3, vec).dtype)
print(torch.addr(torch.ones(3, 4, dtype=torch.long), torch.arange(3), torch.arange(4), alpha=2))
print(torch.addmv(torch.ones(2, dtype=torch.long), torch.ones(2, 3, dtype=torch.long), torch.arange(3), beta=2))
nan = float("nan")
print(torch.addr(torch.full((3, 4), nan), v3, vec, beta=0).isnan().any())
print(torch.addmv(torch.full((3,), nan), mat, vec, beta=0).isnan().any())
print(torch.baddbmm(torch.full((3, 5), nan), b1, b2, beta=0).isnan().any())
print(torch.addbmm(torch.full((3, 5), nan), b1, b2, beta=0).isnan().any())
x = torch.ones(2, 3, 5)
print(r(x.baddbmm_(b1, b2, beta=0.5)))
y = torch.ones(3, 5)
print(r(y.addbmm_(b1, b2)))
z = torch.zeros(3)
print(r(z.addmv_(mat, vec, alpha=2)))
w = torch.zeros(3, 4)
print(r(w.addr_(v3, vec)))
t(lambda: torch.baddbmm(M, b1[0], b2))
t(lambda: torch.baddbmm(M, b1, b2[0]))
t(lambda: torch.baddbmm(M, b1, torch.ones(2, 3, 5)))
t(lambda: torch.baddbmm(M, b1, torch.ones(3, 4, 5)))
t(lambda: torch.baddbmm(torch.ones(4, 5), b1, b2))
t(lambda: torch.baddbmm(M.double(), b1, b2))
t(lambda: torch.baddbmm(M, b1.double(), b2))
t(lambda: M.baddbmm_(b1, b2))
t(lambda: torch.addbmm(M, b1[0], b2))
t(lambda: torch.addbmm(M, b1, torch.ones(2, 3, 5)))
t(lambda: torch.addbmm(M, b1, torch.ones(3, 4, 5)))
t(lambda: torch.addbmm(torch.ones(4, 5), b1, b2))
t(lambda: torch.addbmm(M.double(), b1, b2))
t(lambda: torch.addbmm(M, b1.double(), b2))
t(lambda: torch.addmv(v3, mat, torch.ones(5)))
t(lambda: torch.addmv(torch.ones(4), mat, vec))
t(lambda: torch.addmv(v3, mat[0], vec))
t(lambda: torch.addmv(v3, mat, mat))
t(lambda: torch.addmv(v3.double(), mat, vec))
t(lambda: torch.addmv(v3, mat.double(), vec))
t(lambda: torch.ones(1).addmv_(mat, vec))
t(lambda: torch.addr(mat, torch.ones(4), vec))
t(lambda: torch.addr(mat, torch.ones(3, 1), vec))
t(lambda: torch.addr(mat, v3, torch.ones(4, 1)))
t(lambda: torch.addr(torch.ones(5), v3, vec))
t(lambda: torch.addr(torch.ones(3, 4, dtype=torch.long), torch.arange(3), torch.arange(4), beta=0.5))
t(lambda: torch.addmv(torch.ones(3, dtype=torch.long), torch.ones(3, 2, dtype=torch.long), torch.ones(2, dtype=torch.long), alpha=0.5))
# Gradients.
for name, f, args in [
    ("baddbmm", lambda a, b, c: torch.baddbmm(a, b, c, beta=0.5, alpha=2), (M, b1, b2)),
    ("addbmm", lambda a, b, c: torch.addbmm(a, b, c, beta=2, alpha=0.5), (M, b1, b2)),
    ("addmv", lambda a, b, c: torch.addmv(a, b, c, beta=3), (v3, mat, vec)),
    ("addr", lambda a, b, c: torch.addr(a, b, c, alpha=-1), (mat, v3, vec)),
    ("addmv_broadcast", lambda a, b, c: torch.addmv(a, b, c), (torch.tensor(2.), mat, vec)),
]:
    leaves = [a.clone().requires_grad_() for a in args]
    out = f(*leaves)
    print(name, out.grad_fn.name())
    (out * out).sum().backward()
    for leaf in leaves:
        print(r(leaf.grad, 3))
