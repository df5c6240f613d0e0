# torch.autograd.Variable as old tutorial code uses it (a Tensor since PyTorch 0.4), and the
# three ways PyTorch words "an integer tensor cannot require grad".
import torch
from torch.autograd import Variable
x = torch.ones(2)
v = Variable(x, requires_grad=True)
print(type(v), v, v.requires_grad, v is x, isinstance(x, Variable), isinstance(3, Variable))
x2 = torch.ones(2)
v2 = Variable(x2)
x2.add_(1)
print(v2, v2.requires_grad)
try:
    Variable([1, 2])
except Exception as e:
    print(type(e).__name__, e)
print(Variable())
w = Variable(x.clone().requires_grad_())
print(w.requires_grad, w.grad_fn)
print(Variable.__name__, Variable.__module__)
y = (v * 3).sum()
y.backward()
print(v.grad, x.grad)
for f in [lambda: Variable(torch.tensor([1, 2]), requires_grad=True),
          lambda: torch.tensor([1, 2]).requires_grad_(), lambda: torch.tensor([1, 2], requires_grad=True),
          lambda: torch.ones(2, dtype=torch.int64, requires_grad=True),
          lambda: setattr(torch.tensor([1]), 'requires_grad', True),
          lambda: torch.nn.Parameter(torch.tensor([1, 2])),
          lambda: torch.randint(0, 3, (2,), requires_grad=True), lambda: torch.arange(3, requires_grad=True),
          lambda: torch.randperm(3, requires_grad=True),
          lambda: torch.randint(3, (2,), dtype=torch.float32, requires_grad=True).requires_grad]:
    try:
        print("ok", f() is True)
    except Exception as e:
        print(type(e).__name__, e)
