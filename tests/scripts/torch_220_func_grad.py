# torch.func.grad and grad_and_value: argnums as int, negative int and tuple, has_aux, dict and
# tuple inputs, nested grad (second derivatives), unused inputs (zero gradients), and the errors
# for a non-scalar or non-tensor output, bad argnums, a bad aux output and a non-tensor input.
import torch
from torch.func import grad, grad_and_value


def attempt(label, fn):
    try:
        print(label, "->", fn())
    except Exception as e:
        print(label, "->", type(e).__name__ + ":", e)


x = torch.tensor([0.5, -1.0, 2.0])
y = torch.tensor([1.5, 0.25, -3.0])


def f(x):
    return (x.sin() * x).sum()


def g(x, y):
    return (x * y.exp() + x.pow(2)).sum()


print(grad(f)(x))
print(grad_and_value(f)(x))
print(grad(g)(x, y))
print(grad(g, argnums=1)(x, y))
print(grad(g, argnums=-1)(x, y))
print(grad(g, argnums=(0, 1))(x, y))
print(grad(lambda x, y: (x * 2).sum(), argnums=(0, 1))(x, y))  # y unused: zeros


def with_aux(x):
    loss = (x ** 3).sum()
    return loss, {"loss": loss, "double": x * 2}


print(grad(with_aux, has_aux=True)(x))
print(grad_and_value(with_aux, has_aux=True)(x))

params = {"w": torch.tensor([[1.0, -2.0], [0.5, 3.0]]), "b": torch.tensor([0.1, -0.2])}
inp = torch.tensor([1.0, 2.0])
print(grad(lambda p, v: torch.tanh(p["w"] @ v + p["b"]).sum())(params, inp))
print(grad(lambda t: t[0].sum() * t[1].sum())((x, y)))

# second and third derivatives of sin at 1.0: -sin(1), -cos(1)
s = torch.tensor(1.0)
print(grad(grad(torch.sin))(s), grad(grad(grad(torch.sin)))(s))
print(grad(lambda a: grad(lambda b: (a * b ** 2).sum())(a).sum())(x))
print(x.requires_grad, grad(f)(x).requires_grad)

attempt("non-scalar", lambda: grad(torch.sin)(x))
attempt("not a tensor", lambda: grad(lambda x: 3.0)(x))
attempt("argnums too big", lambda: grad(g, argnums=2)(x, y))
attempt("argnums negative", lambda: grad(g, argnums=-3)(x, y))
attempt("argnums empty", lambda: grad(g, argnums=())(x, y))
attempt("argnums repeated", lambda: grad(g, argnums=(0, -2))(x, y))
attempt("argnums list", lambda: grad(g, argnums=[0, 1])(x, y))
attempt("argnums float", lambda: grad(g, argnums=(0, 1.0))(x, y))
attempt("aux not a pair", lambda: grad(f, has_aux=True)(x))
attempt("int input", lambda: grad(lambda x, n: x.sum() * n, argnums=1)(x, 3))
