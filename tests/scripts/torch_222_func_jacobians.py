# torch.func.jacrev, jacfwd and hessian: shapes and values for vector, matrix and scalar
# functions, argnums tuples, several outputs, has_aux, chunk_size, and agreement with
# torch.autograd.functional.jacobian / hessian.
import warnings

import torch
from torch.func import hessian, jacfwd, jacrev

warnings.simplefilter("ignore", FutureWarning)  # PyTorch's jacfwd warns about torch.jit on first use


def attempt(label, fn):
    try:
        print(label, "->", fn())
    except Exception as e:
        print(label, "->", type(e).__name__ + ":", e)


x = torch.tensor([0.5, -1.0, 2.0])
y = torch.tensor([1.5, 0.25])
m = torch.tensor([[1.0, 2.0], [-0.5, 0.3], [0.7, -1.2]])


def f(x):
    return x.sin() * x.sum()


def g(x, y):
    return torch.tanh(x[:2] * y).cumsum(0)


for jac in (jacrev, jacfwd):
    print(jac.__name__)
    print(jac(f)(x))
    print(jac(g)(x, y))
    print(jac(g, argnums=(0, 1))(x, y))
    print(jac(lambda w: w.t() @ x)(m).shape, jac(lambda w: (w.t() @ x).sum())(m))
    print(jac(lambda a: (a.exp(), a.sum()))(x))
    print(jac(lambda a: (a ** 2, {"sum": a.sum()}), has_aux=True)(x))
print(torch.allclose(jacrev(f)(x), jacfwd(f)(x)))
print(jacrev(f, chunk_size=1)(x))

h = hessian(lambda a: (a ** 3).sum() + a[0] * a[1])
print(h(x))
print(hessian(lambda a, b: (a[:2] * b).pow(2).sum(), argnums=1)(x, y))
print(hessian(lambda w: (w ** 2).prod())(torch.tensor([[1.0, 2.0], [3.0, 0.5]])).shape)
print(torch.allclose(hessian(f := lambda a: a.sin().sum() * a.norm())(x),
                     torch.autograd.functional.hessian(f, x)))
print(torch.allclose(jacrev(g, argnums=1)(x, y), torch.autograd.functional.jacobian(g, (x, y))[1]))

attempt("chunk_size 0", lambda: jacrev(f, chunk_size=0))
attempt("argnums too big", lambda: jacrev(f, argnums=1)(x))
attempt("aux not a pair", lambda: jacrev(f, has_aux=True)(x))
