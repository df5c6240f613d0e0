# numpy beside torch: .numpy() and torch.from_numpy share memory with CPU tensors, dtypes map
# both ways, numpy arrays and scalars are accepted where PyTorch takes them.
import numpy as np
import torch

t = torch.arange(4, dtype=torch.float32)
a = t.numpy()
print(type(a).__name__, a.dtype, a)
a[0] = 10
print(t)
t.add_(1)
print(a)

b = np.array([[1, 2], [3, 4]], dtype=np.int64)
u = torch.from_numpy(b)
print(u, u.dtype)
b[0, 0] = 7
print(u)
u[1, 1] = 9
print(b)

for dt in [np.float64, np.float32, np.float16, np.int32, np.int64, np.uint8, np.bool_]:
    x = torch.from_numpy(np.zeros(2, dtype=dt))
    print(np.dtype(dt).name, x.dtype, x.numpy().dtype)

print(torch.tensor(np.array([1.5, 2.5])))
print(torch.tensor(np.array([1, 2], dtype=np.int32)))
print(torch.as_tensor(np.array([1.0, 2.0], dtype=np.float32)))
c = np.ones(3)
d = torch.as_tensor(c)
c[0] = 5
print(d)
print(torch.tensor([np.float32(1.5), np.float32(2.5)]))
print(torch.ones(2) * np.float64(3.0))
print(torch.full((2,), np.int64(4)))
print(torch.zeros(np.int64(2), 3).shape)

g = torch.ones(2, requires_grad=True)
try:
    g.numpy()
except RuntimeError as e:
    print("RuntimeError:", e)
print(g.detach().numpy())
try:
    torch.from_numpy([1, 2])
except TypeError as e:
    print("TypeError:", e)
print(torch.from_numpy(np.arange(6).reshape(2, 3)[:, 1]))
print(np.mean(torch.ones(3).numpy()), float(torch.tensor(2.5)), np.float32(torch.tensor(1.5)))
