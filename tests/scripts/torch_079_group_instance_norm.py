# nn.GroupNorm / F.group_norm and nn.InstanceNorm1d/2d / F.instance_norm: module reprs,
# state_dict keys, outputs, grad_fn, gradients of input, weight and bias, running statistics,
# PyTorch's warnings and error texts.
import warnings

import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


def attempt(f):
    try:
        r = f()
        print(tuple(r.shape) if isinstance(r, torch.Tensor) else r)
    except Exception as e:
        print(type(e).__name__, e)


# ---- group norm ----
gn = nn.GroupNorm(2, 6)
print(gn, nn.GroupNorm(3, 6, affine=False), nn.GroupNorm(1, 4, eps=1e-3, bias=False))
print(list(gn.state_dict()), gn.weight, gn.bias)
x = torch.randn(2, 6, 5, 7, requires_grad=True)
w, b = torch.randn(6), torch.randn(6)
for args in [(3,), (2, w, b), (6, w, None), (1, None, b)]:
    y = F.group_norm(x, *args)
    g, = torch.autograd.grad((y * torch.linspace(-1, 1, y.numel()).view(y.shape)).sum(), x)
    print(y.grad_fn.name(), y[1, 2, 3], g[1, 2, 3])
print(F.group_norm(torch.arange(12.0).view(1, 4, 3), 2))
wg = nn.GroupNorm(3, 6)
with torch.no_grad():
    wg.weight.copy_(torch.linspace(0.5, 2, 6))
    wg.bias.copy_(torch.linspace(-1, 1, 6))
y = wg(x)
(y * y.detach()).sum().backward()
print(y[0, :, 0, 0])
print(wg.weight.grad, wg.bias.grad)
print(x.grad[0, 0, 0])
print(nn.GroupNorm(2, 4)(torch.randn(3, 4)).shape, nn.GroupNorm(2, 4)(torch.randn(2, 4, 3, 2, 2)).shape)
xd = torch.randn(2, 4, 3, dtype=torch.float64)
print(F.group_norm(xd, 2).dtype, F.group_norm(xd, 4)[0])
z = torch.randn(2, 4, 3)
attempt(lambda: F.group_norm(z, 3))
attempt(lambda: F.group_norm(z, 2, torch.ones(3)))
attempt(lambda: F.group_norm(z, 2, None, torch.ones(3)))
attempt(lambda: F.group_norm(z[0, 0], 2))
attempt(lambda: F.group_norm(z.long(), 2))
attempt(lambda: F.group_norm(z, 0))
attempt(lambda: F.group_norm(torch.randn(1, 2, 1), 2))
attempt(lambda: nn.GroupNorm(3, 4))
attempt(lambda: nn.GroupNorm(2, 4)(z[:, :3]))

# ---- instance norm ----
inn = nn.InstanceNorm2d(6, affine=True, track_running_stats=True)
print(inn, nn.InstanceNorm1d(3), nn.InstanceNorm2d(4, momentum=None, eps=1e-3))
print(list(inn.state_dict()), list(nn.InstanceNorm2d(4).state_dict()))
x2 = torch.randn(2, 6, 4, 5, requires_grad=True)
y = inn(x2)
print(y.grad_fn.name(), y.grad_fn.next_functions[0][0].name(), y[0, 0, 0], y[1, 5, 3])
(y * torch.linspace(-1, 1, y.numel()).view(y.shape)).sum().backward()
print(inn.weight.grad, inn.bias.grad)
print(x2.grad[1, 2, 0])
print(inn.running_mean, inn.running_var, inn.num_batches_tracked)
inn.eval()
print(inn(x2)[1, 1, 1])
plain = F.instance_norm(x2)
print(plain.grad_fn.name(), plain[0, 3, 2])
print(F.instance_norm(x2, weight=torch.ones(6) * 2, bias=torch.zeros(6))[0, 3, 2])
rm, rv = torch.zeros(6), torch.ones(6)
F.instance_norm(x2.detach(), rm, rv, momentum=0.5)
print(rm, rv)
print(F.instance_norm(x2.detach(), rm, rv, use_input_stats=False)[0, 0, 0])
i1 = nn.InstanceNorm1d(5)
print(i1(torch.arange(45.0).view(5, 9) % 7)[0])
print(nn.InstanceNorm1d(3, affine=True)(torch.randn(2, 3, 4)).shape)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    print(nn.InstanceNorm2d(5)(torch.randn(4, 3, 3)).shape)
    print(nn.InstanceNorm1d(2)(torch.randn(2, 3, 4)).shape)
    print([str(c.message) for c in caught])
attempt(lambda: F.instance_norm(torch.randn(1, 4, 1, 1)))
attempt(lambda: F.instance_norm(torch.randn(2, 4, 1)))
attempt(lambda: nn.InstanceNorm2d(4)(torch.randn(3, 3)))
attempt(lambda: nn.InstanceNorm2d(5, affine=True)(torch.randn(2, 4, 3, 3)))
attempt(lambda: nn.InstanceNorm1d(4)(torch.randn(2, 4, 3, 3)))
attempt(lambda: F.instance_norm(torch.randn(2, 4, 3), use_input_stats=False))
