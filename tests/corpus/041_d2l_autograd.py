# Source: d2l-ai/d2l-en, chapter_preliminaries/autograd.md (the PyTorch code cells, in order)
#   commit 23d7a5aecceee57d1292c56e90cce307f183bb0a, sample code under LICENSE-SAMPLECODE (MIT-0)
#   (Dive into Deep Learning). tensorplay corpus: a notebook's displayed cell values are printed.
import torch
torch.manual_seed(0)  # tensorplay corpus: seed added for determinism

def show(value):  # tensorplay corpus: prints what a notebook shows for a cell's last expression
    if value is not None:
        print(repr(value))

import torch

x = torch.arange(4.0)
show((x))

# Can also create x = torch.arange(4.0, requires_grad=True)
x.requires_grad_(True)
show((x.grad))  # The gradient is None by default

y = 2 * torch.dot(x, x)
show((y))

y.backward()
show((x.grad))

show((x.grad == 4 * x))

x.grad.zero_()  # Reset the gradient
y = x.sum()
y.backward()
show((x.grad))

x.grad.zero_()
y = x * x
y.backward(gradient=torch.ones(len(y)))  # Faster: y.sum().backward()
show((x.grad))

x.grad.zero_()
y = x * x
u = y.detach()
z = u * x

z.sum().backward()
show((x.grad == u))

x.grad.zero_()
y.sum().backward()
show((x.grad == 2 * x))

def f(a):
    b = a * 2
    while b.norm() < 1000:
        b = b * 2
    if b.sum() > 0:
        c = b
    else:
        c = 100 * b
    return c

a = torch.randn(size=(), requires_grad=True)
d = f(a)
show((d.backward()))

show((a.grad == d / a))
