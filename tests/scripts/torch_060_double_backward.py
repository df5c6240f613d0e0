# Higher-order gradients: autograd.grad(..., create_graph=True) returns gradients that carry
# a grad_fn and can be differentiated again; backward(create_graph=True) leaves a .grad
# with history (accumulated out of place).
import warnings

import torch

# x**3: first, second and third derivatives.
x = torch.tensor([2.0, -1.0, 0.5], requires_grad=True)
y = (x ** 3).sum()
g, = torch.autograd.grad(y, x, create_graph=True)
print(g, g.requires_grad, g.is_leaf)
h, = torch.autograd.grad(g.sum(), x, create_graph=True)
print(h)
t, = torch.autograd.grad(h.sum(), x)
print(t, t.requires_grad)

# The third derivative of sin and exp, one order at a time.
z = torch.tensor([0.0, 1.0, 2.5], requires_grad=True)
for name, fn in [("sin", torch.sin), ("exp", torch.exp), ("tanh", torch.tanh), ("sigmoid", torch.sigmoid)]:
    d = fn(z)
    for order in range(1, 4):
        d, = torch.autograd.grad(d.sum(), z, create_graph=True)
        print(name, order, d)

# Elementwise ops' second derivatives.
a = torch.tensor([0.5, 1.5, 2.0], requires_grad=True)
b = torch.tensor([1.2, -0.7, 0.3], requires_grad=True)
for name, f in [("mul", lambda: a * b * a), ("div", lambda: a / b), ("pow", lambda: a ** b),
                ("log", lambda: torch.log(a) * b), ("sqrt", lambda: torch.sqrt(a) * b),
                ("relu", lambda: torch.relu(b) * a), ("softmax", lambda: torch.softmax(a * b, 0)[0]),
                ("log_softmax", lambda: torch.log_softmax(a * b, 0)[1])]:
    ga, gb = torch.autograd.grad(f().sum(), (a, b), create_graph=True)
    haa, hab = torch.autograd.grad(ga.sum(), (a, b), allow_unused=True)
    print(name, ga, gb)
    print("  ", haa, hab)

# Indexing and view ops pass second derivatives through.
m = torch.arange(6.0).reshape(2, 3).requires_grad_()
for name, f in [("select", lambda: m[1] ** 2), ("slice", lambda: m[:, 1:] ** 2),
                ("index", lambda: m[torch.tensor([0, 0, 1])] ** 2), ("view", lambda: m.view(6) ** 3),
                ("transpose", lambda: m.t() ** 2), ("expand", lambda: m[:, :1].expand(2, 4) ** 2),
                ("cat", lambda: torch.cat([m, m * 2]) ** 2), ("gather", lambda: m.gather(1, torch.tensor([[2], [0]])) ** 2)]:
    g, = torch.autograd.grad(f().sum(), m, create_graph=True)
    h, = torch.autograd.grad(g.sum(), m)
    print(name, g.grad_fn.name(), g.tolist(), h.tolist())

# backward(create_graph=True): .grad has a grad_fn, the next backward adds out of place.
w = torch.tensor([1.0, 2.0], requires_grad=True)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    (w ** 3).sum().backward(create_graph=True)
print([(c.category.__name__, str(c.message)) for c in caught])
print(w.grad)
first = w.grad
(w ** 2).sum().backward(create_graph=True)
print(w.grad, first)
w.grad.sum().backward()
print(w.grad)
w.grad = None
(w * 3).sum().backward(create_graph=True)
print(w.grad, w.grad.requires_grad)

# retain_graph defaults to create_graph: the same graph can be differentiated twice.
p = torch.tensor([1.5], requires_grad=True)
q = p.exp() * p
g1, = torch.autograd.grad(q, p, create_graph=True)
g2, = torch.autograd.grad(q, p, create_graph=True)
print(g1, g2)

# First-order gradients written as derivatives.yaml writes them agree to the last bit
# (an exactly rounded sum of 2000 float32 gradients).
import math

grid = torch.arange(2000, dtype=torch.float32) * 0.000899 - 0.899
for name, f in [("asin", torch.asin), ("acos", torch.acos), ("asinh", torch.asinh),
                ("acosh", lambda t: torch.acosh(t + 2)), ("var", lambda t: t.view(40, 50).var(1)),
                ("std", lambda t: t.view(40, 50).std(1)), ("div", lambda t: t / (t + 3)),
                ("pow 3", lambda t: (t + 1) ** 3)]:
    t = grid.clone().requires_grad_()
    out = f(t)
    g, = torch.autograd.grad(out, t, torch.full_like(out, 1.3))
    print(name, repr(math.fsum(g.double().tolist())))

# Activations and reductions differentiated twice on a grid that meets their kinks (0, the
# clamp bounds): PyTorch's conventions there (elu's second derivative is 0 at 0, clamp's
# gradient is 0 on a bound).
z = torch.linspace(-2, 2, 5, requires_grad=True)
direction = torch.tensor([1.0, -2.0, 0.5, 3.0, -1.0])
F = torch.nn.functional
for name, fn in [("silu", F.silu), ("gelu", F.gelu), ("gelu tanh", lambda t: F.gelu(t, approximate="tanh")),
                 ("elu", F.elu), ("selu", F.selu), ("celu", F.celu), ("softplus", F.softplus), ("mish", F.mish),
                 ("logsigmoid", F.logsigmoid), ("relu6", F.relu6), ("hardtanh", F.hardtanh),
                 ("clamp", lambda t: t.clamp(-1, 1) ** 2), ("clamp_min", lambda t: t.clamp(min=-1) ** 2),
                 ("softmax", lambda t: F.softmax(t, 0) ** 2), ("logsumexp", lambda t: t.logsumexp(0) ** 2),
                 ("cumsum", lambda t: t.cumsum(0) ** 2), ("cumprod", lambda t: t.cumprod(0)),
                 ("norm", lambda t: t.norm()), ("std", lambda t: t.std()), ("prod", lambda t: t.prod()),
                 ("prod shifted", lambda t: (t + 1).prod()), ("max", lambda t: t.max() ** 2),
                 ("topk", lambda t: t.topk(2).values ** 2), ("sort", lambda t: t.sort().values ** 3),
                 ("where", lambda t: torch.where(t > 0, t ** 2, t ** 3)), ("minimum", lambda t: torch.minimum(t ** 2, t + 1)),
                 ("atan2", lambda t: torch.atan2(t, t + 3)), ("remainder", lambda t: torch.remainder(t ** 2, 1.5)),
                 ("bce", lambda t: F.binary_cross_entropy(torch.sigmoid(t), torch.full((5,), 0.3))),
                 ("bce logits", lambda t: F.binary_cross_entropy_with_logits(t, torch.full((5,), 0.3))),
                 ("l1", lambda t: F.l1_loss(t, torch.zeros(5)))]:
    g, = torch.autograd.grad(fn(z).sum(), z, create_graph=True)
    h = torch.autograd.grad((g * direction).sum(), z)[0] if g.requires_grad else None
    print(name, g.detach(), h)
