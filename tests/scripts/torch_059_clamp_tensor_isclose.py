# clamp / clip with tensor bounds (broadcast, promoted, NaN, min > max), clamp_min / clamp_max
# (numbers or tensors, in place too), their grad_fns and gradients (ties included), and
# isclose / allclose sharing one rule; bad input with PyTorch's texts.
import torch

torch.manual_seed(0)


def attempt(label, f):
    try:
        print(label, f())
    except Exception as e:
        print(label, type(e).__name__, e)


x = torch.tensor([[1.0, 5.0, 9.0], [-2.0, 0.5, 4.0]])
lo, hi = torch.tensor([2.0, 2.0, 2.0]), torch.tensor([[3.0], [0.0]])
print(torch.clamp(x, lo, hi))
print(torch.clamp(x, min=lo), x.clamp(max=hi), torch.clip(x, lo, torch.tensor(4.0)))
print(torch.clamp(torch.tensor([1, 5, 9]), torch.tensor([2.0, 2, 2])))
print(torch.clamp(torch.tensor([1, 5, 9]), torch.tensor([2, 2, 2]), torch.tensor(6)))
print(torch.clamp(torch.tensor([1.0, 5, 9]), torch.tensor([6.0, 6, 6]), torch.tensor([4.0, 4, 4])))
print(torch.clamp(torch.tensor([1.0, 5, 9]), torch.tensor([2.0, float("nan"), 2])))
print(torch.clamp(torch.tensor([1.0, float("nan"), 9]), torch.tensor([2.0, 2, 2])))
print(torch.clamp(torch.tensor([1.0, 5.0]), torch.zeros(2, 1, 2)).shape)
print(torch.clamp_min(x, 1.5), torch.clamp_max(x, 1.5), x.clamp_min(lo), x.clamp_max(hi))
print(torch.clamp_min(torch.tensor([1, 5, 9]), 2), torch.clamp_min(torch.tensor([1, 5, 9]), min=2.5))
print(torch.clamp_max(torch.tensor([1, 5, 9]), max=torch.tensor(2.5)))
y = x.clone()
y.clamp_(lo, hi)
print(y)
y = torch.tensor([1.0, 5, 9])
print(y.clamp_min_(torch.tensor([2.0, 2, 2])).clamp_max_(torch.tensor(4.0)), y)
y = torch.tensor([1.0, 5, 9])
print(y.clamp_min_(3), y.clamp_max_(4.5), y)

# Gradients: to the input where it was not clamped (ties count as not clamped), to a bound
# where it was the result.
a = torch.tensor([1.0, 2.0, 3.0, 2.0], requires_grad=True)
b_lo = torch.tensor([2.0, 2.0, 0.0, 3.0], requires_grad=True)
b_hi = torch.tensor([2.5, 2.0, 2.0, 1.0], requires_grad=True)
out = torch.clamp(a, b_lo, b_hi)
out.sum().backward()
print(out, out.grad_fn.name(), a.grad, b_lo.grad, b_hi.grad)
for label, f in [
    ("min only", lambda: torch.clamp(a, b_lo)),
    ("max only", lambda: torch.clamp(a, max=b_hi)),
    ("clamp_min tensor", lambda: torch.clamp_min(a, b_lo)),
    ("clamp_max tensor", lambda: a.clamp_max(b_hi)),
    ("clamp_min number", lambda: torch.clamp_min(a, 2.0)),
    ("clamp_max number", lambda: a.clamp_max(2.0)),
    ("clamp numbers", lambda: a.clamp(2.0, 2.5)),
    ("broadcast bound", lambda: torch.clamp(a, torch.tensor(2.0, requires_grad=True))),
]:
    a.grad = b_lo.grad = b_hi.grad = None
    out = f()
    (out * torch.arange(1.0, 5.0)).sum().backward()
    print(label, out.grad_fn.name(), a.grad, b_lo.grad, b_hi.grad)
