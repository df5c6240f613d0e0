# Dropout3d, AlphaDropout and FeatureAlphaDropout (seeded draws, train/eval, p = 0 and 1,
# errors and warnings); then every new activation and loss checked on the GPU when one is
# present (the simulated GPU under tensorplay: its values and gradients must agree with the CPU's),
# and their gradients against central differences in float64.
import warnings

import torch
import torch.nn as nn
import torch.nn.functional as F


def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


torch.manual_seed(0)
x = torch.randn(2, 3, 4)
torch.manual_seed(1)
print(F.alpha_dropout(x, 0.3, training=True))
torch.manual_seed(1)
print(F.feature_alpha_dropout(x, 0.5, training=True))
print(F.alpha_dropout(x, 0.3) is x, F.alpha_dropout(x, 0.0, True) is x)
print(F.alpha_dropout(x, 1.0, True))
leaf = torch.randn(6, requires_grad=True)
torch.manual_seed(2)
out = F.alpha_dropout(leaf, 0.5, True)
print(out)
out.sum().backward()
print(leaf.grad)
b = x.clone()
torch.manual_seed(3)
print(F.alpha_dropout(b, 0.2, True, inplace=True) is b, b)
attempt(lambda: F.alpha_dropout(x, 1.5))
attempt(lambda: F.feature_alpha_dropout(x, -0.1))
attempt(lambda: F.feature_alpha_dropout(torch.randn(4), 0.5, True))

torch.manual_seed(4)
v = torch.randn(2, 3, 2, 2, 2)
torch.manual_seed(5)
print(F.dropout3d(v, 0.5))
torch.manual_seed(5)
print(F.dropout3d(v[0], 0.5).shape)
print(F.dropout3d(v, 0.5, training=False) is v)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    print(F.dropout3d(torch.ones(2, 3, 4), 0.5).shape)
for w in caught:
    print(w.category.__name__, w.message)
attempt(lambda: F.dropout3d(v, 2.0))

m = nn.AlphaDropout(0.2)
print(m, nn.FeatureAlphaDropout(0.4), nn.Dropout3d(), nn.Dropout3d(0.1, inplace=True))
torch.manual_seed(6)
print(m(x))
m.eval()
print(m(x) is x)
torch.manual_seed(7)
print(nn.FeatureAlphaDropout(0.4)(x))
torch.manual_seed(8)
print(nn.Dropout3d(0.5)(v).sum())
attempt(lambda: nn.AlphaDropout(-1))
attempt(lambda: F.multi_margin_loss(x[0], torch.tensor([0, 1]), weight=torch.ones(4, requires_grad=True)))

