# torch.special: the functions that map to the elementwise kernels (expit, logit, erf, erfc,
# erfinv, xlogy, xlog1py, log1p, expm1, exp2, sinc, entr, i0, i1, gammaln, digamma, psi,
# polygamma, multigammaln, ndtr, round) and the reductions logsumexp, softmax, log_softmax;
# values on edge inputs, dtypes of integer inputs, grad_fn names, grads and errors.
import torch
import torch.special as sp


def show(label, fn):
    try:
        r = fn()
        print(label, r, r.dtype if isinstance(r, torch.Tensor) else "")
    except Exception as e:
        print(label, type(e).__name__, e)


torch.manual_seed(0)
inf, nan = float("inf"), float("nan")
x = torch.tensor([-2.0, -0.5, 0.0, 0.5, 1.0, 3.0, inf, -inf, nan])
pos = torch.rand(6) * 4 + 0.1
ints = torch.tensor([-1, 0, 1, 2])

for name in ["expit", "erf", "erfc", "log1p", "expm1", "exp2", "sinc", "entr", "i0", "i1", "gammaln", "digamma",
             "psi", "ndtr", "round"]:
    print(name, getattr(sp, name)(x))
print("erfinv", sp.erfinv(torch.tensor([-1.0, -0.3, 0.0, 0.6, 1.0])))
print("logit", sp.logit(torch.tensor([0.1, 0.5, 0.8])), sp.logit(torch.tensor([0.0, 1.0]), eps=1e-3))
print("xlogy", sp.xlogy(x, 2.0), sp.xlog1py(x, 2.0), sp.xlog1py(torch.tensor([0.0, 2.0]), torch.tensor([-1.0, -0.5])))
print("xlog1py numbers", sp.xlog1py(2, torch.tensor([0.5, 1.0])), sp.xlog1py(torch.tensor([0.5, 1.0]), 3))
print("polygamma", sp.polygamma(2, pos), sp.multigammaln(pos + 2, 2))
print("i1 seeded", sp.i1(torch.randn(5) * 5), sp.i1(torch.tensor([0.5, -9.0, 20.0], dtype=torch.float64)))
print("entr seeded", sp.entr(pos), sp.entr(pos.double()))
y = torch.randn(2, 3)
print("logsumexp", sp.logsumexp(y, 1), sp.logsumexp(y, 0, keepdim=True))
print("softmax", sp.softmax(y, 1), sp.log_softmax(y, dim=0))
print("softmax dtype", sp.softmax(y, 1, dtype=torch.float64).dtype)

# Integer and bool inputs.
for name in ["expit", "erf", "entr", "i0", "i1", "ndtr", "gammaln", "sinc"]:
    show(name + " int", lambda: getattr(sp, name)(ints))
show("i1 bool", lambda: sp.i1(torch.tensor([True, False])))
show("entr bool", lambda: sp.entr(torch.tensor([True, False])))
show("xlog1py int", lambda: sp.xlog1py(ints, ints))

# Gradients.
for name in ["expit", "entr", "i0", "i1", "gammaln", "psi", "sinc", "erfinv", "xlog1py"]:
    a = torch.tensor([0.25, 0.5, 1.5], requires_grad=True)
    fn = getattr(sp, name)
    out = fn(a, torch.tensor([0.5, -0.5, 2.0])) if name == "xlog1py" else fn(a)
    out.sum().backward()
    print(name, out.grad_fn.name(), a.grad)
a = torch.tensor([0.0, 1e-9, -2.0], requires_grad=True)
sp.i1(a).sum().backward()
print("i1 at 0", a.grad)
a = torch.tensor([0.5, 1.5], requires_grad=True)
b = torch.tensor([0.5, 2.0], requires_grad=True)
out = sp.xlog1py(a, b)
out.sum().backward()
print(out.grad_fn.name(), a.grad, b.grad)
print(sp.xlog1py(a, 2.0).grad_fn.name(), sp.xlog1py(2.0, b).grad_fn.name())
a = torch.tensor([-1.0, 0.5], requires_grad=True)
out = sp.ndtr(a)
out.sum().backward()
print(a.grad)

# Errors.
show("entr str", lambda: sp.entr("x"))
show("i1 list", lambda: sp.i1([1.0]))
show("polygamma -2", lambda: sp.polygamma(-2, pos))
show("multigammaln 0", lambda: sp.multigammaln(pos, 0))
