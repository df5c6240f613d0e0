# Activations: hardswish, hardsigmoid, hardshrink, softshrink, threshold, tanhshrink, softsign,
# softmin, glu, prelu, rrelu: values at edge points, gradients, grad_fn names, in-place forms,
# modules and their reprs, and PyTorch's errors.
import torch
import torch.nn as nn
import torch.nn.functional as F


def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


torch.manual_seed(0)
edges = [-4., -3., -1., -0.5, -0.2, 0., 0.2, 0.5, 1., 3., 4., float("inf"), float("-inf"), float("nan")]
x = torch.tensor(edges, requires_grad=True)
cases = [
    ("hardswish", F.hardswish), ("hardsigmoid", F.hardsigmoid), ("hardshrink", F.hardshrink),
    ("hardshrink(0.2)", lambda v: F.hardshrink(v, 0.2)), ("softshrink", F.softshrink),
    ("softshrink(1)", lambda v: F.softshrink(v, 1.0)), ("threshold", lambda v: F.threshold(v, 0.2, -7.0)),
    ("tanhshrink", F.tanhshrink), ("softsign", F.softsign),
]
for name, f in cases:
    y = f(x)
    g, = torch.autograd.grad(y.sum(), x)
    print(name, y.grad_fn.name())
    print(y.detach())
    print(g)

# seeded inputs, float32 and float64
a = torch.randn(2, 5)
for name, f in cases:
    print(name, f(a), f(a.double()).dtype)

# in-place forms return the same tensor
for name, f in [("hardswish", lambda v: F.hardswish(v, inplace=True)),
                ("hardsigmoid", lambda v: F.hardsigmoid(v, inplace=True)),
                ("threshold", lambda v: F.threshold(v, 0.0, 0.5, inplace=True)),
                ("threshold_", lambda v: F.threshold_(v, 0.0, 0.5))]:
    b = a.clone()
    r = f(b)
    print(name, r is b, b)
w = torch.randn(3, requires_grad=True)
y = F.hardswish(w.clone(), inplace=True)
print(y.grad_fn.name())
y.sum().backward()
print(w.grad)
y = F.threshold(w.clone(), 0.1, 2.0, inplace=True)
print(y.grad_fn.name())

# torch-level functions
print(torch.hardshrink(torch.tensor([0.5, -0.5, 0.6]), 0.5))
print(torch.threshold(torch.tensor([-1, -2, 0, 3]), -1.5, 9))
print(torch.threshold(torch.tensor([1, 2, 3]), 1.5, 7.9))

# dtypes
for dt in [torch.int64, torch.bool, torch.float16, torch.float64]:
    t = torch.tensor([1, 0, 3]).to(dt)
    for name, f in [("hardswish", F.hardswish), ("hardsigmoid", F.hardsigmoid), ("hardshrink", F.hardshrink),
                    ("softshrink", F.softshrink), ("threshold", lambda v: F.threshold(v, 1, 5))]:
        attempt(lambda: (name, f(t)))
for dt in [torch.float16, torch.bfloat16, torch.float64, torch.float32]:
    attempt(lambda: F.softshrink(torch.ones(2, dtype=dt), -0.5))
attempt(lambda: F.softshrink(torch.ones(2), 1e39))

# softmin
s = torch.randn(2, 3, requires_grad=True)
print(F.softmin(s, dim=1))
print(F.softmin(s, dim=0, dtype=torch.float64))
print(nn.Softmin(dim=1)(s))
sm = torch.randn(2, 3, 2, 2)
print(nn.Softmax2d()(sm).sum(-3))
attempt(lambda: nn.Softmax2d()(torch.randn(2, 3)))

# glu
g_in = torch.randn(2, 4, requires_grad=True)
out = F.glu(g_in)
print(out)
out.sum().backward()
print(g_in.grad)
print(F.glu(g_in, 0))
print(nn.GLU(dim=0)(g_in).shape)
attempt(lambda: F.glu(torch.randn(3, 3)))
attempt(lambda: F.glu(torch.randn(3, 4), 2))
attempt(lambda: F.glu(torch.tensor(1.0)))

