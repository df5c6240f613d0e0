# Creation functions, dtype inference and dtype/device keywords.
import torch
print(torch.tensor([1, 2, 3]).dtype, torch.tensor([1, 2.5]).dtype, torch.tensor([True, False]).dtype)
print(torch.tensor([[1, 2], [3, 4]]).shape, torch.tensor(5).shape, torch.tensor([]).shape)
print(torch.tensor([1, 2], dtype=torch.float64))
print(torch.zeros(2, 3).shape, torch.zeros((2, 3)).shape, torch.ones([4]).shape, torch.empty(3, 1).shape)
print(torch.ones(2, dtype=torch.int32), torch.ones(2, device='cpu').device)
print(torch.full((2,), 1.5), torch.full((2,), True).dtype)
print(torch.arange(10, dtype=torch.float32))
print(torch.arange(0, 10, 3))
print(torch.eye(2, 3))
print(torch.zeros_like(torch.ones(2, 2)), torch.ones_like(torch.zeros(3, dtype=torch.int64)))
print(torch.full_like(torch.zeros(2), 4))
torch.manual_seed(0)
r = torch.rand(2, 3)
print(r.shape, r.dtype, bool((r >= 0).all()), bool((r < 1).all()))
n = torch.randn(4, 4)
print(n.shape, n.dtype)
i = torch.randint(0, 10, (5,))
print(i.dtype, i.shape, bool((i >= 0).all()), bool((i < 10).all()))
p = torch.randperm(6)
print(sorted(p.tolist()))
print(torch.tensor([[1, 2], [3, 4]]).tolist(), torch.tensor(2.5).item(), torch.tensor(3).item())
print(torch.is_tensor(n), torch.is_tensor(3))
try:
    torch.tensor([[1, 2], [3]])
except ValueError as e:
    print("ValueError:", e)
try:
    torch.zeros('a')
except TypeError as e:
    print("TypeError:", e)
try:
    torch.ones(2, dtype='float32')
except TypeError as e:
    print("TypeError:", e)
try:
    torch.ones(2, foo=1)
except TypeError as e:
    print("TypeError:", e)
