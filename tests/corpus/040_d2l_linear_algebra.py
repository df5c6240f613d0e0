# Source: d2l-ai/d2l-en, chapter_preliminaries/linear-algebra.md (the PyTorch code cells, in order)
#   commit 23d7a5aecceee57d1292c56e90cce307f183bb0a, sample code under LICENSE-SAMPLECODE (MIT-0)
#   (Dive into Deep Learning). tensorplay corpus: a notebook's displayed cell values are printed.
import torch
torch.manual_seed(0)  # tensorplay corpus: seed added for determinism

def show(value):  # tensorplay corpus: prints what a notebook shows for a cell's last expression
    if value is not None:
        print(repr(value))

import torch

x = torch.tensor(3.0)
y = torch.tensor(2.0)

show((x + y, x * y, x / y, x**y))

x = torch.arange(3)
show((x))

show((x[2]))

show((len(x)))

show((x.shape))

A = torch.arange(6).reshape(3, 2)
show((A))

show((A.T))

A = torch.tensor([[1, 2, 3], [2, 0, 4], [3, 4, 5]])
show((A == A.T))

show((torch.arange(24).reshape(2, 3, 4)))

A = torch.arange(6, dtype=torch.float32).reshape(2, 3)
B = A.clone()  # Assign a copy of A to B by allocating new memory
show((A, A + B))

show((A * B))

a = 2
X = torch.arange(24).reshape(2, 3, 4)
show((a + X, (a * X).shape))

x = torch.arange(3, dtype=torch.float32)
show((x, x.sum()))

show((A.shape, A.sum()))

show((A.shape, A.sum(axis=0).shape))

show((A.shape, A.sum(axis=1).shape))

show((A.sum(axis=[0, 1]) == A.sum()))  # Same as A.sum()

show((A.mean(), A.sum() / A.numel()))

show((A.mean(axis=0), A.sum(axis=0) / A.shape[0]))

sum_A = A.sum(axis=1, keepdims=True)
show((sum_A, sum_A.shape))

show((A / sum_A))

show((A.cumsum(axis=0)))

y = torch.ones(3, dtype = torch.float32)
show((x, y, torch.dot(x, y)))

show((torch.sum(x * y)))

show((A.shape, x.shape, torch.mv(A, x), A@x))

B = torch.ones(3, 4)
show((torch.mm(A, B), A@B))

u = torch.tensor([3.0, -4.0])
show((torch.norm(u)))

show((torch.abs(u).sum()))

show((torch.norm(torch.ones((4, 9)))))
