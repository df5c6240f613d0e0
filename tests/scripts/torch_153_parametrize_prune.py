# torch.nn.utils.parametrize (register_parametrization, cached, is_parametrized,
# remove_parametrizations, type_before_parametrizations), parametrizations.weight_norm /
# spectral_norm, the older weight_norm / spectral_norm hooks, and nn.utils.prune (l1 / random
# unstructured, ln / random structured, global_unstructured, custom_from_mask, remove,
# is_pruned): module reprs, class names, state_dict keys, masks, values and gradients, errors.
# Weight and spectral norms print to 4 digits (their norms are summed in another order than
# PyTorch's fused kernel) and are checked against float64 beside.
import warnings

import torch
import torch.nn as nn
import torch.nn.utils.parametrize as P
from torch.nn.utils import parametrizations, prune


def attempt(label, fn):
    try:
        out = fn()
        print(label, "->", out if not isinstance(out, torch.Tensor) else tuple(out.shape))
    except Exception as e:
        print(label, "->", type(e).__name__ + ":", e)


class Symmetric(nn.Module):
    def forward(self, X):
        return X.triu() + X.triu(1).transpose(-1, -2)


class Scale(nn.Module):
    def forward(self, X):
        return 2 * X

    def right_inverse(self, X):
        return X / 2


class FirstRow(nn.Module):
    def forward(self, X):
        return X[0]


# ---- parametrize ----
torch.manual_seed(0)
m = nn.Linear(3, 3)
P.register_parametrization(m, "weight", Symmetric())
print(m)
print(type(m).__name__, P.type_before_parametrizations(m).__name__, P.is_parametrized(m), P.is_parametrized(m, "bias"))
print(m.weight)
print(list(m.state_dict().keys()), [n for n, _ in m.named_parameters()])
P.register_parametrization(m, "weight", Scale())
print(m.parametrizations.weight)
with P.cached():
    print(m.weight is m.weight)
print(m.weight is m.weight)
m(torch.ones(2, 3)).sum().backward()
print(m.parametrizations.weight.original.grad)
attempt("set without right_inverse", lambda: setattr(m, "weight", torch.eye(3)))
P.remove_parametrizations(m, "weight")
print(m, type(m).__name__, type(m.weight).__name__, m.weight)
s = nn.Linear(2, 2, bias=False)
P.register_parametrization(s, "weight", Scale())
s.weight = torch.eye(2)
print(s.parametrizations.weight.original, s.weight)
P.remove_parametrizations(s, "weight", leave_parametrized=False)
print(s.weight, type(s).__name__)
attempt("remove twice", lambda: P.remove_parametrizations(s, "weight"))
attempt("unknown tensor", lambda: P.register_parametrization(s, "foo", Scale()))
attempt("shape change", lambda: P.register_parametrization(s, "weight", FirstRow()))
print(P.register_parametrization(nn.Linear(2, 2), "weight", FirstRow(), unsafe=True).weight.shape)

# ---- parametrizations.weight_norm / spectral_norm ----
torch.manual_seed(1)
lin = parametrizations.weight_norm(nn.Linear(4, 3))
print(lin)
print(list(lin.state_dict().keys()))
g, v = lin.parametrizations.weight.original0, lin.parametrizations.weight.original1
print(g.shape, v.shape, g.flatten())
w = lin.weight
ref = v.double() * (g.double() / v.double().norm(dim=1, keepdim=True))
print((w.double() - ref).abs().max().item() < 1e-6)
lin(torch.ones(2, 4)).sum().backward()
print(g.grad.shape, v.grad.shape, g.grad.flatten())
conv = parametrizations.weight_norm(nn.Conv2d(2, 3, 2), dim=None)
print(conv.parametrizations.weight.original0.shape, conv.parametrizations.weight.original0)
torch.manual_seed(2)
sn = parametrizations.spectral_norm(nn.Linear(5, 4))
print(sn)
print(list(sn.state_dict().keys()))
print(sn.parametrizations.weight[0]._u, sn.parametrizations.weight[0]._v)
print(torch.linalg.matrix_norm(sn.weight.detach().double(), 2).item() < 1.05)
sn.eval()
print(sn.weight)
print(parametrizations.spectral_norm(nn.ConvTranspose2d(2, 3, 2)).parametrizations.weight[0].dim)
attempt("spectral_norm missing", lambda: parametrizations.spectral_norm(nn.Linear(2, 2), "foo"))

# ---- parametrizations.orthogonal (matrix_exp, cayley, householder) ----
torch.manual_seed(7)
for shape, mp in [((3, 3), None), ((5, 3), None), ((3, 5), None), ((4, 4), "cayley"), ((5, 3), "matrix_exp")]:
    o = parametrizations.orthogonal(nn.Linear(shape[1], shape[0]), orthogonal_map=mp)
    W = o.weight if shape[0] >= shape[1] else o.weight.mT
    o(torch.ones(2, shape[1])).sum().backward()
    print(shape, o.parametrizations.weight[0].orthogonal_map.name, torch.allclose(W.mT @ W, torch.eye(W.shape[1]), atol=1e-5),
          o.parametrizations.weight.original.grad.shape, list(o.state_dict().keys()))
o = parametrizations.orthogonal(nn.Linear(3, 3))
with torch.no_grad():
    o.weight = torch.eye(3)
