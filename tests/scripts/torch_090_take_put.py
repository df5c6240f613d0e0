# Flat and mask indexing: masked_select, take, take_along_dim, index_copy, put, masked_scatter
# and scatter_reduce (every reduction, with and without self): values, in-place forms, grads,
# grad_fns and PyTorch's texts for bad input.
import torch

torch.manual_seed(0)


def show(label, f):
    try:
        r = f()
        print(label, r)
    except Exception as e:
        print(label, type(e).__name__, e)


x = torch.arange(6.).reshape(2, 3)
m = x > 2
show("masked_select", lambda: torch.masked_select(x, m))
show("masked_select bcast", lambda: x.masked_select(torch.tensor([True, False, True])))
show("masked_select int mask", lambda: torch.masked_select(x, torch.tensor([1, 0, 1])))
show("masked_select bad shape", lambda: torch.masked_select(x, torch.tensor([True, False])))
show("take", lambda: torch.take(x, torch.tensor([[0, 5], [1, -1]])))
show("take method", lambda: x.take(torch.tensor([4])))
show("take oob", lambda: torch.take(x, torch.tensor([6])))
show("take oob neg", lambda: torch.take(x, torch.tensor([-7])))
show("take float idx", lambda: torch.take(x, torch.tensor([1.])))
show("take int idx", lambda: torch.take(x, torch.tensor([1], dtype=torch.int32)))
show("take_along_dim", lambda: torch.take_along_dim(x, torch.tensor([[0], [2]]), dim=1))
show("take_along_dim argmax", lambda: torch.take_along_dim(x, x.argmax(1, keepdim=True), 1))
show("take_along_dim flat", lambda: torch.take_along_dim(x, torch.tensor([0, 5])))
show("take_along_dim bcast", lambda: x.take_along_dim(torch.tensor([[1], [0]]), dim=0))
show("take_along_dim bad bcast", lambda: torch.take_along_dim(x, torch.tensor([[0, 1]]), dim=0))
show("take_along_dim float", lambda: torch.take_along_dim(x, torch.tensor([[0., 1]]), dim=0))
show("take_along_dim dim", lambda: torch.take_along_dim(x, torch.tensor([[0, 1]]), dim=2))
show("take_along_dim rank", lambda: torch.take_along_dim(x, torch.tensor([0, 1]), dim=0))
show("index_copy", lambda: x.index_copy(1, torch.tensor([2, 0]), torch.ones(2, 2)))
show("index_copy fn", lambda: torch.index_copy(x, 0, torch.tensor([1]), torch.full((1, 3), 9.)))
show("index_copy count", lambda: x.index_copy(1, torch.tensor([2, 0]), torch.ones(2, 3)))
show("index_copy oob", lambda: x.index_copy(1, torch.tensor([2, 5]), torch.ones(2, 2)))
show("index_copy neg", lambda: x.index_copy(1, torch.tensor([-1]), torch.ones(2, 1)))
show("index_copy dtype", lambda: x.index_copy(1, torch.tensor([2, 0]), torch.ones(2, 2, dtype=torch.float64)))
show("index_copy float idx", lambda: x.index_copy(1, torch.tensor([2., 0]), torch.ones(2, 2)))
show("index_copy 2d idx", lambda: x.index_copy(1, torch.tensor([[2, 0]]), torch.ones(2, 2)))
show("index_copy rank", lambda: x.index_copy(1, torch.tensor([0]), torch.ones(2)))
show("index_copy slice", lambda: x.index_copy(1, torch.tensor([0]), torch.ones(3, 1)))
show("put", lambda: x.put(torch.tensor([0, 5]), torch.tensor([1., 2])))
show("put accumulate", lambda: x.put(torch.tensor([0, 5, 0]), torch.tensor([1., 2, 3]), accumulate=True))
show("put fn", lambda: torch.put(x, torch.tensor([[1], [2]]), torch.tensor([7., 8])))
show("put oob", lambda: x.put(torch.tensor([0, 6]), torch.tensor([1., 2])))
show("put count", lambda: x.put(torch.tensor([0, 5]), torch.tensor([1., 2, 3])))
show("put dtype", lambda: x.put(torch.tensor([0, 5]), torch.tensor([1, 2])))
show("put float idx", lambda: x.put(torch.tensor([1.]), torch.tensor([1.])))
show("masked_scatter", lambda: x.masked_scatter(m, torch.arange(10., 20)))
show("masked_scatter bcast", lambda: x.masked_scatter(torch.tensor([True, False, True]), torch.arange(10., 20)))
show("masked_scatter fn", lambda: torch.masked_scatter(x, m, torch.arange(10., 20).reshape(2, 5)))
show("masked_scatter short", lambda: x.masked_scatter(m, torch.arange(10., 12)))
show("masked_scatter dtype", lambda: x.masked_scatter(m, torch.arange(10, 20)))
show("masked_scatter int mask", lambda: x.masked_scatter(torch.ones(2, 3, dtype=torch.int64), torch.arange(10., 20)))

