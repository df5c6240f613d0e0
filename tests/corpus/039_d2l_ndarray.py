# Source: d2l-ai/d2l-en, chapter_preliminaries/ndarray.md (the PyTorch code cells, in order)
#   commit 23d7a5aecceee57d1292c56e90cce307f183bb0a, sample code under LICENSE-SAMPLECODE (MIT-0)
#   (Dive into Deep Learning). tensorplay corpus: a notebook's displayed cell values are printed.
import torch
torch.manual_seed(0)  # tensorplay corpus: seed added for determinism

def show(value):  # tensorplay corpus: prints what a notebook shows for a cell's last expression
    if value is not None:
        print(repr(value))

import torch

x = torch.arange(12, dtype=torch.float32)
show((x))

show((x.numel()))

show((x.shape))

X = x.reshape(3, 4)
show((X))

show((torch.zeros((2, 3, 4))))

show((torch.ones((2, 3, 4))))

show((torch.randn(3, 4)))

show((torch.tensor([[2, 1, 4, 3], [1, 2, 3, 4], [4, 3, 2, 1]])))

show((X[-1], X[1:3]))

X[1, 2] = 17
show((X))

X[:2, :] = 12
show((X))

show((torch.exp(x)))

x = torch.tensor([1.0, 2, 4, 8])
y = torch.tensor([2, 2, 2, 2])
show((x + y, x - y, x * y, x / y, x ** y))

X = torch.arange(12, dtype=torch.float32).reshape((3,4))
Y = torch.tensor([[2.0, 1, 4, 3], [1, 2, 3, 4], [4, 3, 2, 1]])
show((torch.cat((X, Y), dim=0), torch.cat((X, Y), dim=1)))

show((X == Y))

show((X.sum()))

a = torch.arange(3).reshape((3, 1))
b = torch.arange(2).reshape((1, 2))
show((a, b))

show((a + b))

before = id(Y)
Y = Y + X
show((id(Y) == before))

Z = torch.zeros_like(Y)
z_id = id(Z)  # tensorplay corpus: ids vary run to run; printed as a comparison
print('id(Z):', 'z_id')
Z[:] = X + Y
print('id(Z):', 'z_id' if id(Z) == z_id else 'changed')

before = id(X)
X += Y
show((id(X) == before))

A = X.numpy()
B = torch.from_numpy(A)
show((type(A), type(B)))

a = torch.tensor([3.5])
show((a, a.item(), float(a), int(a)))