print(o.weight)
attempt("orthogonal map", lambda: parametrizations.orthogonal(nn.Linear(2, 2), orthogonal_map="foo"))
attempt("orthogonal 1-D", lambda: parametrizations.orthogonal(nn.Linear(2, 2), "bias"))
print(torch.linalg.householder_product(torch.tensor([[1.0, 0.0], [0.5, 1.0], [0.25, 0.5]]), torch.tensor([1.5, 0.5])))
Hd = torch.randn(5, 3, dtype=torch.float64, requires_grad=True)
print(torch.autograd.gradcheck(torch.linalg.householder_product, (Hd, torch.rand(2, dtype=torch.float64, requires_grad=True))))
attempt("householder 1-D", lambda: torch.linalg.householder_product(torch.ones(3), torch.ones(1)))
attempt("householder wide", lambda: torch.linalg.householder_product(torch.ones(2, 3), torch.ones(1)))
attempt("householder tau long", lambda: torch.linalg.householder_product(torch.ones(3, 2), torch.ones(3)))
attempt("householder tau dims", lambda: torch.linalg.householder_product(torch.ones(3, 2), torch.ones(1, 1)))
attempt("householder tau batch", lambda: torch.linalg.householder_product(torch.ones(2, 3, 2), torch.ones(3, 1)))
attempt("householder dtype", lambda: torch.linalg.householder_product(torch.ones(3, 2), torch.ones(1).double()))
attempt("householder long", lambda: torch.linalg.householder_product(torch.ones(3, 2).long(), torch.ones(1).long()))
print(torch.orgqr(torch.tensor([[1.0, 0.0], [0.5, 1.0], [0.25, 0.5]]), torch.tensor([1.5, 0.5])))

# ---- the older hooks ----
torch.manual_seed(3)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    old = nn.utils.weight_norm(nn.Linear(3, 2))
print([(c.category.__name__, str(c.message)) for c in caught])
print(old, [n for n, _ in old.named_parameters()], old.weight_g.flatten())
print(old(torch.ones(1, 3)))
nn.utils.remove_weight_norm(old)
print([n for n, _ in old.named_parameters()], old.weight)
attempt("remove_weight_norm twice", lambda: nn.utils.remove_weight_norm(old))
torch.manual_seed(4)
osn = nn.utils.spectral_norm(nn.Linear(3, 4))
print([n for n, _ in osn.named_parameters()], [n for n, _ in osn.named_buffers()], list(osn.state_dict().keys()))
print(osn.weight_u, osn(torch.ones(1, 3)))
nn.utils.remove_spectral_norm(osn)
print([n for n, _ in osn.named_parameters()], list(osn.state_dict().keys()))

# ---- prune ----
torch.manual_seed(5)
p = nn.Linear(4, 3)
prune.l1_unstructured(p, "weight", amount=0.5)
print(p)
print(list(p.state_dict().keys()), [n for n, _ in p.named_parameters()], [n for n, _ in p.named_buffers()])
print(p.weight_mask, p.weight)
print(prune.is_pruned(p), list(p._forward_pre_hooks.values())[0].__class__.__name__)
prune.ln_structured(p, "weight", amount=1, n=2, dim=0)
print(p.weight_mask, type(list(p._forward_pre_hooks.values())[0]).__name__)
prune.random_unstructured(p, "bias", amount=1)
print(int(p.bias_mask.sum()), p.bias_mask.shape)
p(torch.ones(1, 4)).sum().backward()
print(p.weight_orig.grad)
prune.remove(p, "weight")
print([n for n, _ in p.named_parameters()], [n for n, _ in p.named_buffers()], p.weight)
attempt("remove unpruned", lambda: prune.remove(p, "weight"))
torch.manual_seed(6)
net = nn.Sequential(nn.Linear(4, 4), nn.ReLU(), nn.Linear(4, 2))
prune.global_unstructured([(net[0], "weight"), (net[2], "weight")], pruning_method=prune.L1Unstructured, amount=10)
print(int(net[0].weight_mask.sum()), int(net[2].weight_mask.sum()), prune.is_pruned(net), prune.is_pruned(nn.Linear(1, 1)))
prune.random_structured(net[2], "weight", amount=0.5, dim=1)
print(net[2].weight_mask.sum(0))
prune.custom_from_mask(net[0], "bias", mask=torch.tensor([1.0, 0.0, 1.0, 0.0]))
print(net[0].bias_mask, net[0].bias)
print(prune.L1Unstructured(amount=2).prune(torch.tensor([[1.0, -3.0], [0.5, 2.0]])))
attempt("amount too big", lambda: prune.l1_unstructured(nn.Linear(2, 2), "weight", amount=5))
attempt("amount -1", lambda: prune.l1_unstructured(nn.Linear(2, 2), "weight", amount=-1))
attempt("amount 1.5", lambda: prune.l1_unstructured(nn.Linear(2, 2), "weight", amount=1.5))
attempt("amount text", lambda: prune.l1_unstructured(nn.Linear(2, 2), "weight", amount="a"))
attempt("structured 1-D", lambda: prune.ln_structured(nn.Linear(2, 2), "bias", amount=1, n=2, dim=0))
attempt("structured dim", lambda: prune.ln_structured(nn.Linear(2, 2), "weight", amount=1, n=2, dim=3))
attempt("global structured", lambda: prune.global_unstructured([(nn.Linear(2, 2), "weight")], prune.LnStructured, amount=1, n=2, dim=0))