# in-place forms return self
y = x.clone()
print("index_copy_", y.index_copy_(0, torch.tensor([0]), torch.full((1, 3), -1.)), y)
y = x.clone()
print("put_", y.put_(torch.tensor([1, 1]), torch.tensor([5., 6]), accumulate=True), y)
y = x.clone()
print("masked_scatter_", y.masked_scatter_(m, -torch.arange(3.)), y)
y = x.clone()
print("scatter_reduce_", y.scatter_reduce_(0, torch.tensor([[1, 0, 1]]), torch.tensor([[5., 6, 7]]), "amax"), y)

# scatter_reduce: every reduction, with and without self
idx = torch.tensor([[0, 0, 2], [1, 1, 1]])
src = torch.tensor([[1., 2, 3], [4, 5, 6]])
for r in ["sum", "prod", "mean", "amax", "amin"]:
    for inc in [True, False]:
        show(f"scatter_reduce {r} {inc}", lambda: x.scatter_reduce(1, idx, src, r, include_self=inc))
xi = torch.arange(6).reshape(2, 3)
show("scatter_reduce int mean", lambda: xi.scatter_reduce(1, idx, src.long(), "mean"))
show("scatter_reduce int mean excl", lambda: torch.tensor([1, 2, 3]).scatter_reduce(0, torch.tensor([0, 0]), torch.tensor([5, 7]), "mean", include_self=False))
show("scatter_reduce fn", lambda: torch.scatter_reduce(x, 0, torch.tensor([[1, 1, 0]]), src, reduce="sum"))
show("scatter_reduce nan", lambda: torch.zeros(2).scatter_reduce(0, torch.tensor([0, 0, 1]), torch.tensor([1., float("nan"), 2.]), "amax"))
show("scatter_reduce int32 idx", lambda: x.scatter_reduce(1, idx.int(), src, "sum"))
show("scatter_reduce small idx", lambda: x.scatter_reduce(1, idx[:, :1], src, "sum"))
show("scatter_reduce bad reduce", lambda: x.scatter_reduce(1, idx, src, "foo"))
show("scatter_reduce neg", lambda: x.scatter_reduce(1, -idx, src, "sum"))
show("scatter_reduce oob", lambda: x.scatter_reduce(1, torch.tensor([[0, 0, 3], [1, 1, 1]]), src, "sum"))
show("scatter_reduce dtype", lambda: x.scatter_reduce(1, idx, src.long(), "sum"))
show("scatter_reduce big idx", lambda: x.scatter_reduce(1, torch.tensor([[0, 0, 2, 1]]), src, "sum"))
show("scatter_reduce rank", lambda: x.scatter_reduce(1, torch.tensor([0, 1]), src, "sum"))

# gradients and grad_fns
a = torch.randn(2, 3, requires_grad=True)
b = torch.randn(2, 3, requires_grad=True)
w = torch.arange(1., 7).reshape(2, 3)


def grads(label, f):
    a.grad = None
    b.grad = None
    out = f()
    print(label, type(out.grad_fn).__name__, tuple(out.shape))
    (out * torch.arange(1., out.numel() + 1).reshape(out.shape)).sum().backward()
    print("  a.grad", a.grad)
    print("  b.grad", b.grad)


