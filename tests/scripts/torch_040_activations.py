# The unary math functions and activations added from core/backends/unary_ops.def: values,
# gradients, grad_fn names, the nn modules' reprs, and the errors PyTorch gives for inputs
# its kernels refuse.
import torch
import torch.nn as nn
import torch.nn.functional as F

x = torch.tensor([-2.75, -1.5, -0.25, 0.0, 0.5, 1.25, 2.0, 4.5])
unit = torch.tensor([-0.9, -0.5, -0.1, 0.0, 0.3, 0.75])
above_one = torch.tensor([1.0, 1.5, 2.0, 10.0])

print("-- torch functions")
for name in ["erf", "erfc", "sinh", "cosh", "atan", "asinh", "exp2", "expm1"]:
    print(name, getattr(torch, name)(x))
for name in ["asin", "acos", "atanh"]:
    print(name, getattr(torch, name)(unit))
print("acosh", torch.acosh(above_one))
print("asin outside", torch.asin(torch.tensor([2.0, -1.0])))
print("integers", torch.erf(torch.tensor([0, 1, 2])), torch.exp2(torch.tensor([0, 3])))
print("bool", torch.sinh(torch.tensor([True, False])))
print("float64", torch.atan(torch.tensor([1.0, -2.0], dtype=torch.float64)))

print("-- tensor methods and in place")
y = x.clone()
print(y.erf(), y.cosh())
r = y.atan_()
print(r is y, y)
z = torch.tensor([0.5, 1.0])
z.exp2_()
print(z)

print("-- activations")
print("silu", F.silu(x))
print("mish", F.mish(x))
print("logsigmoid", F.logsigmoid(x))
print("gelu", F.gelu(x))
print("gelu tanh", F.gelu(x, approximate="tanh"))
print("softplus", F.softplus(x))
print("softplus beta", F.softplus(x, beta=2, threshold=3))
print("leaky_relu", F.leaky_relu(x))
print("leaky_relu 0.2", F.leaky_relu(x, 0.2))
print("elu", F.elu(x))
print("elu 0.5", F.elu(x, alpha=0.5))
print("selu", F.selu(x))
print("celu", F.celu(x))
print("celu 2", F.celu(x, alpha=2.0))
print("hardtanh", F.hardtanh(x))
print("hardtanh -2 2", F.hardtanh(x, -2.0, 2.0))
print("relu6", F.relu6(x))
print("hardtanh int", F.hardtanh(torch.tensor([-5, 0, 3])), F.relu6(torch.tensor([-1, 4, 9])))

print("-- inplace")
for f in [lambda t: F.silu(t, inplace=True), lambda t: F.mish(t, inplace=True),
          lambda t: F.leaky_relu(t, 0.1, inplace=True), lambda t: F.elu(t, inplace=True),
          lambda t: F.selu(t, inplace=True), lambda t: F.celu(t, inplace=True),
          lambda t: F.hardtanh(t, inplace=True), lambda t: F.relu6(t, inplace=True),
          F.leaky_relu_, F.elu_, F.hardtanh_, F.selu_, F.celu_]:
    t = x.clone()
    out = f(t)
    print(out is t, t)

print("-- gradients")
cases = {
    "erf": torch.erf, "erfc": torch.erfc, "sinh": torch.sinh, "cosh": torch.cosh,
    "atan": torch.atan, "asinh": torch.asinh, "exp2": torch.exp2,
    "silu": F.silu, "mish": F.mish, "logsigmoid": F.logsigmoid, "gelu": F.gelu,
    "gelu tanh": lambda t: F.gelu(t, approximate="tanh"), "softplus": F.softplus,
    "softplus beta": lambda t: F.softplus(t, beta=2, threshold=3),
    "leaky_relu": lambda t: F.leaky_relu(t, 0.2), "elu": F.elu, "selu": F.selu,
    "celu": lambda t: F.celu(t, 2.0), "hardtanh": F.hardtanh, "relu6": F.relu6,
}
for name, f in cases.items():
    g = x.clone().requires_grad_()
    out = f(g)
    out.sum().backward()
    print(name, out.grad_fn.name(), g.grad)
for name, f, inp in [("asin", torch.asin, unit), ("acos", torch.acos, unit), ("atanh", torch.atanh, unit),
                     ("acosh", torch.acosh, torch.tensor([1.5, 2.0, 10.0]))]:
    g = inp.clone().requires_grad_()
    f(g).sum().backward()
    print(name, g.grad)

print("-- modules")
mods = [nn.SiLU(), nn.SiLU(inplace=True), nn.GELU(), nn.GELU(approximate="tanh"), nn.LeakyReLU(),
        nn.LeakyReLU(0.2, inplace=True), nn.LeakyReLU(negative_slope=0.01, inplace=False), nn.ELU(),
        nn.ELU(alpha=0.5, inplace=True), nn.SELU(), nn.CELU(), nn.CELU(alpha=2.0), nn.Softplus(),
        nn.Softplus(beta=2, threshold=10), nn.Hardtanh(), nn.Hardtanh(-2, 2, True), nn.ReLU6(),
        nn.ReLU6(True), nn.Mish(), nn.LogSigmoid()]
for m in mods:
    print(repr(m), m(x.clone()))
print(nn.Sequential(nn.Linear(2, 3), nn.LeakyReLU(0.2), nn.Linear(3, 1), nn.Tanh()))

print("-- errors")
ints = torch.tensor([1, 2])
bools = torch.tensor([True, False])
bad = [
    ("silu int", lambda: F.silu(ints)), ("mish bool", lambda: F.mish(bools)),
    ("logsigmoid int", lambda: F.logsigmoid(ints)), ("gelu int", lambda: F.gelu(ints)),
    ("softplus int", lambda: F.softplus(ints)), ("leaky_relu int", lambda: F.leaky_relu(ints)),
    ("elu int", lambda: F.elu(ints)), ("selu bool", lambda: F.selu(bools)), ("celu int", lambda: F.celu(ints)),
    ("hardtanh bool", lambda: F.hardtanh(bools)), ("relu6 bool", lambda: F.relu6(bools)),
    ("gelu approximate", lambda: F.gelu(x, approximate="fast")),
    ("hardtanh min > max", lambda: F.hardtanh(x, 2.0, 1.0)),
    ("Hardtanh module", lambda: nn.Hardtanh(1.0, 1.0)),
    ("celu alpha 0", lambda: F.celu(x, alpha=0.0)),
    ("inplace leaf", lambda: F.silu(torch.ones(2, requires_grad=True), inplace=True)),
    ("erf_ of int", lambda: torch.tensor([1, 2]).erf_()),
]
for name, f in bad:
    try:
        f()
        print(name, "no error")
    except Exception as e:
        print(name, type(e).__name__, e)

print("-- torch.selu / torch.celu")
t = x.clone()
print(torch.selu(x), torch.celu(x, 2.0), torch.celu(x, alpha=0.5), torch.selu_(t) is t, t)
try:
    torch.selu(x, True)
except TypeError as e:
    print("TypeError", e)
