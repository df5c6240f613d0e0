# Tensor.unfold and torch.as_strided: views with explicit geometry (sizes, strides, storage
# offsets, shared storage, in-place writes seen through them), their gradients where windows
# overlap, and PyTorch's errors for bad sizes, steps, strides and out-of-bounds storage.
import torch


def shares(view, base):
    return view.untyped_storage().data_ptr() == base.untyped_storage().data_ptr()


def attempt(f):
    try:
        r = f()
        print(r)
    except Exception as e:
        print(type(e).__name__, e)


x = torch.arange(10.0)
a = torch.arange(12.0).reshape(3, 4)

# unfold.
u = x.unfold(0, 3, 2)
print(u, u.shape, u.stride(), u.storage_offset(), u.is_contiguous(), shares(u, x))
print(a.unfold(1, 2, 1), a.unfold(1, 2, 1).stride(), a.unfold(0, 2, 1).shape, a.unfold(-1, 4, 3))
print(a.t().unfold(0, 3, 1).stride(), a[:, 1:].unfold(1, 2, 2), a[:, 1:].unfold(1, 2, 2).storage_offset())
print(x.unfold(0, 0, 3).shape, x.unfold(0, 10, 1), torch.tensor(5.0).unfold(0, 1, 1), torch.tensor(5.0).unfold(-1, 0, 2))
print(a.unfold(0, 2, 1).unfold(2, 2, 2).shape, a.unfold(0, 2, 1).unfold(2, 2, 2).stride())
xv = x.clone()
xv.unfold(0, 4, 3)[1, 2] = -1.0
print(xv)
xv.add_(100)
print(xv.unfold(0, 2, 4))
print(torch.arange(6).unfold(0, 2, 2).dtype, torch.tensor([True, False, True]).unfold(0, 2, 1))
g = torch.arange(8.0, requires_grad=True)
w = g.unfold(0, 3, 1)
print(w.grad_fn.name())
(w * torch.arange(18.0).reshape(6, 3)).sum().backward()
print(g.grad)
g2 = torch.arange(12.0).reshape(3, 4).requires_grad_()
g2.unfold(1, 2, 2).unfold(0, 2, 1).sum().backward()
print(g2.grad)
attempt(lambda: a.unfold(1, 5, 1))
attempt(lambda: a.unfold(1, -1, 1))
attempt(lambda: a.unfold(1, 2, 0))
attempt(lambda: a.unfold(1, 2, -2))
attempt(lambda: a.unfold(2, 1, 1))
attempt(lambda: a.unfold(-3, 1, 1))
attempt(lambda: torch.tensor(5.0).unfold(0, 2, 1))
attempt(lambda: torch.tensor(5.0).unfold(1, 1, 1))

# as_strided.
s = torch.as_strided(x, (3, 3), (2, 1))
print(s, s.stride(), s.storage_offset(), shares(s, x), s.is_contiguous())
print(x.as_strided((2, 2), (1, 2), 3), x[4:].as_strided((3,), (2,)), x[4:].as_strided((2,), (1,), 1))
print(a.as_strided((4, 3), (1, 4)), a.as_strided((2, 2), (0, 1)), a.as_strided((), ()), a.as_strided((0, 5), (9, 9), 100))
print(torch.as_strided(a, size=(2,), stride=(5,), storage_offset=1), torch.as_strided(x, [5], [2]).is_contiguous())
xs = x.clone()
xs.as_strided((2, 2), (5, 1), 1).fill_(0.5)
print(xs)
xs[2] = 42.0
print(xs.as_strided((3,), (1,), 1))
ag = torch.arange(6.0, requires_grad=True)
o = ag.as_strided((3, 2), (1, 1))
print(o.grad_fn.name())
(o * torch.tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])).sum().backward()
print(ag.grad)
bg = torch.arange(6.0).reshape(2, 3).requires_grad_()
bg.t().as_strided((2, 2), (3, 1), 1).sum().backward()
print(bg.grad)
cg = torch.arange(4.0, requires_grad=True)
cg.as_strided((3,), (1,), 5 - 4).pow(2).sum().backward()
print(cg.grad)
attempt(lambda: a.as_strided((4, 4), (4, 1)))
attempt(lambda: x[2:].as_strided((3,), (1,), 9))
attempt(lambda: a.as_strided((2,), (-1,)))
attempt(lambda: a.as_strided((-1,), (1,)))
attempt(lambda: a.as_strided((2, 2), (1,)))
attempt(lambda: a.as_strided((2,), (1,), -1))
attempt(lambda: torch.zeros(2, dtype=torch.float64).as_strided((3,), (1,)))