# prelu
p_in = torch.randn(2, 3, 2, requires_grad=True)
weight = torch.tensor([0.25, -0.1, 0.5], requires_grad=True)
out = F.prelu(p_in, weight)
print(out)
out.sum().backward()
print(p_in.grad)
print(weight.grad)
print(torch.prelu(torch.tensor([-1.0, 2.0]), torch.tensor([0.3])))
m = nn.PReLU()
print(m, m.weight)
print(m(torch.tensor([-2.0, 0.0, 3.0])))
m3 = nn.PReLU(num_parameters=3, init=0.1)
print(m3, list(m3.state_dict().keys()), m3.weight)
print(m3(p_in.detach()))
attempt(lambda: F.prelu(torch.randn(3, 4), torch.ones(3)))
attempt(lambda: F.prelu(torch.randn(3, 4), torch.ones(4, dtype=torch.float64)))
attempt(lambda: F.prelu(torch.randn(3, 4), torch.ones(1, 4)))
attempt(lambda: F.prelu(torch.tensor(1.0), torch.ones(4)))

# rrelu: random slopes in training (seeded), the mean slope in eval
torch.manual_seed(0)
r_in = torch.randn(8, requires_grad=True)
torch.manual_seed(1)
out = F.rrelu(r_in, training=True)
print(out)
out.sum().backward()
print(r_in.grad)
print(F.rrelu(r_in))
print(F.rrelu(r_in, 0.1, 0.3).grad_fn.name())
torch.manual_seed(2)
r = nn.RReLU(0.1, 0.3)
print(r, r(r_in))
r.eval()
print(r(r_in))
torch.manual_seed(3)
b = r_in.detach().clone()
print(F.rrelu(b, training=True, inplace=True) is b, b)
print(nn.RReLU(inplace=True))
attempt(lambda: F.rrelu(r_in, 0.5, 0.1, True))
attempt(lambda: F.rrelu(torch.tensor([1, -2]), training=True))
attempt(lambda: F.rrelu(torch.tensor([1, -2])))

# module reprs
print(nn.Hardswish(), nn.Hardswish(inplace=True), nn.Hardsigmoid(), nn.Hardshrink(), nn.Hardshrink(0.3),
      nn.Softshrink(), nn.Softshrink(1.5), nn.Tanhshrink(), nn.Softsign(), nn.Threshold(0.1, 20),
      nn.Threshold(0.1, 20.0, inplace=True), nn.GLU(), nn.Softmin(), nn.Softmax2d())
seq = nn.Sequential(nn.Linear(4, 6), nn.Hardswish(), nn.Linear(6, 4), nn.GLU(), nn.Softshrink(0.1))
print(seq)
print(seq(torch.randn(3, 4)))

# softshrink's zero inside the band: +0.0 from PyTorch's vectorized loop, x * 0 (-0.0 for a
# negative x) from its scalar loop over the tail and over strided inputs
for dt in [torch.float32, torch.float64, torch.float16]:
    for n in [7, 16, 17, 40]:
        y = F.softshrink(torch.full((n,), -0.3, dtype=dt))
        print(dt, n, ((1 / y) < 0).sum().item())
print(F.softshrink(torch.full((5, 4), -0.3)))
print(F.softshrink(torch.full((4, 8), -0.3)[:, ::2]))

# on the meta device: shapes and dtypes only
meta = torch.empty(3, 4, device="meta")
for name, f in [("hardswish", F.hardswish), ("softshrink", F.softshrink), ("glu", F.glu),
                ("prelu", lambda v: F.prelu(v, torch.empty(4, device="meta"))),
                ("rrelu", lambda v: F.rrelu(v, training=True))]:
    y = f(meta)
    print(name, y.shape, y.device, y.dtype)
