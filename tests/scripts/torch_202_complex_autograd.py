# Gradients through complex tensors, PyTorch's convention: for a real loss L of a complex z,
# z.grad is the conjugate Wirtinger derivative dL/dre(z) + i dL/dim(z). tensorplay composes
# complex ops from real ones, each recording its own gradient, and names the result's grad_fn
# as PyTorch does.
import torch


def grad_of(f, *inputs):
    leaves = [t.detach().clone().requires_grad_() for t in inputs]
    out = f(*leaves)
    out.backward()
    return [repr(t.grad) for t in leaves]


z = torch.tensor([1 + 2j, -0.5 + 1j, 3 - 1j])
w = torch.tensor([2 - 1j, 0.25 + 0.5j, -1 + 1j])
r = torch.tensor([0.5, -2.0, 1.5])
cases = [
    ("abs", lambda a: a.abs().sum(), [z]),
    ("angle", lambda a: a.angle().sum(), [z]),
    ("real", lambda a: (a.real * torch.tensor([1.0, 2.0, 3.0])).sum(), [z]),
    ("imag", lambda a: (a.imag ** 2).sum(), [z]),
    ("view_as_real", lambda a: (torch.view_as_real(a) * torch.tensor([1.0, -1.0])).sum(), [z]),
    ("mul", lambda a, b: (a * b).abs().sum(), [z, w]),
    ("div", lambda a, b: (a / b).real.sum(), [z, w]),
    ("add sub", lambda a, b: (a + 2 * b - 1j).imag.sum(), [z, w]),
    ("exp", lambda a: (a.exp() * torch.tensor([1 + 1j, 2, 1j])).real.sum(), [z]),
    ("log", lambda a: a.log().imag.sum(), [z]),
    ("sqrt", lambda a: a.sqrt().real.sum(), [z]),
    ("sin cos", lambda a: (a.sin() * a.cos()).abs().sum(), [z]),
    ("tanh", lambda a: a.tanh().real.sum(), [z * 0.3]),
    ("sigmoid", lambda a: a.sigmoid().imag.sum(), [z * 0.3]),
    ("reciprocal", lambda a: a.reciprocal().abs().sum(), [z]),
    ("pow", lambda a: (a ** 2).real.sum(), [z]),
    ("conj", lambda a: (a.conj() * a).real.sum(), [z]),
    ("sum", lambda a: a.sum().abs(), [z]),
    ("mean", lambda a: a.mean().real, [z]),
    ("prod", lambda a: a.prod().imag, [z]),
    ("matmul", lambda a, b: (a.reshape(3, 1) @ b.reshape(1, 3)).abs().sum(), [z, w]),
    ("dot", lambda a, b: torch.dot(a, b).real, [z, w]),
    ("complex", lambda x, y: torch.complex(x, y).abs().sum(), [r, r.flip(0)]),
    ("polar", lambda m, p: torch.polar(m, p).real.sum(), [r.abs(), r]),
    ("real to complex", lambda x: (x * (1 + 1j)).abs().sum(), [r]),
    ("to complex", lambda x: (x.to(torch.cfloat) * w).imag.sum(), [r]),
]
for name, f, inputs in cases:
    print(name, *grad_of(f, *inputs))

a = torch.tensor([1 + 1j, 2 - 1j], requires_grad=True)
b = a * a
print(repr(b))
print(b.grad_fn.name(), (a + a).grad_fn.name(), (a / a).grad_fn.name(), a.abs().grad_fn.name(),
      a.exp().grad_fn.name(), a.sum().grad_fn.name(), torch.complex(a.real, a.imag).grad_fn.name())
b.abs().sum().backward()
print(repr(a.grad))
try:
    (a * 2).sum().backward()
except RuntimeError as e:
    print("RuntimeError:", e)
double = torch.tensor([0.5 - 1j, 2 + 0.25j], dtype=torch.cdouble, requires_grad=True)
print(torch.autograd.gradcheck(lambda t: (t * t.exp()).abs(), (double,)))
