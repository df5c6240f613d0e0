# std_mean / var_mean (a plain tuple, one grad_fn for both results), aminmax (min=, max=),
# count_nonzero: values, dims and keepdim, correction, gradients, and bad input.
import warnings

import torch

torch.manual_seed(0)


def attempt(label, f):
    try:
        print(label, f())
    except Exception as e:
        print(label, type(e).__name__, e)


x = torch.randn(3, 4)
print(torch.std_mean(x))
print(torch.var_mean(x, 1))
print(torch.std_mean(x, 1, unbiased=False, keepdim=True))
print(torch.std_mean(x, dim=1, correction=0))
print(torch.var_mean(x, dim=(0, 1), correction=2))
print(torch.std_mean(x, False), torch.var_mean(x, True))
print(torch.var_mean(x, [0], keepdim=True))
r = torch.std_mean(x.double(), 0)
print(type(r).__name__, r[0].dtype, r[1].dtype)
print(torch.std_mean(torch.tensor([2.0]), correction=0), torch.var_mean(torch.tensor(3.0), correction=0))
# The spread is torch.std / torch.var's value.
print(torch.equal(torch.std_mean(x, 1)[0], torch.std(x, 1)), torch.equal(torch.var_mean(x)[0], torch.var(x)))

xg = torch.tensor([[1.0, 3.0, 3.0, 1.0], [2.0, 2.0, 2.0, 5.0]], requires_grad=True)
s, m = torch.std_mean(xg, 1)
print(s.grad_fn.name(), m.grad_fn.name(), s.grad_fn is m.grad_fn)
(s * 2 + m * 3).sum().backward()
print(xg.grad)
xg.grad = None
v, m = torch.var_mean(xg)
m.backward()
print(v.grad_fn.name(), xg.grad)
xg.grad = None
v, m = torch.var_mean(xg, 0, correction=0)
v.sum().backward()
print(xg.grad)

# aminmax.
print(torch.aminmax(x))
print(torch.aminmax(x, dim=0))
print(x.aminmax(dim=-1, keepdim=True))
print(torch.aminmax(torch.tensor([True, False])))
print(torch.aminmax(torch.tensor([[3, 1], [2, 7]]), dim=1))
print(torch.aminmax(torch.tensor(3.0), dim=0, keepdim=True))
r = torch.aminmax(torch.empty(2, 0), dim=0)
print(r, r.min.shape, r.max.shape)
mn, mx = torch.aminmax(xg)
print(mn.grad_fn.name(), mx.grad_fn is mn.grad_fn)
xg.grad = None
(mn * 2 + mx * 3).backward()
print(xg.grad)
xg.grad = None
mn, mx = torch.aminmax(xg, dim=1)
(mn * 2 + mx * 3).sum().backward()
print(xg.grad)
xg.grad = None
torch.aminmax(xg, dim=1).max.sum().backward()
print(xg.grad)

# count_nonzero.
c = torch.tensor([[0, 1, 2], [0, 0, 3]])
print(torch.count_nonzero(c), torch.count_nonzero(c, 0), c.count_nonzero(dim=1))
print(torch.count_nonzero(c, dim=(0, 1)), torch.count_nonzero(c, (-1,)))
print(torch.count_nonzero(torch.tensor([[0.0, float("nan")], [0.0, -0.0]]), dim=1))
print(torch.count_nonzero(torch.tensor(0.0)), torch.count_nonzero(torch.tensor([True, False, True])))
print(torch.count_nonzero(torch.empty(0)), torch.count_nonzero(torch.empty(2, 0), 1))

# Bad input.
attempt("std_mean int", lambda: torch.std_mean(torch.tensor([1, 2, 3])))
attempt("var_mean int", lambda: torch.var_mean(torch.tensor([1, 2, 3])))
attempt("std_mean dim", lambda: torch.std_mean(x, 2))
attempt("var_mean repeat", lambda: torch.var_mean(x, (0, 0)))
attempt("aminmax empty", lambda: torch.aminmax(torch.empty(0)))
attempt("aminmax empty dim", lambda: torch.aminmax(torch.empty(2, 0), dim=1))
attempt("aminmax positional", lambda: torch.aminmax(x, 0))
attempt("aminmax method positional", lambda: x.aminmax(0))
attempt("aminmax positional 3", lambda: torch.aminmax(x, 0, True))
attempt("aminmax dim range", lambda: torch.aminmax(x, dim=2))
attempt("count_nonzero repeat", lambda: torch.count_nonzero(c, dim=(0, 0)))
attempt("count_nonzero dim", lambda: torch.count_nonzero(c, dim=2))

# No degrees of freedom left: PyTorch's UserWarning, then inf / nan.
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    print(torch.std_mean(torch.tensor([2.0])), torch.var_mean(x, 1, correction=4))
    print(torch.std(torch.tensor([1.0])), torch.var(torch.tensor(3.0)))
for w in caught:
    print(w.category.__name__, w.message)
