# nn.utils.prune beyond torch_153: each method's mask on small seeded tensors (amount as int and
# float), every norm ln_structured takes, invalid amounts / dims / shapes and their texts,
# global_unstructured with importance_scores and over already-pruned tensors, successive prunings
# (PruningContainer), remove, is_pruned, state_dict keys, hooks and a pruned module's repr.
import re

import torch
import torch.nn as nn
from torch.nn.utils import prune


def attempt(label, fn):
    try:
        out = fn()
        print(label, "->", out if not isinstance(out, torch.Tensor) else tuple(out.shape))
    except Exception as e:
        print(label, "->", type(e).__name__ + ":", e)


def hooks(m):
    return [type(h).__name__ for h in m._forward_pre_hooks.values()]


def mask_of(fn, *args, seed=0, shape=(3, 4), **kwargs):
    torch.manual_seed(seed)
    m = nn.Linear(shape[1], shape[0])
    fn(m, "weight", *args, **kwargs)
    return m.weight_mask


# ---- each method's mask, amount as int and as float ----
print(mask_of(prune.identity))
for amount in (0, 3, 0.25, 0.5, 1.0):
    print("random_unstructured", amount, mask_of(prune.random_unstructured, amount=amount, seed=1))
    print("l1_unstructured", amount, mask_of(prune.l1_unstructured, amount=amount, seed=1))
for amount, dim in [(1, 0), (2, 1), (0.5, -1), (0, 0), (1.0, 0)]:
    print("random_structured", amount, dim, mask_of(prune.random_structured, amount=amount, dim=dim, seed=2))
for n in (1, 2, 3, float("inf"), float("-inf"), "fro"):
    print("ln_structured", n, mask_of(prune.ln_structured, amount=1, n=n, dim=0, seed=3).sum(1))
print("ln_structured dim -1", mask_of(prune.ln_structured, amount=0.5, n=1, dim=-1, seed=3))
torch.manual_seed(4)
conv = nn.Conv2d(2, 4, 3)
prune.l1_unstructured(conv, "weight", amount=30)
prune.random_structured(conv, "weight", amount=1, dim=-4)
prune.ln_structured(conv, "weight", amount=1, n=2, dim=-3)
print(conv.weight_mask.sum((1, 2, 3)), conv.weight_mask.sum((0, 2, 3)), int(conv.weight_mask.sum()))
torch.manual_seed(4)
conv = nn.Conv2d(2, 4, 3)
prune.ln_structured(conv, "weight", amount=0.5, n=1, dim=0)
print(conv.weight_mask.sum((1, 2, 3)), conv)
prune.ln_structured(conv, "weight", amount=1, n="fro", dim=1)
print(conv.weight_mask.sum((0, 2, 3)), hooks(conv))
t3 = torch.arange(24.0).reshape(2, 3, 4).sin()
print(prune.LnStructured(amount=1, n="nuc", dim=0).compute_mask(t3, torch.ones_like(t3)).sum((1, 2)))
print(prune.RandomUnstructured(amount=2).prune(torch.ones(2, 2)).shape)
print(prune.L1Unstructured(amount=0.5).prune(t3, importance_scores=-t3.abs()).count_nonzero())
attempt("prune scores shape", lambda: prune.L1Unstructured(amount=1).prune(t3, importance_scores=torch.ones(3)))
print(prune.Identity().compute_mask(t3, default_mask=torch.zeros(2, 3, 4)).sum())

# ---- importance_scores on modules ----
torch.manual_seed(5)
m = nn.Linear(3, 2)
prune.l1_unstructured(m, "weight", amount=2, importance_scores=torch.tensor([[1.0, 5.0, 2.0], [6.0, 0.5, 3.0]]))
print(m.weight_mask)
prune.ln_structured(m, "weight", amount=1, n=1, dim=1, importance_scores=torch.tensor([[9.0, 1.0, 2.0], [9.0, 1.0, 3.0]]))
print(m.weight_mask, hooks(m))
attempt("scores shape", lambda: prune.l1_unstructured(nn.Linear(2, 2), "weight", amount=1, importance_scores=torch.ones(3)))

