# quantile / nanquantile (every interpolation, dims, keepdim, NaN), renorm, the *_scatter
# forms and index_put (issue 28, from the OpInfo table): values, gradients, PyTorch's errors.
import torch


def attempt(label, fn):
    try:
        print(label, "->", fn())
    except Exception as e:
        print(label, "->", type(e).__name__ + ":", e)


x = torch.tensor([[3., 1., 4., 1.], [5., 9., 2., 6.], [5., 3., 5., 8.]])
q = torch.tensor([0.1, 0.5, 0.75])
print(torch.quantile(x, 0.5), torch.quantile(x, q), torch.quantile(x, 0.3, dim=1), torch.quantile(x, q, dim=0))
print(torch.quantile(x, q, dim=1, keepdim=True).shape, torch.quantile(x, 0.25, dim=0, keepdim=True))
print(x.quantile(q, keepdim=True).shape, torch.quantile(torch.tensor(2.5), 0.5))
for mode in ("linear", "lower", "higher", "midpoint", "nearest"):
    print(mode, torch.quantile(x, q, dim=1, interpolation=mode))
n = torch.tensor([[1., float("nan"), 3.], [float("nan"), float("nan"), float("nan")], [2., 4., 8.]])
print(torch.quantile(n, 0.5, dim=1), torch.nanquantile(n, 0.5, dim=1), torch.nanquantile(n, q, dim=1))
print(torch.nanquantile(n, 0.4), torch.quantile(n, 0.4), n.nanquantile(0.9, dim=0))
attempt("q range", lambda: torch.quantile(x, 1.5))
attempt("q tensor range", lambda: torch.quantile(x, torch.tensor([0.5, 2.0])))
attempt("ints", lambda: torch.quantile(torch.tensor([1, 2]), 0.5))
attempt("empty", lambda: torch.quantile(torch.tensor([]), 0.5))
attempt("q dtype", lambda: torch.quantile(x, torch.tensor([0.5], dtype=torch.float64)))
attempt("interpolation", lambda: torch.quantile(x, 0.5, interpolation="cubic"))
g = torch.tensor([[3., 1., 4.], [1., 5., 9.]], requires_grad=True)
torch.quantile(g, torch.tensor([0.25, 0.6]), dim=1).sum().backward()
print(g.grad)
print(torch.renorm(torch.tensor([[1., 2.], [3., 4.]]), 2, 0, 3), torch.tensor([[1., 2.], [3., 4.]]).renorm(1, 1, 4))
z = torch.zeros(2, 3)
print(torch.select_scatter(z, torch.ones(3), 0, 1), torch.slice_scatter(z, torch.ones(2, 1), 1, 1, 2))
print(torch.slice_scatter(torch.zeros(4, 2), torch.ones(2, 2), start=0, step=2), torch.diagonal_scatter(z, torch.ones(2), 1))
print(torch.as_strided_scatter(z, torch.ones(2), (2,), (1,)), z)
attempt("select_scatter", lambda: torch.select_scatter(z, torch.ones(2), 0, 1))
attempt("slice_scatter", lambda: torch.slice_scatter(z, torch.ones(2, 2), 1, 1, 2))
i = (torch.tensor([0, 0, 1]), torch.tensor([1, 1, 2]))
print(torch.index_put(z, i, torch.tensor([1., 2., 3.])), torch.index_put(z, i, torch.tensor([1., 2., 3.]), accumulate=True))
print(z.index_put((torch.tensor([1, -1]),), torch.tensor(5.), accumulate=True), z.index_put_((torch.tensor([0]),), torch.ones(3)))
print(torch.zeros(3).index_put_((torch.tensor([True, False, True]),), torch.tensor(2.), accumulate=True))
s = torch.zeros(2, 3, requires_grad=True)
src = torch.ones(3, requires_grad=True)
(torch.select_scatter(s, src * 2, 0, 1) * torch.arange(6.).view(2, 3)).sum().backward()
print(s.grad, src.grad)
