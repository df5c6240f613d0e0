# Elementwise binary math: hypot, logaddexp/logaddexp2, xlogy, fmod, copysign, nextafter,
# heaviside, fmax/fmin, gcd/lcm, bitwise ops and shifts (functions, methods and << >> & | ^
# operators), ldexp, float_power, isin and the aliases true_divide/multiply/subtract/divide.
# Values on seeded and edge inputs, result dtypes, in-place forms, grads and error texts.
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
a = torch.randn(1000) * 3
b = torch.randn(1000) * 3
pos = torch.rand(1000) * 5
inf, nan = float("inf"), float("nan")
e1 = torch.tensor([0.0, -0.0, 1.5, -2.5, inf, -inf, nan, 3.0, 0.0])
e2 = torch.tensor([2.0, -1.0, -0.0, 0.0, inf, -inf, 1.0, nan, -0.0])
i = torch.tensor([12, -18, 0, 7, -5])
j = torch.tensor([8, 12, 5, 0, -3])
bools = torch.tensor([True, False])

print("xlogy", bits(torch.xlogy(a, pos)), torch.xlogy(e1, e2))
print("xlogy f64", bits(torch.xlogy(a.double(), pos.double())))
print("fmod", bits(torch.fmod(a, b)), torch.fmod(e1, e2))
print("copysign", bits(torch.copysign(a, b)), torch.copysign(e1, e2))
print("nextafter", bits(torch.nextafter(a, b)), torch.nextafter(torch.tensor([1.0, 0.0, -0.0]), torch.tensor([2.0, 1.0, -1.0])) - torch.tensor([1.0, 0.0, 0.0]))
print("heaviside", torch.heaviside(e1, e2))
print("fmax", torch.fmax(e1, e2), torch.fmin(e1, e2))
print("hypot", torch.hypot(torch.tensor([3.0, 5.0, inf, nan, -0.0]), torch.tensor([4.0, 12.0, nan, inf, 0.0])))
print("hypot randn", torch.hypot(a[:6], b[:6]))
print("logaddexp", torch.logaddexp(e1, e2), torch.logaddexp2(e1, e2))
print("logaddexp randn", torch.logaddexp(a[:6], b[:6]), torch.logaddexp2(a[:6], b[:6]))
print("gcd", torch.gcd(i, j), torch.lcm(i, j))
print("gcd int32", torch.gcd(torch.tensor([-2147483648, 6], dtype=torch.int32), torch.tensor([0, -4], dtype=torch.int32)))
print("fmod int", torch.fmod(i, torch.tensor([5, 5, -3, 2, 2])), torch.fmod(i, 4), torch.fmod(torch.tensor([5.5, -5.5]), 2))
print("heaviside int", torch.heaviside(i, j), torch.heaviside(bools, torch.tensor([False, True])))
print("fmax int", torch.fmax(i, j), torch.fmin(bools, torch.tensor([False, True])))
print("xlogy int", torch.xlogy(i, j), torch.xlogy(2, pos[:3]), torch.xlogy(pos[:3], 2), torch.xlogy(bools, bools))
print("copysign int", torch.copysign(i, -1), torch.copysign(bools, bools), torch.copysign(i, j))
print("shifts", torch.bitwise_left_shift(i, 2), torch.bitwise_right_shift(i, 1), i << 3, i >> 2, 1 << torch.tensor([0, 3, 5]))
print("shift past width", i << 70, i >> 70, torch.tensor([-8], dtype=torch.int32) >> torch.tensor([33], dtype=torch.int32),
      torch.tensor([200], dtype=torch.uint8) << torch.tensor([1], dtype=torch.uint8), torch.tensor([5]) << -1)
print("shift bool", bools << 1, bools >> 1)
print("bitwise", torch.bitwise_and(i, j), torch.bitwise_or(i, 3), torch.bitwise_xor(bools, True), i.bitwise_and(6), ~bools)
print("operators", i & 6, i | j, i ^ 1, 5 & i, 5 | i, 5 ^ i)
print("ldexp", torch.ldexp(torch.tensor([1.0, -3.0, 0.5]), torch.tensor([2, -1, 10])), torch.ldexp(i, j))
print("float_power", torch.float_power(i, 2), torch.float_power(2, torch.tensor([0.5, 3])), torch.float_power(torch.tensor([2.0]), torch.tensor([0.5])))
print("float_power f32", torch.float_power(pos[:3], 1.5), torch.float_power(bools, 2))
print("isin", torch.isin(i, j), torch.isin(i, torch.tensor([0.0, 7.0])), torch.isin(torch.tensor([[1, 2], [3, 4]]), torch.tensor([4, 1])))
print("isin scalars", torch.isin(i, 7), torch.isin(7, i), torch.isin(i, j, invert=True), torch.isin(i, torch.tensor([], dtype=torch.long)))
print("aliases", torch.true_divide(i, 4), torch.multiply(i, 2.5), torch.subtract(i, j, alpha=2), torch.divide(i, 4, rounding_mode="floor"))
z = torch.tensor([6.0, -3.0])
print("alias in place", z.true_divide_(4) is z, z, z.multiply_(torch.tensor([2.0, 3.0])), z.subtract_(1, alpha=2), z.divide_(0.5, rounding_mode="floor"))
show("alias in place int", lambda: torch.tensor([6]).true_divide_(4))
print("alias methods", i.true_divide(4), i.multiply(j), i.subtract(1), i.divide(j.clamp(min=1), rounding_mode="trunc"))

