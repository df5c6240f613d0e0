# torch.func.vjp and jvp: several inputs and outputs, dict outputs, has_aux, strict, the
# cotangent / tangent structure checks and their texts. (tensorplay computes jvp by the
# double-vjp trick; the numbers are PyTorch's forward mode's.)
import warnings

import torch
from torch.func import jvp, vjp

warnings.simplefilter("ignore", FutureWarning)  # PyTorch's jvp warns about torch.jit on first use


def attempt(label, fn):
    try:
        print(label, "->", fn())
    except Exception as e:
        print(label, "->", type(e).__name__ + ":", e)


x = torch.tensor([0.5, -1.0, 2.0])
y = torch.tensor([1.5, 0.25, -3.0])

out, fn = vjp(torch.sin, x)
print(out, fn(torch.ones(3)))
out, fn = vjp(lambda a, b: (a * b, a.exp().sum()), x, y)
print(out)
print(fn((torch.tensor([1.0, 2.0, 3.0]), torch.tensor(0.5))))
out, fn = vjp(lambda a: {"s": a.sin(), "c": a.cos()}, x)
print(fn({"s": torch.ones(3), "c": torch.full((3,), 2.0)}))
out, fn, aux = vjp(lambda a: (a ** 2, a.sum()), x, has_aux=True)
print(out, aux, fn(torch.ones(3)))
out, fn = vjp(lambda a, b: a * 2, x, y)
print(fn(torch.ones(3)))  # b unused: zeros

attempt("cotangent structure", lambda: vjp(lambda a: (a, a * 2), x)[1](torch.ones(3)))
attempt("cotangent tuple", lambda: vjp(lambda a: a, x)[1]((torch.ones(3),)))
attempt("cotangent dict", lambda: vjp(lambda a: {"a": a}, x)[1]([torch.ones(3)]))
attempt("integer output", lambda: vjp(lambda a: (a > 0).long(), x))
attempt("aux not a pair", lambda: vjp(torch.sin, x, has_aux=True))

print(jvp(torch.sin, (x,), (torch.ones(3),)))
print(jvp(lambda a, b: a * b + a.exp(), (x, y), (torch.tensor([1.0, 0.0, -1.0]), torch.full((3,), 0.5))))
print(jvp(lambda a: (a.sum(), a.cumsum(0)), (x,), (y,)))
print(jvp(lambda a: (a.tanh(), {"n": a.norm()}), (x,), (y,), has_aux=True))
print(jvp(lambda a, b: a * 3, (x, y), (y, x)))
print(jvp(lambda a: torch.ones(2), (x,), (y,)))
attempt("strict", lambda: jvp(lambda a: torch.ones(2), (x,), (y,), strict=True))
attempt("tangents structure", lambda: jvp(torch.mul, (x, y), (x, (y,))))
attempt("primals not a tuple", lambda: jvp(torch.sin, x, (y,)))
attempt("tangent shape", lambda: jvp(torch.sin, (x,), (torch.ones(2),)))
attempt("primals not tensors", lambda: jvp(torch.sin, (1.0,), (1.0,)))
attempt("aux not a pair", lambda: jvp(torch.sin, (x,), (y,), has_aux=True))