grads("masked_select", lambda: torch.masked_select(a, torch.tensor([True, False, True])))
grads("take", lambda: torch.take(a, torch.tensor([[0, 5], [5, 1]])))
grads("take_along_dim", lambda: torch.take_along_dim(a, torch.tensor([[2], [0]]), 1))
grads("index_copy", lambda: a.index_copy(1, torch.tensor([2, 0]), b[:, :2]))
grads("put", lambda: a.put(torch.tensor([0, 4]), b[0, :2]))
grads("put accumulate", lambda: a.put(torch.tensor([0, 0]), b[0, :2], accumulate=True))
grads("masked_scatter", lambda: a.masked_scatter(torch.tensor([True, False, True]), b))
for r in ["sum", "prod", "mean", "amax", "amin"]:
    for inc in [True, False]:
        grads(f"scatter_reduce {r} {inc}", lambda: a.scatter_reduce(1, idx, b, r, include_self=inc))
t = torch.tensor([[2., 0., 3.], [0., 0., 1.]], requires_grad=True)
s = torch.tensor([[0., 5., 2.], [4., 0., 0.]], requires_grad=True)
out = t.scatter_reduce(1, torch.tensor([[0, 0, 2], [1, 1, 2]]), s, "prod")
out.sum().backward()
print("prod zeros", out, t.grad, s.grad)
t = torch.tensor([1., 3., 3.], requires_grad=True)
s = torch.tensor([3., 2., 3.], requires_grad=True)
out = t.scatter_reduce(0, torch.tensor([1, 0, 1]), s, "amax")
out.sum().backward()
print("amax ties", out, t.grad, s.grad)

# index_reduce: scatter_reduce's reductions into whole slices (a beta API: PyTorch warns once)
import warnings

src2 = torch.tensor([[1., 2, 3], [4, 5, 6]])
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    for r in ["prod", "mean", "amax", "amin"]:
        for inc in [True, False]:
            show(f"index_reduce {r} {inc}", lambda: x.index_reduce(1, torch.tensor([0, 0, 2]), src2, r, include_self=inc))
    show("index_reduce dim0", lambda: torch.index_reduce(x, 0, torch.tensor([1, 1]), src2, "amax"))
print("warnings", [(w.category.__name__, str(w.message)) for w in caught])
show("index_reduce sum", lambda: x.index_reduce(1, torch.tensor([0, 0, 2]), src2, "sum"))
show("index_reduce int mean", lambda: torch.arange(6).reshape(2, 3).index_reduce(1, torch.tensor([0, 0, 2]), src2.long(), "mean"))
show("index_reduce oob", lambda: x.index_reduce(1, torch.tensor([0, 3, 2]), src2, "prod"))
show("index_reduce neg", lambda: x.index_reduce(1, torch.tensor([0, -1, 2]), src2, "prod"))
show("index_reduce float idx", lambda: x.index_reduce(1, torch.tensor([0., 1, 2]), src2, "prod"))
show("index_reduce 2d idx", lambda: x.index_reduce(1, torch.tensor([[0, 1, 2]]), src2, "prod"))
show("index_reduce count", lambda: x.index_reduce(1, torch.tensor([0, 1]), src2, "prod"))
show("index_reduce dtype", lambda: x.index_reduce(1, torch.tensor([0, 1, 2]), src2.double(), "prod"))
show("index_reduce shape", lambda: x.index_reduce(1, torch.tensor([0, 1, 2]), torch.ones(3, 3), "prod"))
show("index_reduce rank", lambda: x.index_reduce(1, torch.tensor([0, 1, 2]), torch.ones(3), "prod"))
y = x.clone()
print("index_reduce_", y.index_reduce_(0, torch.tensor([1, 0]), src2, "amin"), y)
for r in ["prod", "mean", "amax", "amin"]:
    grads(f"index_reduce {r}", lambda: a.index_reduce(1, torch.tensor([0, 0, 2]), b, r))
show("scatter_reduce amin nan", lambda: torch.zeros(2).scatter_reduce(0, torch.tensor([0, 0, 1, 1]), torch.tensor([float("nan"), 1., 2., float("nan")]), "amin", include_self=False))
show("scatter_reduce mean untouched", lambda: torch.ones(3).scatter_reduce(0, torch.tensor([0, 0]), torch.tensor([2., 4.]), "mean", include_self=False))
