# Elementwise unary math: frac, signbit, sgn, fix, deg2rad/rad2deg, erfinv, logit, sinc, i0,
# lgamma, digamma, polygamma, mvlgamma, nan_to_num, isneginf/isposinf, isreal, positive, and
# the in-place forms of exp2/expm1/log1p/log2/log10. Values on seeded and edge inputs (inf,
# nan, -0.0), the dtypes of integer and bool inputs, grads, and PyTorch's error texts. The
# bits of the kernels written as PyTorch's are compared through a hash.
import hashlib
import torch


def bits(t):
    return hashlib.sha256(t.numpy().tobytes()).hexdigest()[:16]


def show(label, fn):
    try:
        r = fn()
        print(label, r, r.dtype if isinstance(r, torch.Tensor) else "")
    except Exception as e:
        print(label, type(e).__name__, e)


torch.manual_seed(0)
x = torch.randn(1000) * 3
u = torch.rand(1000) * 1.98 - 0.99
p = torch.rand(1000) * 6 + 0.05
edge = torch.tensor([0.0, -0.0, 1.5, -1.5, 2.5, -2.0, float("inf"), float("-inf"), float("nan")])
ints = torch.tensor([-3, 0, 2, 7])
bools = torch.tensor([True, False])

print("frac", bits(torch.frac(x)), torch.frac(edge))
print("deg2rad", bits(torch.deg2rad(x)), torch.deg2rad(edge))
print("rad2deg", bits(torch.rad2deg(x)), torch.rad2deg(edge))
# erfinv and lgamma agree within float rounding (glibc's erf/exp against PyTorch's build, SLEEF's lgamma).
print("erfinv", torch.erfinv(u[:6]), torch.erfinv(torch.tensor([-1.0, -0.9, -0.5, 0.0, 0.3, 0.75, 0.999, 1.0, 1.5])))
print("erfinv f64", torch.erfinv(u[:4].double()))
print("sinc", bits(torch.sinc(x)), torch.sinc(edge))
print("i0", bits(torch.i0(x)), torch.i0(edge))
print("i0 f64", bits(torch.i0(x.double() * 4)))
print("lgamma", torch.lgamma(x[:6]), torch.lgamma(edge))
print("digamma", bits(torch.digamma(x)), torch.digamma(edge))
print("digamma f64", bits(torch.digamma(x.double())))
for n in range(4):
    print("polygamma", n, bits(torch.polygamma(n, p)), torch.polygamma(n, torch.tensor([0.5, 1.0, 3.0, 10.0])))
print("polygamma f64", bits(torch.polygamma(3, p.double())))
print("mvlgamma", torch.mvlgamma(torch.tensor([2.5, 3.0, 10.0]), 3), torch.mvlgamma(torch.tensor([1.0, 4.0]), 1))
print("logit", torch.logit(torch.tensor([0.0, 0.25, 0.5, 0.9, 1.0, 1.5, -0.5])))
print("logit eps", torch.logit(torch.tensor([0.0, 0.25, 0.5, 0.9, 1.0, 1.5, -0.5]), eps=0.1))
print("signbit", torch.signbit(edge), torch.signbit(ints), torch.signbit(bools))
print("sgn", torch.sgn(edge), torch.sgn(ints), torch.sgn(bools))
print("fix", torch.fix(edge), torch.fix(ints))
print("isneginf", torch.isneginf(edge), torch.isposinf(edge), torch.isposinf(ints))
print("isreal", torch.isreal(edge), torch.isreal(ints))
big = torch.tensor([float("nan"), float("inf"), float("-inf"), 1.5])
print("nan_to_num", torch.nan_to_num(big), torch.nan_to_num(big, nan=2.0, posinf=9.0, neginf=-9.0))
print("nan_to_num f64", torch.nan_to_num(big.double()), torch.nan_to_num(big.half()))
print("nan_to_num int", torch.nan_to_num(ints, nan=1.0), torch.nan_to_num(bools))
print("positive", torch.positive(ints), torch.positive(edge) is edge)

# Integer and bool inputs compute in the default float dtype.
for name in ["deg2rad", "rad2deg", "erfinv", "sinc", "i0", "lgamma", "digamma", "logit"]:
    show(name + " int", lambda: getattr(torch, name)(ints))
    show(name + " bool", lambda: getattr(torch, name)(bools))
