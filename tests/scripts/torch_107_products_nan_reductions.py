# tensordot, inner, vdot, dist and the NaN-ignoring reductions nansum and nanmean (issue 28:
# common ops the OpInfo table found missing): values, dtypes, gradients and PyTorch's errors.
import torch


def attempt(label, fn):
    try:
        print(label, "->", fn())
    except Exception as e:
        print(label, "->", type(e).__name__ + ":", e)


a = torch.arange(24.).view(2, 3, 4) / 7
b = torch.arange(12.).view(4, 3) - 5
print(torch.tensordot(a, b, dims=1).shape, torch.tensordot(a, b, dims=([1, 2], [1, 0])))
print(torch.tensordot(torch.arange(6).view(2, 3), torch.arange(6).view(3, 2), dims=([1], [0])))
print(torch.tensordot(a, a, dims=3), torch.tensordot(a[0], b, 0).shape, torch.tensordot(a, b, [[2], [0]]).shape)
attempt("tensordot mismatch", lambda: torch.tensordot(a, b.T, dims=1))
attempt("tensordot lists", lambda: torch.tensordot(a, b, dims=([1], [0, 1])))
print(torch.inner(torch.tensor([1., 2., 3.]), torch.tensor([4., 5., 6.])), torch.inner(a, b.T))
print(torch.inner(torch.tensor(2.), a[0]), a[0].inner(torch.ones(4)))
attempt("inner", lambda: torch.inner(a, b))
print(torch.vdot(torch.tensor([1., 2.]), torch.tensor([3., 4.])), torch.tensor([1, 2]).vdot(torch.tensor([3, 4])))
attempt("vdot 2-D", lambda: torch.vdot(b, b))
attempt("vdot dtypes", lambda: torch.vdot(torch.tensor([1., 2.]), torch.tensor([3, 4])))
print(torch.dist(a, torch.zeros(4)), torch.dist(a, a.flip(0), p=1), torch.dist(b, b * 2, float("inf")))
print(a.dist(torch.ones(3, 1)), torch.dist(b, 3 * b, 0), torch.dist(b, b + 1, 3.5))
attempt("dist ints", lambda: torch.dist(torch.tensor([1, 2]), torch.tensor([3, 4])))
n = torch.tensor([[1., float("nan"), 2.], [float("nan"), float("nan"), 4.]])
print(torch.nansum(n), torch.nansum(n, dim=1), n.nansum(0, keepdim=True), torch.nansum(torch.tensor([1, 2])))
print(torch.nanmean(n), torch.nanmean(n, dim=1), n.nanmean(dim=0), torch.nansum(n, dtype=torch.float64))
attempt("nanmean ints", lambda: torch.nanmean(torch.tensor([1, 2])))
x = torch.tensor([[1., float("nan")], [3., 4.]], requires_grad=True)
(torch.nansum(x) + torch.nanmean(x, 0).sum()).backward()
print(x.grad)
p = torch.tensor([1., 2., 3.], requires_grad=True)
q = torch.tensor([2., 0., 1.], requires_grad=True)
(torch.tensordot(p, q, 1) + torch.dist(p, q) + torch.inner(p, q)).backward()
print(p.grad, q.grad)
