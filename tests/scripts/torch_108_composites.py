# Ops PyTorch composes from others that tensorplay lacked (issue 28, from the OpInfo table):
# logspace, diagflat, trapezoid, cov/corrcoef, unravel_index, cholesky_solve/inverse, the
# *_copy views, Tensor.H, linalg.vecdot/multi_dot/vander, F.kl_div (nn.KLDivLoss), F.rms_norm
# (nn.RMSNorm), F.pdist, F.channel_shuffle, F.local_response_norm; then gradcheck of each on every
# device there is (True when it holds on all).
import warnings
import torch
import torch.nn as nn
import torch.nn.functional as F


def attempt(label, fn):
    try:
        print(label, "->", fn())
    except Exception as e:
        print(label, "->", type(e).__name__ + ":", e)


print(torch.logspace(0, 2, 5), torch.logspace(-1, 1.5, 4, base=2, dtype=torch.float64))
print(torch.logspace(0, 3, 4, dtype=torch.int64), torch.logspace(1, 1, 1), torch.logspace(0, 1, 0))
print(torch.diagflat(torch.tensor([[1, 2], [3, 4]])), torch.diagflat(torch.tensor([5., 6.]), -1))
y = torch.tensor([[1., 2., 4.], [0., 3., 3.]])
print(torch.trapezoid(y), torch.trapezoid(y, dx=0.5, dim=0), torch.trapezoid(y, torch.tensor([0., 1., 3.])))
print(torch.trapz(y, torch.tensor([0., 2., 3.])), torch.trapz(y, dx=2), torch.cumulative_trapezoid(y))
print(torch.cumulative_trapezoid(y, torch.tensor([0., 1., 3.])), torch.trapezoid(torch.ones(2, 0)))
m = torch.tensor([[1., 2., 4.], [0., 1., 7.], [3., -1., 2.]])
print(torch.cov(m), torch.cov(m, correction=0), torch.cov(m[0]), torch.corrcoef(m))
print(torch.cov(torch.tensor([[1, 2, 4], [0, 1, 7]])), torch.cov(m, fweights=torch.tensor([1, 2, 1])))
print(torch.cov(m, aweights=torch.tensor([0.5, 1.0, 2.0])))
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    print(torch.cov(torch.tensor([1., 2.]), correction=2))
print([str(w.message) for w in caught])
attempt("cov 3-D", lambda: torch.cov(torch.ones(2, 2, 2)))
print(torch.unravel_index(torch.tensor([4, 7]), (2, 4)), torch.unravel_index(torch.tensor(5), 8))
attempt("unravel float", lambda: torch.unravel_index(torch.tensor([1.0]), (2,)))
attempt("unravel negative", lambda: torch.unravel_index(torch.tensor([1]), (2, -1)))
a = torch.tensor([[4., 2.], [2., 3.]])
L = torch.linalg.cholesky(a)
b = torch.tensor([[1.], [2.]])
print(torch.cholesky_solve(b, L), torch.cholesky_solve(b, L.T, upper=True), torch.cholesky_inverse(L))
x = torch.arange(6.).view(2, 3)
print(torch.transpose_copy(x, 0, 1).is_contiguous(), torch.t_copy(x), torch.expand_copy(x[0], (2, 3)))
print(torch.unbind_copy(x), torch.squeeze_copy(x.view(1, 2, 3)).shape, torch.diagonal_copy(x))
print(x.H, torch.tensor(2.).H)
attempt("H 1-D", lambda: torch.ones(3).H)
attempt("H 3-D", lambda: torch.ones(2, 2, 2).H)
print(torch.linalg.vecdot(x, torch.ones(3)), torch.linalg.multi_dot([torch.ones(3), x.T, x, torch.ones(3)]))
print(torch.linalg.multi_dot([x, x.T]), torch.linalg.vander(torch.tensor([1., 2., 3.])))
print(torch.linalg.vander(torch.tensor([2, 3]), N=4))
attempt("multi_dot one", lambda: torch.linalg.multi_dot([x]))
attempt("vander N=1", lambda: torch.linalg.vander(torch.ones(2), N=1))
logp = torch.log_softmax(torch.tensor([[1., 2., 3.], [1., 0., -1.]]), 1)
q = torch.softmax(torch.tensor([[0., 1., 1.], [2., 1., 0.]]), 1)
print(F.kl_div(logp, q, reduction="batchmean"), F.kl_div(logp, q, reduction="sum"), F.kl_div(logp, torch.tensor([[-1., -2., -0.5], [-3., -0.25, -1.5]]), reduction="none", log_target=True))
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    print(nn.KLDivLoss()(logp, q))
print([str(w.message) for w in caught], nn.KLDivLoss(reduction="batchmean", log_target=True))
attempt("kl_div reduction", lambda: F.kl_div(logp, q, reduction="avg"))
h = torch.tensor([[1., 2., 3., 4.], [-1., 0., 1., 2.]])
print(F.rms_norm(h, (4,)), F.rms_norm(h, [2, 4], torch.full((2, 4), 2.0), eps=1e-3))
print(nn.RMSNorm(4), nn.RMSNorm([2, 3], eps=1e-5, elementwise_affine=False), nn.RMSNorm(4)(h))
attempt("rms_norm shape", lambda: F.rms_norm(h, (3,)))
print(F.pdist(torch.tensor([[0., 0.], [3., 4.], [6., 8.]])), F.pdist(torch.tensor([[0., 1.], [2., 3.]]), p=1))
c = torch.arange(12.).view(1, 4, 3)
print(F.channel_shuffle(c, 2), nn.ChannelShuffle(2))
attempt("channel_shuffle", lambda: F.channel_shuffle(c, 3))
print(F.local_response_norm(c, 2), nn.LocalResponseNorm(3, k=2.0)(c.view(1, 4, 3, 1)).view(4, 3))
print(nn.LocalResponseNorm(2))

torch.manual_seed(0)
devices = ["cpu"] + (["cuda"] if torch.cuda.is_available() else [])
checks = {
    "trapezoid": (lambda t: torch.trapezoid(t, dim=0), [(3, 2)]),
    "cumulative_trapezoid": (lambda t: torch.cumulative_trapezoid(t), [(2, 4)]),
    "cov/corrcoef": (lambda t: torch.cov(t) + torch.corrcoef(t), [(3, 5)]),
    "cholesky_solve": (lambda t, b: torch.cholesky_solve(b, torch.linalg.cholesky(t @ t.T + 3 * torch.eye(3, dtype=t.dtype, device=t.device))), [(3, 3), (3, 2)]),
    "multi_dot/vecdot/vander": (lambda a, b: torch.linalg.multi_dot([a, b, a]).sum() + torch.linalg.vecdot(a, b.T).sum() + torch.linalg.vander(a[0]).sum(), [(2, 3), (3, 2)]),
    "kl_div": (lambda a, b: F.kl_div(a, b.abs() + 0.1, reduction="batchmean"), [(2, 3), (2, 3)]),
    "rms_norm": (lambda a, w: F.rms_norm(a, (3,), w), [(2, 3), (3,)]),
    "pdist/channel_shuffle/local_response_norm": (lambda a: F.pdist(a).sum() + F.local_response_norm(F.channel_shuffle(a.view(1, 4, 3), 2), 2).sum(), [(4, 3)]),
}
for name, (fn, shapes) in checks.items():
    ok = True
    for device in devices:
        inputs = [torch.randn(s, dtype=torch.float64, device=device, requires_grad=True) for s in shapes]
        ok = ok and torch.autograd.gradcheck(fn, inputs)
    print("gradcheck", name, ok)
