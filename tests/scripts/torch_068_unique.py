# torch.unique (core/ops/unique.h): sorted distinct values, inverse indices and counts, NaNs,
# empty and bool tensors, grad_fn, and PyTorch's texts.
import torch

x = torch.tensor([3, 1, 2, 3, 1, 5])
print(torch.unique(x))
print(x.unique(return_inverse=True))
print(torch.unique(x, return_counts=True))
print(torch.unique(x, sorted=False, return_inverse=True, return_counts=True))
print(torch.unique(torch.tensor([[2, 1], [1, 3]]), return_inverse=True))
print(torch.unique(torch.tensor([[1.0, 2.0], [2.0, float("nan")]])), torch.unique(torch.tensor([float("nan")] * 2)))
print(torch.unique(torch.tensor([], dtype=torch.long), return_counts=True))
print(torch.unique(torch.tensor([True, False, True]), return_counts=True))
print(torch.unique(torch.tensor(7)), torch.unique(torch.tensor(7), return_inverse=True))
labels = torch.tensor([0, 2, 1, 2, 2, 0, 1, 1, 1])
classes, counts = labels.unique(return_counts=True)
print(dict(zip(classes.tolist(), counts.tolist())))
w = torch.randn(3, requires_grad=True)
u = torch.unique(w)
print(u.requires_grad, u.grad_fn.name())
try:
    u.sum().backward()
except Exception as e:
    print(type(e).__name__, e)
try:
    torch.unique(torch.tensor([1, 2]), dim=2)
except Exception as e:
    print(type(e).__name__, e)
