# Layout helpers: hstack/vstack/dstack/column_stack/row_stack, atleast_*d, tensor_split and
# hsplit/vsplit/dsplit, movedim/moveaxis/swapdims, fliplr/flipud, ravel, narrow_copy: values,
# shapes, strides, view-ness, grad_fns, gradients and PyTorch's error texts.
import torch


def shares(view, base):
    return view.untyped_storage().data_ptr() == base.untyped_storage().data_ptr()


def attempt(f):
    try:
        r = f()
        print(r)
    except Exception as e:
        print(type(e).__name__, e)


a = torch.arange(6.0).reshape(2, 3)
b = torch.arange(3.0)
s = torch.tensor(7.0)

# Stacking.
print(torch.hstack([a, a]), torch.hstack((b, b, b)), torch.hstack([s, b]))
print(torch.vstack([a, b]), torch.vstack([s, s]), torch.row_stack((b, b)))
print(torch.dstack([a, a]).shape, torch.dstack([b, b]), torch.dstack([s]).shape)
print(torch.column_stack([b, a.t(), s.expand(3)]), torch.column_stack([s, s]))
print(torch.hstack([torch.tensor([1, 2]), torch.tensor([0.5])]).dtype)
w = a.clone().requires_grad_()
v = torch.arange(3.0, requires_grad=True)
for f in (torch.hstack, torch.vstack, torch.dstack, torch.column_stack, torch.row_stack):
    r = f([w, w * 2])
    print(f.__name__, r.shape, r.grad_fn.name())
(torch.vstack([w, v]) * torch.arange(9.0).reshape(3, 3)).sum().backward()
print(w.grad, v.grad)
attempt(lambda: torch.hstack([]))
attempt(lambda: torch.vstack([]))
attempt(lambda: torch.dstack(()))
attempt(lambda: torch.column_stack([]))
attempt(lambda: torch.hstack(a))
attempt(lambda: torch.vstack([a, torch.zeros(2)]))
attempt(lambda: torch.dstack([a, b]))
attempt(lambda: torch.hstack([a, 1]))

# atleast_1d/2d/3d.
print(torch.atleast_1d(s), torch.atleast_1d(a) is a, torch.atleast_2d(b), torch.atleast_2d(s).shape)
print(torch.atleast_3d(s).shape, torch.atleast_3d(b).shape, torch.atleast_3d(b).stride(), torch.atleast_3d(a).shape)
print(torch.atleast_3d(a).stride(), torch.atleast_3d(torch.zeros(1, 2, 3, 4)).shape)
print(torch.atleast_1d(s, b), torch.atleast_2d([s, b]), torch.atleast_3d((a,))[0].shape, torch.atleast_1d())
print(torch.atleast_2d(v).grad_fn.name(), torch.atleast_3d(v).grad_fn.name(), torch.atleast_3d(w).grad_fn.name())
ps = torch.tensor(2.0, requires_grad=True)
print(torch.atleast_1d(ps).grad_fn.name(), torch.atleast_3d(ps).grad_fn.name())
t2 = torch.zeros(3)
torch.atleast_2d(t2)[0, 1] = 5.0
print(t2)
attempt(lambda: torch.atleast_1d([s, 2]))
attempt(lambda: torch.atleast_2d(a, dim=1))

# tensor_split and hsplit/vsplit/dsplit.
x = torch.arange(10.0)
print(torch.tensor_split(x, 3), torch.tensor_split(x, [7, 2, 12]), torch.tensor_split(x, (-3,)))
print(torch.tensor_split(x, torch.tensor(4)), torch.tensor_split(x, torch.tensor([1, 5])), x.tensor_split(2))
print(torch.tensor_split(a, 2, dim=1), torch.tensor_split(a, [1], 1), torch.tensor_split(a, indices=[1], dim=-1))
print(torch.tensor_split(a, sections=2), torch.tensor_split(torch.zeros(2, 0), 3, dim=1))
pieces = torch.tensor_split(x, 3)
print([p.stride() for p in pieces], [p.storage_offset() for p in pieces], [p.is_contiguous() for p in pieces])
xs = x.clone()
torch.tensor_split(xs, 3)[1][0] = -1.0
print(xs)
g = torch.arange(10.0, requires_grad=True)
parts = torch.tensor_split(g, [3, 8])
print([p.grad_fn.name() for p in parts])
(parts[0].sum() + 2 * parts[2].sum()).backward()
print(g.grad)
m = torch.arange(24.0).reshape(2, 3, 4)
print(torch.hsplit(m, 3)[0].shape, torch.hsplit(b, [1]), torch.vsplit(m, 2)[1].shape, torch.dsplit(m, [1, 3])[1].shape)
print(m.hsplit([2])[1].shape, m.vsplit([1])[0].shape, m.dsplit(2)[0].stride(), torch.hsplit(a, 3)[2])
attempt(lambda: torch.tensor_split(a, 0))
attempt(lambda: torch.tensor_split(s, 2))
attempt(lambda: torch.tensor_split(s, [1]))
attempt(lambda: torch.tensor_split(x, torch.tensor([[1]])))
attempt(lambda: torch.tensor_split(x, torch.tensor([1.0])))
attempt(lambda: torch.tensor_split(x, torch.tensor([1], dtype=torch.int32)))
attempt(lambda: torch.tensor_split(a, 2, dim=2))
attempt(lambda: torch.hsplit(a, 2))
attempt(lambda: torch.hsplit(a, 0))
attempt(lambda: torch.hsplit(s, 1))
attempt(lambda: torch.vsplit(b, 1))
attempt(lambda: torch.vsplit(a, 3))
attempt(lambda: torch.dsplit(a, 1))
attempt(lambda: torch.dsplit(m, 3))
attempt(lambda: torch.dsplit(a, [1]))

