# torch.nn.utils (clip_grad_norm_, clip_grad_value_, parameters_to_vector, vector_to_parameters,
# rnn.pad_sequence) and F.one_hot / normalize / cosine_similarity / pairwise_distance with their
# modules (nn.CosineSimilarity, nn.PairwiseDistance, nn.Unflatten, nn.Identity).
import warnings

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.utils import clip_grad_norm_, clip_grad_value_, parameters_to_vector, vector_to_parameters
from torch.nn.utils.rnn import pad_sequence

torch.manual_seed(0)


def attempt(f):
    try:
        r = f()
        print(repr(r))
    except Exception as e:
        print(type(e).__name__, e)


# Rounded: these gradients come through Linear's BLAS order, not PyTorch's bits (the norms
# themselves are exact, tests/scripts/torch_069_norm_order.py).
def sums(params):
    return [round(p.grad.sum().item(), 4) + 0.0 for p in params]


print("== clip_grad_norm_")
model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 3))
x, y = torch.randn(32, 8), torch.randint(0, 3, (32,))
F.cross_entropy(model(x), y).backward()
grads = [p.grad.clone() for p in model.parameters()]
total = clip_grad_norm_(model.parameters(), max_norm=0.1)
print(total, total.dtype, total.requires_grad, total.grad_fn)
print(sums(model.parameters()))
print(model[0].bias.grad[:4])
for p, g in zip(model.parameters(), grads):
    p.grad = g.clone()
print(clip_grad_norm_(model.parameters(), 1.0, norm_type=1))
print(sums(model.parameters()))
for p, g in zip(model.parameters(), grads):
    p.grad = g.clone()
print(clip_grad_norm_(model.parameters(), 0.05, norm_type="inf"), clip_grad_norm_(list(model.parameters()), 100.0))
print(sums(model.parameters()))
w = torch.randn(3, 3, requires_grad=True)
(w * w).sum().backward()
print(clip_grad_norm_(w, 1.0), w.grad.norm())
print(clip_grad_norm_([], 1.0), clip_grad_norm_([torch.zeros(2, requires_grad=True)], 1.0))
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    print(clip_grad_norm_((p for p in []), 1.0))
    print([str(c.message) for c in caught])
w.grad = torch.tensor([[float("inf"), 1.0, 0.0]] * 3)
attempt(lambda: clip_grad_norm_(w, 1.0, error_if_nonfinite=True))
print(clip_grad_norm_(w, 1.0), w.grad[0])
d = torch.ones(4, dtype=torch.float64, requires_grad=True)
d.grad = torch.full((4,), 3.0, dtype=torch.float64)
f = torch.ones(2, requires_grad=True)
f.grad = torch.full((2,), 4.0)
print(clip_grad_norm_([d, f], 2.0), d.grad, f.grad)

print("== clip_grad_value_")
for p, g in zip(model.parameters(), grads):
    p.grad = g.clone()
print(clip_grad_value_(model.parameters(), clip_value=0.01))
print(model[2].bias.grad, model[0].weight.grad.abs().max())
w.grad = torch.tensor([[-3.0, 0.5, 2.0]] * 3)
clip_grad_value_(w, 1)
print(w.grad[0])

print("== parameters_to_vector / vector_to_parameters")
lin = nn.Linear(3, 2)
vec = parameters_to_vector(lin.parameters())
print(vec.shape, vec.grad_fn.name(), torch.equal(vec[:6], lin.weight.view(-1)))
vector_to_parameters(torch.arange(8.0), lin.parameters())
print(lin.weight, lin.bias)
print(parameters_to_vector([torch.ones(2, 2), torch.zeros(3)]))
attempt(lambda: vector_to_parameters([1.0] * 8, lin.parameters()))
attempt(lambda: parameters_to_vector([]))

print("== pad_sequence")
a, b, c = torch.tensor([1.0, 2.0, 3.0]), torch.tensor([4.0]), torch.tensor([5.0, 6.0])
print(pad_sequence([a, b, c]))
print(pad_sequence([a, b, c], batch_first=True, padding_value=-1))
print(pad_sequence([a, b, c], True, 0.5, "left"))
print(pad_sequence((torch.ones(2, 3), torch.zeros(1, 3)), batch_first=True).shape)
print(pad_sequence([torch.tensor([1, 2]), torch.tensor([3])], padding_value=0.5))
print(pad_sequence([torch.tensor([1, 2]), a]))
print(pad_sequence([a, b], padding_value=True), pad_sequence([a, b], padding_value=2))
print(pad_sequence(torch.ones(2, 3)))
r = pad_sequence([torch.ones(2, 3, requires_grad=True), torch.ones(1, 3)], batch_first=True)
print(r.grad_fn is not None, r.requires_grad)
s1 = torch.randn(3, 2, requires_grad=True)
s2 = torch.randn(1, 2, requires_grad=True)
(pad_sequence([s1, s2], batch_first=True) * torch.arange(12.0).view(2, 3, 2)).sum().backward()
print(s1.grad, s2.grad)
attempt(lambda: pad_sequence([a, b], padding_side="middle"))
attempt(lambda: pad_sequence([]))
attempt(lambda: pad_sequence(5))
attempt(lambda: pad_sequence([a, torch.ones(2, 2)]))
attempt(lambda: pad_sequence([torch.ones(2, 3), torch.ones(1, 2)]))
attempt(lambda: pad_sequence([a, [1, 2]]))
attempt(lambda: pad_sequence([a, b], batch_first=1))
attempt(lambda: pad_sequence([a, b], padding_value="x"))
attempt(lambda: pad_sequence([torch.tensor(1.0), a]))