show("polygamma int", lambda: torch.polygamma(1, ints))
show("mvlgamma int", lambda: torch.mvlgamma(torch.tensor([3, 4]), 2))
show("half erfinv", lambda: torch.erfinv(torch.tensor([0.5, -0.25], dtype=torch.float16)))
show("bfloat16 digamma", lambda: torch.digamma(torch.tensor([0.5, 3.0], dtype=torch.bfloat16)))

# Methods and in-place forms.
y = torch.tensor([0.25, 1.5, 3.0])
print(y.frac(), y.deg2rad(), y.lgamma(), y.digamma(), y.polygamma(2), y.i0(), y.sinc(), y.erfinv())
for name in ["frac_", "deg2rad_", "rad2deg_", "sinc_", "i0_", "lgamma_", "digamma_", "erfinv_", "exp2_", "expm1_",
             "log1p_", "log2_", "log10_", "sgn_", "fix_"]:
    z = torch.tensor([0.25, 0.5, 0.75])
    r = getattr(z, name)()
    print(name, r is z, z)
for name in ["frac_", "deg2rad_", "rad2deg_", "sinc_", "i0_", "exp2_", "expm1_", "log1p_", "log2_", "log10_", "fix_"]:
    z = torch.tensor([0.25, 0.5, 0.75])
    print("torch." + name, getattr(torch, name)(z) is z, z)
z = torch.tensor([0.25, 0.5, 0.75])
print(z.polygamma_(1), z.logit_(), torch.logit_(torch.tensor([0.5, 0.6]), 0.55), z.nan_to_num_(), z.mvlgamma_(1))
z = torch.tensor([float("nan"), 1.0])
print(torch.nan_to_num_(z, nan=3.0), z)

# Gradients.
for name, vals in [("frac", [0.3, 1.7, -2.2]), ("deg2rad", [30.0, -45.0]), ("rad2deg", [0.5, -1.0]),
                   ("erfinv", [0.1, -0.5, 0.8]), ("sinc", [0.0, 0.5, -1.5]), ("i0", [0.5, -2.0, 9.0]),
                   ("lgamma", [0.5, 2.5, 7.0]), ("digamma", [0.5, 2.5, 7.0]), ("sgn", [0.5, -2.0]),
                   ("fix", [0.5, -2.5]), ("nan_to_num", [1.0, float("nan"), float("inf")]), ("logit", [0.2, 0.7, 1.5])]:
    a = torch.tensor(vals, requires_grad=True)
    out = getattr(torch, name)(a)
    out.sum().backward()
    print(name, out.grad_fn.name(), a.grad)
a = torch.tensor([0.5, 2.0, 4.0], requires_grad=True)
out = torch.polygamma(2, a)
out.sum().backward()
print(out.grad_fn.name(), a.grad)
a = torch.tensor([0.05, 0.5, 0.95], requires_grad=True)
out = torch.logit(a, eps=0.1)
out.sum().backward()
print(out.grad_fn.name(), a.grad)
a = torch.tensor([2.5, 4.0], requires_grad=True)
out = torch.mvlgamma(a, 3)
out.sum().backward()
print(out.grad_fn.name(), a.grad)

# Errors.
show("frac int", lambda: torch.frac(ints))
show("frac bool", lambda: torch.frac(bools))
show("fix bool", lambda: torch.fix(bools))
show("positive bool", lambda: torch.positive(bools))
show("polygamma -1", lambda: torch.polygamma(-1, y))
show("mvlgamma p=0", lambda: torch.mvlgamma(y + 5, 0))
show("mvlgamma small", lambda: torch.mvlgamma(y, 3))
show("mvlgamma bool", lambda: torch.mvlgamma(bools, 1))
show("frac_ int", lambda: torch.tensor([1, 2]).frac_())
show("lgamma_ int", lambda: torch.tensor([1, 2]).lgamma_())
show("erfinv str", lambda: torch.erfinv("x"))
a = torch.tensor([0.0, -0.0, 0.3, -1.0, float("-inf"), float("nan")], requires_grad=True)
torch.angle(a).sum().backward()
print("angle", torch.angle(a), a.grad, a.detach().angle(), torch.angle(ints), torch.angle(bools))
print("angle 16", torch.angle(torch.tensor([-1.5, 2.0], dtype=torch.float16)), torch.angle(torch.tensor([-1.5, 2.0], dtype=torch.bfloat16)))
