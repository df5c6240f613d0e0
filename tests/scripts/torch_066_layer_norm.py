# nn.LayerNorm / F.layer_norm: PyTorch's module repr and parameters, its outputs bit for bit
# (hashed: core/kernels/layer_norm_row.h follows ATen's CPU order), its gradients, grad_fn
# and error texts.
import hashlib
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


def bits(t):
    return hashlib.sha256(t.detach().contiguous().numpy().tobytes()).hexdigest()[:16]


ln = nn.LayerNorm(4)
print(ln)
print(nn.LayerNorm([2, 3], elementwise_affine=False), nn.LayerNorm(3, bias=False), nn.LayerNorm(5, eps=1e-3))
print(ln.state_dict())
print([name for name, _ in nn.LayerNorm((2, 3)).named_parameters()])

x = torch.arange(12.0).reshape(3, 4) / 5
y = ln(x)
print(y)
print(y.grad_fn.name(), [type(f).__name__ if f else None for f, _ in y.grad_fn.next_functions])

# Values bit for bit: the row's length picks ATen's lanes, chunks and tail.
for shape, normalized in [((50, 16), (16,)), ((7, 20), (20,)), ((3, 5, 100), (100,)),
                          ((4, 3, 1000), (3, 1000)), ((2, 4100), (4100,)), ((40, 3), (3,)),
                          ((40, 12), (12,)), ((10, 300), (300,))]:
    x = torch.randn(*shape) * 3 + 1
    w, b = torch.randn(normalized), torch.randn(normalized)
    print(shape, normalized, bits(F.layer_norm(x, normalized, w, b)), bits(F.layer_norm(x, normalized)),
          bits(F.layer_norm(x.double(), normalized, w.double(), b.double())))

# Gradients of input, weight and bias.
x = torch.randn(4, 6, requires_grad=True)
m = nn.LayerNorm(6)
with torch.no_grad():
    m.weight.uniform_(0.5, 1.5)
    m.bias.uniform_(-0.5, 0.5)
out = m(x)
(out * torch.arange(24.0).reshape(4, 6)).sum().backward()
print(x.grad)
print(m.weight.grad)
print(m.bias.grad)

# A transformer-style block: LayerNorm over the last dim of (batch, seq, features).
block = nn.Sequential(nn.Linear(8, 8), nn.LayerNorm(8), nn.ReLU())
h = block(torch.randn(2, 3, 8))
print(h.shape, h.sum().item())

x = torch.randn(2, 3)
for bad in [lambda: F.layer_norm(x, (4,)),
            lambda: F.layer_norm(x, (2, 3, 4)),
            lambda: F.layer_norm(x, (3,), weight=torch.ones(4)),
            lambda: F.layer_norm(x, (3,), bias=torch.ones(2)),
            lambda: F.layer_norm(x.long(), (3,)),
            lambda: F.layer_norm(x.double(), (3,), torch.ones(3)),
            lambda: F.layer_norm(x, ()),
            lambda: F.layer_norm(x, 3)]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)
print(F.layer_norm(torch.randn(0, 3), (3,)))