print("== one_hot")
print(F.one_hot(torch.tensor([0, 2, 1])))
print(F.one_hot(torch.tensor([[0, 2], [1, 0]]), 4))
print(F.one_hot(torch.tensor(2), 3), F.one_hot(torch.tensor([1]), num_classes=2).dtype)
print(F.one_hot(torch.tensor([], dtype=torch.long), 3))
attempt(lambda: F.one_hot(torch.tensor([0, 2, 1]), num_classes=2))
attempt(lambda: F.one_hot(torch.tensor([0, -1])))
attempt(lambda: F.one_hot(torch.tensor([0, -1]), 3))
attempt(lambda: F.one_hot(torch.tensor([0.0, 1.0])))
attempt(lambda: F.one_hot(torch.tensor([0, 1], dtype=torch.int32)))
attempt(lambda: F.one_hot(torch.tensor([], dtype=torch.long)))
attempt(lambda: F.one_hot(torch.tensor([0, 1]), -2))
attempt(lambda: F.one_hot(torch.tensor([0, 1]), 0))
attempt(lambda: F.one_hot([1, 2]))
attempt(lambda: F.one_hot(torch.tensor([0, 1]), 2.0))

print("== normalize / cosine_similarity / pairwise_distance")
m = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
print(F.normalize(m), F.normalize(m, p=1, dim=0), F.normalize(torch.zeros(2, 2)))
print(F.normalize(m, dim=-1, eps=10.0))
attempt(lambda: F.normalize(torch.tensor([[1, 2]])))
attempt(lambda: F.normalize(m, dim=2))
x1, x2 = torch.randn(4, 6, dtype=torch.float64), torch.randn(4, 6, dtype=torch.float64)
print(F.cosine_similarity(x1, x2), F.cosine_similarity(x1, x2, dim=0), F.normalize(x1))
print(F.pairwise_distance(x1, x2), F.pairwise_distance(x1, x2, p=1), torch.pairwise_distance(x1, x2))
print(torch.cosine_similarity(x1, x2, 0, 0.5), F.normalize(x1, p=3.0, dim=0))
print(F.cosine_similarity(m, torch.ones(3)), F.cosine_similarity(m[0], m[1], dim=0))
print(F.cosine_similarity(torch.zeros(2, 3), m), F.cosine_similarity(m, m.double()))
print(F.cosine_similarity(torch.tensor([[1, 2]]), torch.tensor([[3.0, 4.0]])))
attempt(lambda: F.cosine_similarity(torch.tensor([[1, 2]]), torch.tensor([[3, 4]])))
attempt(lambda: F.cosine_similarity(m, torch.ones(3, 3)))
attempt(lambda: F.cosine_similarity(m, m, dim=2))
attempt(lambda: F.cosine_similarity(m, [1]))
print(F.pairwise_distance(m, torch.ones(3)), F.pairwise_distance(m, torch.ones(3), keepdim=True))
print(F.pairwise_distance(m, torch.ones(3), p=1), F.pairwise_distance(m, m, p=float("inf")))
print(F.pairwise_distance(torch.tensor([[1, 2]]), torch.tensor([[3, 4]])), F.pairwise_distance(torch.ones(3), torch.zeros(3)))
attempt(lambda: F.pairwise_distance(m, torch.ones(4)))
attempt(lambda: F.pairwise_distance(m, "a"))
g1 = torch.randn(4, 5, dtype=torch.float64, requires_grad=True)
g2 = torch.randn(4, 5, dtype=torch.float64, requires_grad=True)
cs = F.cosine_similarity(g1, g2)
pd = F.pairwise_distance(g1, g2)
nz = F.normalize(g1)
print(cs.grad_fn.name(), pd.requires_grad, nz.grad_fn.name())
(cs.sum() + pd.sum() + (nz * g2).sum()).backward()
print(g1.grad, g2.grad)

print("== modules")
print(nn.CosineSimilarity(), nn.PairwiseDistance(), nn.CosineSimilarity(dim=0, eps=1e-6))
print(nn.PairwiseDistance(p=1, keepdim=True)(m, torch.zeros(3)), nn.CosineSimilarity(dim=0)(m[0], m[1]))
pdm = nn.PairwiseDistance(p=3.0, eps=0.0)
print(pdm.norm, pdm.eps, pdm.keepdim, nn.CosineSimilarity().dim, nn.CosineSimilarity().eps)
print(nn.Unflatten(1, (2, 3)), nn.Unflatten(-1, torch.Size([2, 2])), nn.Unflatten(1, [2, 3]))
u = nn.Unflatten(1, (2, -1))
print(u(torch.arange(12.0).reshape(2, 6)).shape, u)
seq = nn.Sequential(nn.Flatten(), nn.Linear(6, 6), nn.Unflatten(1, (3, 2)), nn.Identity())
print(seq, seq(torch.randn(4, 2, 3)).shape)
attempt(lambda: nn.Unflatten(1, 5))
attempt(lambda: nn.Unflatten(1, [2.0, 3]))
attempt(lambda: nn.Unflatten(1, (4, 2))(torch.zeros(2, 6)))
attempt(lambda: torch.unflatten(torch.arange(6.0), 0, (2, 3)))
attempt(lambda: torch.arange(6.0).unflatten(0, [3, -1]).shape)
attempt(lambda: torch.arange(6.0).unflatten(0, ()))
attempt(lambda: torch.arange(6.0).unflatten(1, (2, 3)))
attempt(lambda: torch.arange(6.0).view(2, 3).t().unflatten(0, (3, 1)).shape)
print(nn.Identity(3, foo=4), nn.Identity()(torch.ones(1)))
