# A number divided by a tensor is reciprocal(x) * number in PyTorch (torch/_tensor.py's
# __rdiv__): two roundings, whose bits differ from a division for about a quarter of values.
import hashlib
import torch

torch.manual_seed(0)
x = torch.randn(2000) * 3
print(hashlib.sha256((1.7 / x).numpy().tobytes()).hexdigest()[:16])
print(hashlib.sha256((1.7 / x.double()).numpy().tobytes()).hexdigest()[:16])
a = torch.tensor([3.0, 7.0], requires_grad=True)
y = 1.7 / a
print(y, y.grad_fn.name())
y.sum().backward()
print(a.grad)
print(2 / torch.tensor([3, 4]), 1 / torch.tensor([0.0, 2.0]), True / torch.tensor([2.0]))
print(1 / torch.tensor([2], dtype=torch.float64), 1 / torch.tensor([-0.0]))
