"""torch.special.airy_ai and the regularized incomplete gamma functions (torch.igamma / igammac,
special.gammainc / gammaincc), composed from tensor ops in float64 and rounded once to the result
dtype, so they run on every device and agree with ATen's cephes kernels to within
torch.testing.assert_close's tolerances (not bit for bit).

Ai(x): its Maclaurin series where it does not cancel (-8 <= x <= 5), its asymptotic expansions
beyond (the decaying one for x > 5, the oscillating one for x < -8). P(a, x) and Q(a, x): the
power series of the lower function below x = a + 1, the continued fraction of the upper one
(Lentz's method) above, each run until every element has converged."""
import math

import torch

_AI_0, _AI_PRIME_0 = 0.355028053887817239260, 0.258819403792806798405  # Ai(0), -Ai'(0)


def _airy_u(count):
    """The coefficients u_k of Ai's asymptotic expansions (DLMF 9.7.2)."""
    u = [1.0]
    for k in range(1, count):
        u.append(u[-1] * (6 * k - 5) * (6 * k - 3) * (6 * k - 1) / (216 * k * (2 * k - 1)))
    return u


_U = _airy_u(24)


def _airy_series(x):
    cube = x * x * x
    f, g = torch.ones_like(x), x.clone()
    term_f, term_g = torch.ones_like(x), x.clone()
    for k in range(1, 60):
        term_f = term_f * cube / ((3 * k - 1) * (3 * k))
        term_g = term_g * cube / ((3 * k) * (3 * k + 1))
        f, g = f + term_f, g + term_g
    return _AI_0 * f - _AI_PRIME_0 * g


def _airy_decaying(x):
    """x > 5: e^-zeta / (2 sqrt(pi) x^(1/4)) sum (-1)^k u_k zeta^-k, zeta = 2/3 x^(3/2)."""
    zeta = 2.0 * x * torch.sqrt(x) / 3.0
    total, power = torch.ones_like(x), torch.ones_like(x)
    for k in range(1, 14):
        power = power / -zeta
        total = total + _U[k] * power
    return torch.exp(-zeta) / (2.0 * math.sqrt(math.pi) * torch.sqrt(torch.sqrt(x))) * total


