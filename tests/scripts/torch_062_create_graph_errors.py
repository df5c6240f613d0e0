# What PyTorch refuses or returns around higher-order gradients: differentiating a gradient
# made without create_graph, a graph freed by retain_graph=False, unused inputs, gradients
# whose second derivative is zero or flat (relu), and @once_differentiable.
import warnings

import torch
from torch.autograd.function import once_differentiable

# (torch_060 prints the warning of backward(create_graph=True); its location differs.)
warnings.filterwarnings("ignore", message="Using backward")


def attempt(label, fn):
    try:
        out = fn()
        print(label, out)
    except Exception as e:
        print(label, type(e).__name__, e)


x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)

# A gradient computed without create_graph is a plain tensor.
g, = torch.autograd.grad((x ** 2).sum(), x)
print(g, g.requires_grad, g.grad_fn)
attempt("grad of plain grad:", lambda: torch.autograd.grad(g.sum(), x))
attempt("backward of plain grad:", lambda: g.sum().backward())

# A linear function: its gradient does not depend on x, so it does not require grad.
g, = torch.autograd.grad((3 * x).sum(), x, create_graph=True)
print(g, g.requires_grad)
attempt("grad of constant grad:", lambda: torch.autograd.grad(g.sum(), x))

# relu's gradient is flat in x: it requires grad and its own gradient is zero.
g, = torch.autograd.grad(torch.relu(x - 2).sum(), x, create_graph=True)
print(g)
print(torch.autograd.grad(g.sum(), x))
g, = torch.autograd.grad(torch.nn.functional.leaky_relu(x - 2, 0.1).sum(), x, create_graph=True)
print(g)
print(torch.autograd.grad(g.sum(), x))
g, = torch.autograd.grad(torch.nn.functional.hardtanh(x - 2).sum(), x, create_graph=True)
print(g)
g, = torch.autograd.grad(torch.clamp(x, 1.5, 2.5).sum(), x, create_graph=True)
print(g, g.requires_grad)

# nll_loss's gradient is flat in its input too; cross_entropy's is not (log_softmax).
logp = torch.tensor([[-1.0, -2.0, -0.5], [-0.3, -1.2, -2.2]], requires_grad=True)
g, = torch.autograd.grad(torch.nn.functional.nll_loss(logp, torch.tensor([2, 0])), logp, create_graph=True)
print(g)
print(torch.autograd.grad(g.sum(), logp))
g, = torch.autograd.grad(torch.nn.functional.cross_entropy(logp, torch.tensor([2, 0])), logp, create_graph=True)
print(g)
print(torch.autograd.grad((g ** 2).sum(), logp))

# Unused inputs and allow_unused.
y = torch.tensor([0.5], requires_grad=True)
g, = torch.autograd.grad((3 * y ** 2).sum(), y, create_graph=True)
print(g)
attempt("unused:", lambda: torch.autograd.grad(g, x, retain_graph=True))
print(torch.autograd.grad(g, (x, y), allow_unused=True, retain_graph=True))
print(torch.autograd.grad(g, (x, y), allow_unused=True, materialize_grads=True))

# create_graph=True with retain_graph=False frees the first graph: exp's gradient reuses
# exp's output, so differentiating it goes through the freed node; sin's does not.
s = torch.tensor([0.3, 0.7], requires_grad=True)
g, = torch.autograd.grad(torch.exp(s).sum(), s, create_graph=True, retain_graph=False)
print(g)
attempt("freed:", lambda: torch.autograd.grad(g.sum(), s))
g, = torch.autograd.grad(torch.sin(s).sum(), s, create_graph=True, retain_graph=False)
attempt("not freed:", lambda: torch.autograd.grad(g.sum(), s))

# The gradient of a non-scalar gradient needs grad_outputs.
g, = torch.autograd.grad((s ** 3).sum(), s, create_graph=True)
attempt("non-scalar:", lambda: torch.autograd.grad(g, s))
print(torch.autograd.grad(g, s, grad_outputs=torch.tensor([1.0, 10.0])))

# .grad after backward(create_graph=True) can itself be backpropagated; zero_grad sets None.
w = torch.tensor([2.0], requires_grad=True)
(w ** 4).sum().backward(create_graph=True)
print(w.grad)
gw = w.grad
w.grad = None
gw.backward()
print(w.grad)


# @once_differentiable: the backward runs without grad; differentiating it again fails.
class Square(torch.autograd.Function):
    @staticmethod
    def forward(ctx, inp):
        ctx.save_for_backward(inp)
        return inp ** 2

    @staticmethod
    @once_differentiable
    def backward(ctx, grad_output):
        inp, = ctx.saved_tensors
        return 2 * inp * grad_output


q = torch.tensor([1.0, 4.0], requires_grad=True)
g, = torch.autograd.grad(Square.apply(q).sum(), q)
print(g)
g, = torch.autograd.grad(Square.apply(q).sum(), q, create_graph=True)
print(g.requires_grad)
attempt("once_differentiable:", lambda: torch.autograd.grad(g.sum(), q))
