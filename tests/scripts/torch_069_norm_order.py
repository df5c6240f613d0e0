# The float32/float64 2-norm in PyTorch's CPU summation order: bits (sha256 of the bytes) of
# norms over many row lengths (8 lanes and the tail after them), whole-tensor norms, keepdim,
# torch.norm / Tensor.norm / linalg.vector_norm, and what is built on them: clip_grad_norm_,
# F.normalize, F.cosine_similarity, F.pairwise_distance.
import hashlib

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.utils import clip_grad_norm_

torch.manual_seed(0)


def bits(t):
    return hashlib.sha256(t.detach().contiguous().numpy().tobytes()).hexdigest()[:16]


print("== 1-D float32 rows of many lengths")
sizes = list(range(1, 41)) + [63, 64, 65, 100, 127, 255, 256, 257, 1000, 1023, 1024, 1029, 4093, 4096, 5000]
rows = []
for n in sizes:
    x = torch.randn(n) * 3
    rows.append(torch.linalg.vector_norm(x))
    print(n, bits(rows[-1]), rows[-1].item())
print(bits(torch.stack(rows)))

print("== float64")
for n in [1, 2, 3, 4, 5, 7, 9, 100, 1001, 4099]:
    x = torch.randn(n, dtype=torch.float64)
    print(n, bits(torch.linalg.vector_norm(x)), x.norm().item())
x32 = torch.randn(1003)
print(bits(torch.linalg.vector_norm(x32, dtype=torch.float64)), torch.linalg.vector_norm(x32, dtype=torch.float64).dtype)

print("== 100,000 values, whole tensors")
big = torch.randn(100000)
print(big.norm().item(), torch.norm(big).item(), bits(big.norm()))
m = torch.randn(37, 101)
print(bits(m.norm()), m.norm().item(), torch.linalg.vector_norm(m).item())
print(bits(torch.linalg.vector_norm(m, dim=(0, 1))), bits(torch.norm(m, p="fro")))
t3 = torch.randn(4, 5, 123)
print(bits(t3.norm(dim=-1)), bits(t3.norm(dim=(1, 2))), bits(t3.norm(dim=(-1, -2), keepdim=True)))
print(t3.norm(dim=(1, 2), keepdim=True).shape, t3.norm(dim=-1).shape)
print(bits(torch.randn(3, 1, 77).norm(dim=(0, 2))), bits(torch.randn(1, 9, 1, 33).norm(dim=(1, 3))))
print(bits(torch.linalg.vector_norm(torch.randn(6, 250), dim=1)), bits(torch.linalg.norm(torch.randn(6, 250), dim=1)))
print(torch.linalg.vector_norm(torch.zeros(3, 0), dim=1), torch.linalg.vector_norm(torch.zeros(0, 3), dim=1))
print(torch.linalg.vector_norm(torch.tensor(-2.5)), torch.linalg.vector_norm(torch.tensor(3.0), dim=0))

print("== autograd")
w = torch.randn(5, 19, requires_grad=True)
n = w.norm(dim=1)
print(n.grad_fn.name(), bits(n))
n.sum().backward()
print(bits(w.grad))
print(torch.linalg.vector_norm(w).grad_fn.name(), w.norm().grad_fn.name())

print("== clip_grad_norm_")
# Gradients set directly (a Linear's forward is BLAS's order, not the norm's concern here).
model = nn.Sequential(nn.Linear(20, 64), nn.ReLU(), nn.Linear(64, 10))
for p in model.parameters():
    p.grad = torch.randn(p.shape) * 0.1
total = clip_grad_norm_(model.parameters(), max_norm=0.5)
print(total.item(), bits(total))
print([bits(p.grad) for p in model.parameters()])
print(model[2].bias.grad)
total = clip_grad_norm_(model.parameters(), max_norm=0.25, norm_type=2.0)
print(total, [bits(p.grad) for p in model.parameters()])

print("== normalize / cosine_similarity / pairwise_distance")
a, b = torch.randn(8, 300), torch.randn(8, 300)
print(bits(F.normalize(a)), bits(F.normalize(a, dim=-1)))
print(bits(F.cosine_similarity(a, b)), bits(F.pairwise_distance(a, b)))
print(F.pairwise_distance(a, b)[:3], F.cosine_similarity(a, b)[:3])

try:
    torch.linalg.vector_norm(torch.randn(2, 3), dim=(1, 1))
except Exception as e:
    print(type(e).__name__, e)
try:
    torch.linalg.vector_norm(torch.randn(2, 3), dim=2)
except Exception as e:
    print(type(e).__name__, e)
