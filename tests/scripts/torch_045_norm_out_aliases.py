# Vector norms (Tensor.norm, torch.norm, torch.linalg), out= of the math functions, numpy's
# argument names (axis=, keepdims=), new_* factories and range indices.
import warnings

import torch

torch.manual_seed(0)
x = torch.randn(2, 3, requires_grad=True)
print(x.norm(), torch.norm(x, dim=1), x.norm(p=1, dim=0, keepdim=True), x.norm(float('inf')), x.norm(0), x.norm(3))
print(x.norm(p='fro'), x.norm(2, (0, 1)), x.norm(dtype=torch.float64))
for p in (2, 1, float('inf'), -float('inf'), 3, 0.5, 0):
    x.grad = None
    x.norm(p).backward()
    print(p, x.grad)
z = torch.zeros(3, requires_grad=True)
z.norm().backward()
print(z.grad)
print(torch.linalg.norm(x), torch.linalg.norm(x, 1), torch.linalg.norm(x, float('inf')), torch.linalg.norm(x, -1))
print(torch.linalg.vector_norm(x, 1), torch.linalg.vector_norm(x, dim=0), torch.linalg.norm(x[0]))
print(torch.linalg.matrix_norm(x), torch.linalg.norm(x, dim=(0, 1)), torch.linalg.norm(x, 1, keepdim=True))
for bad in ("torch.tensor([1, 2]).norm()", "x.norm(p='abc')", "x.norm(dim=5)",
            "torch.linalg.matrix_norm(x, dim=(0, 1, 2))", "torch.linalg.vector_norm(torch.arange(3))"):
    try:
        eval(bad)
    except Exception as e:
        print(type(e).__name__, e)

r = torch.empty(2)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    print(torch.add(torch.ones(3), 1, out=r), r)
print([(w.category.__name__, str(w.message)) for w in caught])
y = torch.zeros(2, 2)
print(torch.matmul(torch.ones(2, 3), torch.ones(3, 2), out=y), y)
print(torch.mul(torch.ones(2), 3, out=torch.empty(0)), torch.add(torch.ones(3), 1, out=torch.zeros(3, dtype=torch.float64)))
print(torch.sum(x.detach(), 1, out=torch.empty(2)))
for bad in ("torch.add(torch.ones(3), 1.5, out=torch.zeros(3, dtype=torch.long))",
            "torch.add(torch.ones(3, requires_grad=True), 1.5, out=torch.zeros(3))",
            "torch.ones(3).add(1, out=torch.zeros(3))", "torch.add(torch.ones(3), 1, out=[1])"):
    try:
        eval(bad)
    except Exception as e:
        print(type(e).__name__, e)

a = torch.arange(6.).reshape(2, 3)
print(a.sum(axis=1), a.mean(axis=0, keepdims=True), torch.sum(a, axis=(0, 1)), a.amax(axis=1), a.std(axis=0))
print(a.new_ones(2, 2), a.new_zeros((3,)), a.new_full((2,), 7), a.new_tensor([1, 2]), a.new_empty(2).shape)
print(a.new_ones(2, dtype=torch.int64), torch.arange(3).new_ones(2), a.new_zeros(2, requires_grad=True))
print(a[range(2), [0, 2]], a[range(1, 2)], a[:, range(0, 3, 2)])

# to() with a keyword it does not take: PyTorch's parser text with the three signatures.
for call in ("a.to('cpu', requires_grad=True)", "a.to(requires_grad=True)", "a.to(torch.float32, foo=3)"):
    try:
        eval(call)
    except TypeError as e:
        print(e)