# every op on the GPU (when present) against the CPU: values and gradients
dev = "cuda" if torch.cuda.is_available() else "cpu"
torch.manual_seed(9)
a = torch.randn(4, 6)
b = torch.randn(4, 6)
c = torch.randn(4, 6)
pm = torch.tensor([1., -1, 1, -1])
cls = torch.tensor([0, 5, 2, 2])
ml = torch.tensor([[0, 5, -1, 2, 1, 1], [3, -1, 0, 0, 0, 0], [1, 2, 3, 4, 5, 0], [-1, 0, 0, 0, 0, 0]])
ops = [
    ("hardswish", lambda p, q, r: F.hardswish(p * 4)),
    ("hardsigmoid", lambda p, q, r: F.hardsigmoid(p * 4)),
    ("hardshrink", lambda p, q, r: F.hardshrink(p)),
    ("softshrink", lambda p, q, r: F.softshrink(p, 0.3)),
    ("threshold", lambda p, q, r: F.threshold(p, 0.1, -2.0)),
    ("tanhshrink", lambda p, q, r: F.tanhshrink(p)),
    ("softsign", lambda p, q, r: F.softsign(p)),
    ("softmin", lambda p, q, r: F.softmin(p, 1)),
    ("glu", lambda p, q, r: F.glu(p, 1)),
    ("prelu", lambda p, q, r: F.prelu(p, q[0, :6].contiguous())),
    ("rrelu eval", lambda p, q, r: F.rrelu(p)),
    ("cosine_embedding", lambda p, q, r: F.cosine_embedding_loss(p, q, pm.to(p.device), margin=0.1)),
    ("margin_ranking", lambda p, q, r: F.margin_ranking_loss(p, q, torch.ones_like(p), margin=0.2)),
    ("hinge_embedding", lambda p, q, r: F.hinge_embedding_loss(p, (q > 0).to(p.dtype) * 2 - 1)),
    ("triplet_margin", lambda p, q, r: F.triplet_margin_loss(p, q, r, swap=True)),
    ("triplet_with_distance", lambda p, q, r: F.triplet_margin_with_distance_loss(p, q, r, reduction="sum")),
    ("poisson_nll", lambda p, q, r: F.poisson_nll_loss(p, q.abs())),
    ("poisson_nll full", lambda p, q, r: F.poisson_nll_loss(p.abs() + 0.1, q.abs() * 3, log_input=False, full=True)),
    ("gaussian_nll", lambda p, q, r: F.gaussian_nll_loss(p, q, r.abs() + 0.1, full=True)),
    ("soft_margin", lambda p, q, r: F.soft_margin_loss(p, (q > 0).to(p.dtype) * 2 - 1)),
    ("multilabel_soft_margin", lambda p, q, r: F.multilabel_soft_margin_loss(p, (q > 0).to(p.dtype))),
    ("multi_margin", lambda p, q, r: F.multi_margin_loss(p, cls.to(p.device), p=2, weight=r[0].detach().abs())),
    ("multilabel_margin", lambda p, q, r: F.multilabel_margin_loss(p, ml.to(p.device), reduction="sum")),
    ("ctc", lambda p, q, r: F.ctc_loss(p.reshape(4, 2, 3).log_softmax(2), torch.tensor([[1, 2], [2, 0]]),
                                       [4, 3], [2, 1])),
]


def run(f, device, dtype):
    p, q, r = (t.to(device=device, dtype=dtype).detach().requires_grad_() for t in (a, b, c))
    out = f(p, q, r)
    grads = torch.autograd.grad(out.sum(), (p, q, r), allow_unused=True)
    return out, grads


def close(t1, t2):
    # The simulated GPU sums in a GPU kernel's order: the last bits may differ from the CPU's.
    return torch.allclose(t1, t2.cpu(), rtol=1e-5, atol=1e-6, equal_nan=True)


for name, f in ops:
    out_cpu, grads_cpu = run(f, "cpu", torch.float32)
    out_dev, grads_dev = run(f, dev, torch.float32)
    same = close(out_cpu, out_dev) and all(
        (g1 is None and g2 is None) or close(g1, g2) for g1, g2 in zip(grads_cpu, grads_dev))
    print(name, "matches the CPU", same, out_dev.device.type == dev)

# gradients against central differences (float64)
for name, f in ops:
    _, grads = run(f, "cpu", torch.float64)
    worst = 0.0
    for k, base in enumerate((a, b, c)):
        if grads[k] is None:
            continue
        flat = base.double().reshape(-1)
        for i in range(0, flat.numel(), 5):
            args = [t.double() for t in (a, b, c)]
            plus, minus = args[k].clone().reshape(-1), args[k].clone().reshape(-1)
            plus[i] += 1e-6
            minus[i] -= 1e-6
            args_p, args_m = list(args), list(args)
            args_p[k], args_m[k] = plus.reshape(base.shape), minus.reshape(base.shape)
            numeric = (f(*args_p).sum() - f(*args_m).sum()).item() / 2e-6
            worst = max(worst, abs(numeric - grads[k].reshape(-1)[i].item()))
    print(name, "gradient matches", worst < 1e-5)