# ---- successive prunings combine in a container ----
torch.manual_seed(6)
m = nn.Linear(4, 4)
prune.random_unstructured(m, "weight", amount=4)
prune.l1_unstructured(m, "weight", amount=4)
prune.random_structured(m, "weight", amount=1, dim=0)
prune.custom_from_mask(m, "weight", mask=torch.tensor([[1.0, 1, 1, 0]] * 4))
c = list(m._forward_pre_hooks.values())[0]
print(m.weight_mask, int(m.weight_mask.sum()), hooks(m))
print(len(c), [type(x).__name__ for x in c], type(c[1]).__name__, c._tensor_name, [x._tensor_name for x in c])
print(list(m.state_dict().keys()), [n for n, _ in m.named_parameters()], [n for n, _ in m.named_buffers()])
print(torch.equal(m.weight, m.weight_orig * m.weight_mask), m.weight.grad_fn is not None)
with torch.no_grad():
    m.weight_orig.fill_(2.0)
print(m(torch.ones(1, 4)) - m.bias, m.weight[0])
prune.identity(m, "bias")
print(m, hooks(m), prune.is_pruned(m))
prune.remove(m, "weight")
print(hooks(m), list(m.state_dict().keys()), type(m.weight).__name__, m.weight.requires_grad)
prune.remove(m, "bias")
print(hooks(m), prune.is_pruned(m), list(m.state_dict().keys()))
attempt("remove bias again", lambda: prune.remove(m, "bias"))
attempt("remove missing", lambda: prune.remove(m, "foo"))

# ---- containers built by hand ----
a, b = prune.L1Unstructured(amount=1), prune.RandomUnstructured(amount=1)
a._tensor_name = b._tensor_name = "w"
attempt("container of two", lambda: prune.PruningContainer(a, b))
pc = prune.PruningContainer()
pc._tensor_name = "w"
pc.add_pruning_method(a)
pc.add_pruning_method(b)
print(len(pc), pc[0] is a, list(pc) == [a, b], pc[-1] is b)
one = prune.PruningContainer(a)
print(len(one), one._tensor_name)
attempt("add non-method", lambda: one.add_pruning_method(3))
z = prune.Identity()
z._tensor_name = "bias"
try:
    one.add_pruning_method(z)
except ValueError as e:  # the message holds the container's address
    print("add other name ->", re.sub(r"0x[0-9a-f]+", "0x...", str(e)))
one.add_pruning_method(None)
print(len(one))
s = prune.LnStructured(amount=1, n=1, dim=0)
s._tensor_name = "w"
del s.dim
attempt("structured without dim", lambda: prune.PruningContainer(s).compute_mask(torch.ones(2, 2), torch.ones(2, 2)))
s2 = prune.LnStructured(amount=1, n=1, dim=-5)
s2._tensor_name = "w"
attempt("structured dim too negative", lambda: prune.PruningContainer(s2).compute_mask(torch.ones(2, 2), torch.ones(2, 2)))


class Odd(prune.BasePruningMethod):
    PRUNING_TYPE = "odd"

    def compute_mask(self, t, default_mask):
        return default_mask


o = Odd()
o._tensor_name = "w"
attempt("unknown PRUNING_TYPE", lambda: prune.PruningContainer(o).compute_mask(torch.ones(2), torch.ones(2)))


class Half(prune.BasePruningMethod):
    """A user's own method: prunes the entries below the mean."""
    PRUNING_TYPE = "unstructured"

    def compute_mask(self, t, default_mask):
        return default_mask * (t >= t.mean()).to(default_mask.dtype)


m = nn.Linear(2, 2, bias=False)
with torch.no_grad():
    m.weight.copy_(torch.tensor([[1.0, 2.0], [3.0, 4.0]]))