def _airy_oscillating(x):
    """x < -8: (sin(zeta + pi/4) P - cos(zeta + pi/4) Q) / (sqrt(pi) |x|^(1/4))."""
    t = torch.sqrt(-x)
    zeta = -2.0 * x * t / 3.0
    inverse = 1.0 / zeta
    even, odd = torch.ones_like(x), _U[1] * inverse
    power = inverse
    for k in range(2, 22):
        power = power * inverse
        sign = -1.0 if (k // 2) % 2 else 1.0
        if k % 2:
            odd = odd + sign * _U[k] * power
        else:
            even = even + sign * _U[k] * power
    theta = zeta + 0.25 * math.pi
    return (torch.sin(theta) * even - torch.cos(theta) * odd) / (math.sqrt(math.pi) * torch.sqrt(t))


def _airy_ai(x):
    series = _airy_series(x.clamp(-8.0, 5.0))
    decaying = _airy_decaying(x.clamp(min=5.0))
    oscillating = _airy_oscillating(x.clamp(max=-8.0))
    result = torch.where(x > 5.0, decaying, torch.where(x < -8.0, oscillating, series))
    return torch.where(torch.isinf(x), torch.full_like(x, math.nan), result)


def airy_ai(input, *, out=None):
    """airy_ai(input, *, out=None): the Airy function Ai, the solution of y'' = x y that decays
    as x grows. Not differentiable, as in PyTorch."""
    dtype = input.dtype if input.dtype.is_floating_point else torch.get_default_dtype()
    with torch.no_grad():
        result = _airy_ai(input.to(torch.float64)).to(dtype)
    return result if out is None else out.resize_(result.shape).copy_(result)


# ---- the regularized incomplete gamma functions ----

_MAX_ITERATIONS = 5000
_EPSILON = 1e-16


def _lower_series(a, x):
    """P(a, x) = x^a e^-x / Gamma(a + 1) * sum_n x^n / ((a + 1) ... (a + n))."""
    term, total = torch.ones_like(x), torch.ones_like(x)
    for n in range(1, _MAX_ITERATIONS):
        term = term * x / (a + n)
        total = total + term
        if n % 16 == 0 and not bool(((term.abs() > _EPSILON * total.abs()) & torch.isfinite(total)).any()):
            break
    return torch.exp(a * torch.log(x) - x - torch.lgamma(a + 1)) * total


def _upper_fraction(a, x):
    """Q(a, x) = x^a e^-x / Gamma(a) / (x + 1 - a - 1 (1 - a) / (x + 3 - a - ...)), by Lentz."""
    tiny = 1e-300
    b = x + 1.0 - a
    c = torch.full_like(x, 1.0 / tiny)
    d = 1.0 / b
    h = d.clone()
    for n in range(1, _MAX_ITERATIONS):
        an = -n * (n - a)
        b = b + 2.0
        d = an * d + b
        d = torch.where(d.abs() < tiny, torch.full_like(d, tiny), d)
        c = b + an / c
        c = torch.where(c.abs() < tiny, torch.full_like(c, tiny), c)
        d = 1.0 / d
        delta = d * c
        h = h * delta
        if n % 16 == 0 and not bool((((delta - 1.0).abs() > _EPSILON) & torch.isfinite(h)).any()):
            break
    return torch.exp(a * torch.log(x) - x - torch.lgamma(a)) * h


def _lower_and_upper(a, x):
    """(P, Q) in float64 where both are ordinary (a > 0, 0 < x < inf, a finite)."""
    ordinary = (a > 0) & (x > 0) & torch.isfinite(a) & torch.isfinite(x)
    a_ = torch.where(ordinary, a, torch.ones_like(a))
    x_ = torch.where(ordinary, x, torch.ones_like(x))
    use_series = x_ < a_ + 1.0
    p_series = _lower_series(a_, torch.where(use_series, x_, a_))
    q_fraction = _upper_fraction(a_, torch.where(use_series, a_ + 1.0, x_))
    p = torch.where(use_series, p_series, 1.0 - q_fraction)
    q = torch.where(use_series, 1.0 - p_series, q_fraction)
    return ordinary, p, q


def _edge_values(a, x, upper):
    """ATen's special cases: NaN for negative arguments, a = 0, x = 0 and infinite ones."""
    nan = torch.full_like(a, math.nan)
    one, zero = torch.ones_like(a), torch.zeros_like(a)
    if upper:
        one, zero = zero, one  # Q = 1 - P at the edges
    value = torch.where(torch.isinf(x), one, nan)
    value = torch.where(torch.isinf(a), torch.where(torch.isinf(x), nan, zero), value)
    value = torch.where(x == 0, zero, value)
    value = torch.where(a == 0, torch.where(x > 0, one, nan), value)
    return torch.where((a < 0) | (x < 0), nan, value)


def _incomplete_gamma(a, x, upper):
    ordinary, p, q = _lower_and_upper(a, x)
    value = q if upper else p
    return torch.where(ordinary, value, _edge_values(a, x, upper))


def _gamma_density(a, x):
    """d/dx P(a, x) = x^(a-1) e^-x / Gamma(a)."""
    return torch.exp((a - 1) * torch.log(x) - x - torch.lgamma(a))


class _Igamma(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, x, upper, dtype):
        ctx.save_for_backward(a, x)
        ctx.upper = upper
        with torch.no_grad():
            a64, x64 = torch.broadcast_tensors(a.to(torch.float64), x.to(torch.float64))
            return _incomplete_gamma(a64, x64, upper).to(dtype)

    @staticmethod
    def backward(ctx, grad):
        a, x = ctx.saved_tensors
        if ctx.needs_input_grad[0]:
            name = "igammac" if ctx.upper else "igamma"
            raise NotImplementedError(f"the derivative for '{name}: input' is not implemented.")
        density = _gamma_density(a, x)
        return None, (-density if ctx.upper else density) * grad, None, None


def _binary_function(name, upper):
    def incomplete_gamma(input, other, *, out=None):
        if not isinstance(other, torch.Tensor):
            raise TypeError(f"{name}(): argument 'other' (position 2) must be Tensor, not {type(other).__name__}")
        if not isinstance(input, torch.Tensor):
            raise TypeError(f"{name}(): argument 'input' (position 1) must be Tensor, not {type(input).__name__}")
        dtype = torch.result_type(input, other)
        if not dtype.is_floating_point:
            raise NotImplementedError(f"\"{name}_cpu\" not implemented for '{_DTYPE_NAMES.get(dtype, dtype)}'")
        result = _Igamma.apply(input, other, upper, dtype)
        return result if out is None else out.resize_(result.shape).copy_(result)
    incomplete_gamma.__name__ = incomplete_gamma.__qualname__ = name
    incomplete_gamma.__doc__ = (f"{name}(input, other, *, out=None): the regularized "
                                f"{'upper' if upper else 'lower'} incomplete gamma function of a = input at x = other")
    return incomplete_gamma


_DTYPE_NAMES = {torch.int64: "Long", torch.int32: "Int", torch.int16: "Short", torch.int8: "Char",
                torch.uint8: "Byte", torch.bool: "Bool"}

igamma = _binary_function("igamma", upper=False)
igammac = _binary_function("igammac", upper=True)


def _in_place(fn):
    def method(self, other):
        result = fn(self, other)
        if result.dtype != self.dtype:
            raise RuntimeError(f"result type {str(result.dtype)[6:].capitalize()} can't be cast to the desired "
                               f"output type {str(self.dtype)[6:].capitalize()}")
        return self.copy_(result)
    method.__name__ = fn.__name__ + "_"
    return method


def _install():
    for fn in (igamma, igammac):
        setattr(torch, fn.__name__, fn)
        setattr(torch.Tensor, fn.__name__, lambda self, other, _fn=fn: _fn(self, other))
        setattr(torch.Tensor, fn.__name__ + "_", _in_place(fn))
