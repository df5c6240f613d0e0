# torch.outer / ger, torch.meshgrid and repeat_interleave (core/ops/combine.h): values, dtypes,
# grad_fns and gradients as PyTorch composes them, and PyTorch's texts for bad input.
import warnings
import torch

torch.manual_seed(0)
a = torch.randn(3, requires_grad=True)
b = torch.randn(4)
o = torch.outer(a, b)
print(o)
print(a.outer(b).shape, torch.ger(a, b).grad_fn.name(), a.ger(b).shape)
o.sum().backward()
print(a.grad)
print(torch.outer(torch.arange(3), torch.arange(2.0)))
print(torch.outer(torch.tensor([1, 2]), torch.tensor([True, False])))

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    gx, gy = torch.meshgrid(torch.arange(3), torch.arange(2))
print(gx, gy, [str(w.message) for w in caught])
print(torch.meshgrid(torch.arange(3), torch.arange(2), indexing="xy"))
print(torch.meshgrid([torch.arange(2), torch.arange(2)], indexing="ij"))
xs, ys, zs = torch.meshgrid(torch.arange(2), torch.arange(3.0).new_tensor([1, 2, 3]).long(), torch.arange(4),
                            indexing="xy")
print(xs.shape, ys.shape, zs.shape, xs[0, :, 0], ys[:, 0, 0])
w = torch.linspace(0, 1, 3, requires_grad=True)
g1, g2 = torch.meshgrid(w, torch.ones(2), indexing="ij")
print(g1.grad_fn.name())
(g1 * 2).sum().backward()
print(w.grad)

print(torch.repeat_interleave(torch.tensor([1, 2, 3]), 2))
print(torch.tensor([[1, 2], [3, 4]]).repeat_interleave(2, dim=0))
print(torch.tensor([[1, 2], [3, 4]]).repeat_interleave(torch.tensor([1, 2]), dim=0))
print(torch.tensor([[1, 2], [3, 4]]).repeat_interleave(2))
print(torch.repeat_interleave(torch.tensor([[1, 2], [3, 4]]), torch.tensor([2]), dim=1))
print(torch.repeat_interleave(torch.tensor([2, 1])))
print(torch.tensor(5.0).repeat_interleave(3))
r = a.repeat_interleave(2)
print(r.grad_fn.name(), a.repeat_interleave(torch.tensor([1, 0, 2])).grad_fn.name())
a.grad = None
(r * torch.arange(6.0)).sum().backward()
print(a.grad)

for bad in [lambda: torch.outer(a.view(3, 1), b),
            lambda: torch.outer(a, b.view(2, 2)),
            lambda: torch.meshgrid(torch.arange(3), indexing="foo"),
            lambda: torch.meshgrid(torch.arange(2), torch.arange(2.0), indexing="ij"),
            lambda: torch.meshgrid([], indexing="ij"),
            lambda: torch.repeat_interleave(torch.tensor([1.5, 2])),
            lambda: torch.repeat_interleave(torch.tensor([[1, 2]])),
            lambda: torch.tensor([1, 2]).repeat_interleave(torch.tensor([[1, 2]])),
            lambda: torch.tensor([1, 2]).repeat_interleave(-1),
            lambda: torch.tensor([1, 2]).repeat_interleave(torch.tensor([1, 2, 3])),
            lambda: torch.tensor([1, 2]).repeat_interleave(torch.tensor([1, -2])),
            lambda: torch.tensor([1, 2]).repeat_interleave(2, dim=3)]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)