Half.apply(m, "weight")
prune.l1_unstructured(m, "weight", amount=1)
print(m.weight, hooks(m))
attempt("apply twice by hand", lambda: (m.register_forward_pre_hook(Half()), setattr(list(m._forward_pre_hooks.values())[-1], "_tensor_name", "weight"), prune.identity(m, "weight"))[2])
attempt("apply_mask unpruned", lambda: prune.Identity().apply_mask(nn.Linear(1, 1)))

# ---- global_unstructured ----
torch.manual_seed(7)
net = nn.Sequential(nn.Linear(3, 3), nn.Linear(3, 2))
params = [(net[0], "weight"), (net[1], "weight"), (net[0], "bias")]
scores = {(net[0], "weight"): torch.arange(9.0).reshape(3, 3), (net[0], "bias"): torch.full((3,), 100.0)}
print(prune.global_unstructured(params, prune.L1Unstructured, importance_scores=scores, amount=0.5))
print(net[0].weight_mask, net[1].weight_mask, net[0].bias_mask, hooks(net[0]), hooks(net[1]))
prune.global_unstructured(params, prune.RandomUnstructured, amount=3)
print(int(net[0].weight_mask.sum() + net[1].weight_mask.sum() + net[0].bias_mask.sum()), hooks(net[0]))
print(net)
attempt("global not iterable", lambda: prune.global_unstructured(5, prune.L1Unstructured, amount=1))
attempt("global scores list", lambda: prune.global_unstructured(params, prune.L1Unstructured, importance_scores=[1], amount=1))
attempt("global random_structured", lambda: prune.global_unstructured(params, prune.RandomStructured, amount=1, dim=0))
attempt("global too many", lambda: prune.global_unstructured(params, prune.L1Unstructured, amount=100))

# ---- invalid amounts, dims, shapes ----
for amount in (-2, 1.01, -0.1, None, torch.tensor(1), float("nan")):
    attempt(f"l1 amount {amount!r}", lambda: prune.l1_unstructured(nn.Linear(2, 2), "weight", amount=amount))
attempt("random amount 5", lambda: prune.random_unstructured(nn.Linear(2, 2), "weight", amount=5))
attempt("random_structured too many", lambda: prune.random_structured(nn.Linear(2, 2), "weight", amount=3, dim=0))
attempt("random_structured dim", lambda: prune.random_structured(nn.Linear(2, 2), "weight", amount=1, dim=2))
attempt("random_structured 1-D", lambda: prune.random_structured(nn.Linear(2, 2), "bias", amount=1, dim=0))
torch.manual_seed(9)
attempt("ln_structured nuc on 2-D", lambda: prune.ln_structured(nn.Linear(2, 2), "weight", amount=1, n="nuc", dim=0).weight_mask.tolist())
attempt("custom mask shape", lambda: prune.custom_from_mask(nn.Linear(2, 2), "weight", mask=torch.ones(3)))
attempt("missing tensor", lambda: prune.l1_unstructured(nn.Linear(2, 2), "foo", amount=1))
bad = nn.Linear(2, 2)
attempt("failed prune", lambda: prune.l1_unstructured(bad, "weight", amount=9))
print([n for n, _ in bad.named_parameters()], [n for n, _ in bad.named_buffers()], hooks(bad), prune.is_pruned(bad))
ok = nn.Linear(2, 2)
prune.l1_unstructured(ok, "weight", amount=1)
attempt("failed second prune", lambda: prune.l1_unstructured(ok, "weight", amount=9))
print([n for n, _ in ok.named_parameters()], [n for n, _ in ok.named_buffers()], hooks(ok), int(ok.weight_mask.sum()))

# ---- state_dict round trip of a pruned module ----
torch.manual_seed(8)
src = nn.Linear(3, 2)
prune.l1_unstructured(src, "weight", amount=2)
dst = nn.Linear(3, 2)
prune.identity(dst, "weight")
print(dst.load_state_dict(src.state_dict()), torch.equal(dst.weight_mask, src.weight_mask))
dst(torch.ones(1, 3))
print(torch.equal(dst.weight, src.weight))