s = torch.tensor([4.0, -1.0, 2.0], requires_grad=True)
bound = torch.tensor(0.0, requires_grad=True)
torch.clamp(s * 1, min=bound).sum().backward()
print(s.grad, bound.grad)
z = (s * 1).clamp_min_(torch.tensor([0.0, 0.0, 3.0]))
print(z.grad_fn.name(), (s * 1).clamp_max_(1.0).grad_fn.name(), (s * 1).clamp_(torch.zeros(3)).grad_fn.name())

# isclose / allclose.
p = torch.tensor([1.0, float("nan"), float("inf"), float("-inf"), 1e-9, 1.0001, 100.0])
q = torch.tensor([1.0, float("nan"), float("inf"), float("inf"), 0.0, 1.0, 100.001])
print(torch.isclose(p, q), p.isclose(q, equal_nan=True))
print(torch.isclose(p, q, rtol=1e-3), torch.isclose(p, q, rtol=0, atol=0), torch.isclose(p, q, atol=0.01))
print(torch.isclose(torch.tensor([1, 2]), torch.tensor([1, 3]), atol=1), torch.isclose(torch.tensor([1, 2]), torch.tensor([1, 2])))
print(torch.isclose(torch.tensor([True, False]), torch.tensor([True, True])))
print(torch.isclose(torch.tensor([1.0, 2.0]), torch.tensor([[1.0], [2.0]])))
print(torch.allclose(p, q), torch.allclose(p[:1], q[:1]), torch.allclose(p[:3], q[:3], equal_nan=True))
print(torch.allclose(torch.tensor([1.0, 2.0]), torch.tensor([1.0, 2.00001])), p.allclose(p, equal_nan=True))
print(torch.isclose(torch.tensor([1.0, 2.0], dtype=torch.float64), torch.tensor([1.0, 2.0 + 1e-12], dtype=torch.float64), rtol=0))

# Bad input.
attempt("clamp mixed kw", lambda: torch.clamp(x, min=lo, max=1.0))
attempt("clamp mixed pos", lambda: torch.clamp(x, lo, 3))
attempt("clamp mixed pos2", lambda: torch.clamp(x, 2, hi))
attempt("clamp none", lambda: torch.clamp(x))
attempt("clamp none kw", lambda: torch.clamp(x, min=None, max=None))
attempt("clamp shape", lambda: torch.clamp(torch.tensor([1.0, 5, 9]), torch.zeros(2)))
attempt("clamp_ int", lambda: torch.tensor([1, 5, 9]).clamp_(torch.tensor([2.5, 2, 2])))
attempt("clamp_min_ int", lambda: torch.tensor([1, 5, 9]).clamp_min_(2.5))
attempt("clamp_max_ int tensor", lambda: torch.tensor([1, 5, 9]).clamp_max_(torch.tensor(2.5)))
attempt("clamp_min missing", lambda: torch.clamp_min(x))
attempt("isclose dtype", lambda: torch.isclose(torch.tensor([1.0, 2.0]), torch.tensor([1, 2])))
attempt("isclose double", lambda: torch.isclose(torch.tensor([1.0]), torch.tensor([1.0], dtype=torch.float64)))
attempt("allclose dtype", lambda: torch.allclose(torch.tensor([1.0, 2.0]), torch.tensor([1, 2])))
attempt("isclose rtol", lambda: torch.isclose(p, q, rtol=-1))
attempt("isclose atol", lambda: torch.isclose(p, q, atol=-0.5))
attempt("isclose number", lambda: torch.isclose(p, 1.0))
attempt("isclose shape", lambda: torch.isclose(torch.zeros(3), torch.zeros(2)))
# The method forms' parser texts say why each overload did not match.
attempt("method mixed pos", lambda: x.clamp(lo, 3.0))
attempt("method mixed kw", lambda: x.clamp(min=lo, max=1.0))
attempt("method mixed pos kw", lambda: x.clamp(lo, max=1))
attempt("method clamp_ mixed", lambda: x.clone().clamp_(min=1, max=hi))
attempt("method clip mixed", lambda: x.clip(2.0, hi))
attempt("clip mixed", lambda: torch.clip(x, lo, 1.0))
attempt("method clamp_min missing", lambda: x.clamp_min())
attempt("method clamp_max_ missing", lambda: x.clamp_max_())