# Methods and in-place forms.
x = torch.tensor([1.5, -2.0, 3.25])
y = torch.tensor([0.5, 2.0, -1.0])
print(x.hypot(y), x.xlogy(2), x.fmod(1), x.copysign(y), x.nextafter(y) - x, x.heaviside(y), x.fmax(y), x.fmin(y), x.logaddexp(y), x.logaddexp2(y), x.ldexp(torch.tensor([1, 2, 3])), x.float_power(2))
for name, arg in [("hypot_", y), ("xlogy_", 2.0), ("fmod_", 1.25), ("copysign_", y), ("nextafter_", y), ("heaviside_", y), ("ldexp_", torch.tensor([1, 1, 1]))]:
    z = torch.tensor([1.5, -2.0, 3.25])
    print(name, getattr(z, name)(arg) is z, z)
for name, arg in [("gcd_", j), ("lcm_", j), ("bitwise_and_", 6), ("bitwise_or_", j), ("bitwise_xor_", 3), ("bitwise_left_shift_", 2), ("bitwise_right_shift_", j.abs()), ("fmod_", 5)]:
    z = i.clone()
    print(name, getattr(z, name)(arg) is z, z)
z = i.clone()
z <<= 2
z >>= torch.tensor([1])
z &= 7
print(z, torch.gcd_(i.clone(), j), torch.xlogy_(x.clone(), 3))
z = torch.tensor([2.0, 3.0], dtype=torch.float64)
print(z.float_power_(2), z)

# Gradients.
for name, fn in [("hypot", torch.hypot), ("logaddexp", torch.logaddexp), ("logaddexp2", torch.logaddexp2),
                 ("xlogy", torch.xlogy), ("fmod", torch.fmod), ("copysign", torch.copysign), ("fmax", torch.fmax),
                 ("fmin", torch.fmin)]:
    p = torch.tensor([1.5, -2.0, 0.0, 4.0], requires_grad=True)
    q = torch.tensor([0.5, 2.0, 3.0, 4.0], requires_grad=True)
    out = fn(p, q)
    out.sum().backward()
    print(name, out.grad_fn.name(), p.grad, q.grad)
p = torch.tensor([1.5, 0.0], requires_grad=True)
out = torch.xlogy(p, 2.0)
print(out.grad_fn.name(), torch.fmod(p, 2).grad_fn.name(), torch.copysign(p, -1).grad_fn.name(), torch.xlogy(2, p).grad_fn.name())
out.sum().backward()
print(p.grad)
p = torch.tensor([1.0, nan, 3.0], requires_grad=True)
q = torch.tensor([nan, 2.0, 3.0], requires_grad=True)
torch.fmax(p, q).sum().backward()
print(p.grad, q.grad)
p = torch.tensor([1.0, 2.0], requires_grad=True)
out = torch.float_power(p, 2)
print(out.dtype, out.grad_fn.name())
out.sum().backward()
print(p.grad)

# Errors.
f = torch.tensor([1.0, 2.0])
show("hypot int", lambda: torch.hypot(i, j))
show("hypot bool", lambda: torch.hypot(bools, bools))
show("hypot number", lambda: torch.hypot(f, 2))
show("logaddexp int", lambda: torch.logaddexp(i, j))
show("logaddexp2 bool", lambda: torch.logaddexp2(bools, bools))
show("nextafter int", lambda: torch.nextafter(i, j))
show("fmod bool", lambda: torch.fmod(bools, bools))
show("fmod zero", lambda: torch.fmod(i, 0))
show("fmod float zero", lambda: torch.fmod(f, 0))
show("gcd float", lambda: torch.gcd(f, f))
show("gcd bool", lambda: torch.gcd(bools, bools))
show("lcm bool", lambda: torch.lcm(bools, bools))
show("gcd number", lambda: torch.gcd(i, 2))
show("lshift float", lambda: f << 1)
show("rshift float", lambda: torch.bitwise_right_shift(f, 1))
show("lshift bool", lambda: bools << bools)
show("and float", lambda: torch.bitwise_and(f, f))
show("heaviside dtypes", lambda: torch.heaviside(f, i))
show("heaviside number", lambda: torch.heaviside(f, 1))
show("fmax number", lambda: torch.fmax(f, 1))
show("xlogy_ int", lambda: i.clone().xlogy_(2))
show("float_power_ float", lambda: f.clone().float_power_(2))
show("copysign_ int", lambda: i.clone().copysign_(j))
show("shape", lambda: torch.hypot(f, torch.ones(3)))