# movedim, moveaxis, swapdims.
y = torch.arange(24.0).reshape(2, 3, 4)
print(torch.movedim(y, 0, -1).shape, torch.movedim(y, 0, -1).stride(), y.movedim((0, 1), (2, 0)).shape)
print(torch.moveaxis(y, [0, 2], [1, 0]).stride(), y.moveaxis(-1, 0).is_contiguous(), torch.swapdims(y, 0, 2).shape)
print(y.swapdims(1, -1).stride(), torch.movedim(b, 0, 0), torch.movedim(s, 0, 0))
yv = y.clone()
torch.movedim(yv, 0, 2)[1, 2, 1] = -5.0
yv.swapdims(0, 1)[0, 0, 0] = -7.0
print(yv[1, 1], yv[0, 0])
yg = torch.arange(24.0).reshape(2, 3, 4).requires_grad_()
print(torch.movedim(yg, 1, 0).grad_fn.name(), yg.moveaxis(0, 1).grad_fn.name(), yg.swapdims(0, 1).grad_fn.name())
(torch.movedim(yg, (0, 1), (1, 2)) * torch.arange(24.0).reshape(4, 2, 3)).sum().backward()
print(yg.grad)
attempt(lambda: torch.movedim(a, 0, 2))
attempt(lambda: torch.movedim(a, (0, 1), (1,)))
attempt(lambda: torch.movedim(a, (0, 0), (0, 1)))
attempt(lambda: torch.moveaxis(a, (0, 1), (1, 1)))
attempt(lambda: torch.swapdims(a, 0, 3))

# fliplr, flipud.
print(torch.fliplr(a), a.flipud(), torch.flipud(b), torch.fliplr(m)[0])
fl = torch.fliplr(w)
print(fl.grad_fn.name(), torch.flipud(w).grad_fn.name(), fl.is_contiguous())
attempt(lambda: torch.fliplr(b))
attempt(lambda: torch.flipud(s))

# ravel.
print(torch.ravel(a), a.t().ravel(), s.ravel(), a.ravel().data_ptr() == a.data_ptr())
print(a.t().ravel().data_ptr() == a.data_ptr(), a.t().ravel().is_contiguous())
r = w.ravel()
print(r.grad_fn.name(), w.t().ravel().grad_fn.name(), w.t().ravel().grad_fn.next_functions[0][0].name())
rv = a.clone()
rv.ravel()[4] = 40.0
print(rv)

# narrow_copy.
print(torch.narrow_copy(a, 1, 1, 2), a.narrow_copy(0, -1, 1), torch.narrow_copy(a, -1, 0, 0).shape)
nc = torch.narrow_copy(a, 1, 1, 2)
print(nc.is_contiguous(), nc.stride(), not shares(nc, a))
n = torch.narrow_copy(w, 1, 1, 2)
print(n.grad_fn.name())
(n * torch.tensor([[1.0, 2.0], [3.0, 4.0]])).sum().backward()
print(w.grad)
attempt(lambda: torch.narrow_copy(a, 1, 2, 2))
attempt(lambda: torch.narrow_copy(a, 1, 4, 0))
attempt(lambda: torch.narrow_copy(a, 1, -4, 1))
attempt(lambda: torch.narrow_copy(a, 1, 0, -1))
attempt(lambda: torch.narrow_copy(a, 2, 0, 1))
attempt(lambda: torch.narrow_copy(a, -3, 0, 1))
attempt(lambda: torch.narrow_copy(s, 0, 0, 1))
