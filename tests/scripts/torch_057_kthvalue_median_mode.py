# kthvalue, median, nanmedian and mode: values, which index PyTorch's CPU kernels return among
# tied values (quickselect for kthvalue, (value, index) order for the medians, the sort-based
# run scan for mode), NaN rules, grad_fns and gradients, and bad input.
import torch

torch.manual_seed(0)


def attempt(label, f):
    try:
        print(label, f())
    except Exception as e:
        print(label, type(e).__name__, e)


# Many ties: the indices are what the kernels' partitioning leaves.
ties = torch.randint(0, 3, (5, 9)).float()
print(ties)
for k in range(1, 10):
    r = torch.kthvalue(ties, k)
    print("kthvalue k", k, r.values.tolist(), r.indices.tolist())
for k in (1, 3, 5):
    r = ties.kthvalue(k, dim=0, keepdim=True)
    print("kthvalue dim0 k", k, r.values.tolist(), r.indices.tolist())
long_ties = torch.randint(0, 4, (3, 40))
for k in (1, 7, 20, 33, 40):
    r = torch.kthvalue(long_ties, k)
    print("kthvalue long k", k, r.values.tolist(), r.indices.tolist())
print(torch.kthvalue(torch.tensor([3.0, 1.0, 2.0]), 2))
print(torch.kthvalue(torch.tensor(3.0), 1))
print(torch.kthvalue(torch.tensor([[1, 5], [7, 2]]), 1, 0))
nan_row = torch.tensor([[2.0, float("nan"), 1.0, float("nan"), 0.5]])
for k in range(1, 6):
    print("kthvalue nan k", k, torch.kthvalue(nan_row, k))

# median / nanmedian.
print(torch.median(ties), ties.median())
r = torch.median(ties, 1)
print(r)
print(ties.median(dim=0, keepdim=True))
print(torch.median(long_ties, 1).indices.tolist(), torch.median(long_ties.float(), 0).indices.tolist())
print(torch.median(torch.tensor([[1.0, 3.0, 3.0, 1.0], [2.0, 2.0, 2.0, 5.0]]), 1))
print(torch.median(nan_row), torch.median(nan_row, 1))
print(torch.nanmedian(nan_row), torch.nanmedian(nan_row, 1))
all_nan = torch.tensor([[float("nan"), float("nan"), 1.0], [float("nan"), float("nan"), float("nan")]])
print(torch.nanmedian(all_nan), torch.nanmedian(all_nan, 1), all_nan.nanmedian(0))
print(torch.median(torch.tensor(5.0)), torch.median(torch.tensor(5.0), 0))
print(torch.median(torch.tensor([4, 1, 3, 2])), torch.median(torch.tensor([4, 1, 3, 2], dtype=torch.int32), 0))
print(torch.median(torch.empty(0)), torch.median(torch.empty(0, dtype=torch.int64)), torch.nanmedian(torch.empty(0)))
print(torch.median(torch.empty(2, 0), 0))
print(torch.median(torch.tensor([1.0, 2.0], dtype=torch.float64)), torch.median(torch.tensor([1.0, 2.5, 2.0]).half()))

# mode: the smallest of the most frequent values; the index the sort leaves last in its run.
print(torch.mode(ties))
print(ties.mode(0))
print(torch.mode(long_ties, 1, keepdim=True))
print(torch.mode(torch.tensor([True, False, True])))
print(torch.mode(torch.tensor(5.0)))
print(torch.mode(torch.tensor([[1.0, 3.0, 3.0, 1.0], [2.0, 2.0, 2.0, 5.0]])))
print(torch.mode(torch.empty(2, 0), 0))

# Gradients: to the selected index (median() without dim: shared among equal elements).
x = torch.tensor([[1.0, 3.0, 3.0, 1.0], [2.0, 2.0, 2.0, 5.0]], requires_grad=True)
for label, f in [
    ("kthvalue", lambda: torch.kthvalue(x, 2).values),
    ("kthvalue keepdim", lambda: torch.kthvalue(x, 2, 0, True).values),
    ("median", lambda: torch.median(x)),
    ("median dim", lambda: torch.median(x, 1).values),
    ("nanmedian", lambda: torch.nanmedian(x)),
    ("nanmedian dim", lambda: torch.nanmedian(x, 0).values),
    ("mode", lambda: torch.mode(x).values),
]:
    x.grad = None
    out = f()
    (out * torch.arange(1.0, out.numel() + 1).reshape(out.shape)).sum().backward()
    print(label, out.grad_fn.name(), x.grad.tolist())
print(torch.kthvalue(x, 1).indices.requires_grad, torch.median(x, 0))

# Bad input.
y = torch.randn(3, 4)
attempt("k too big", lambda: torch.kthvalue(y, 5, 1))
attempt("k zero", lambda: torch.kthvalue(y, 0))
attempt("k dim0", lambda: y.kthvalue(4, 0))
attempt("dim range", lambda: torch.kthvalue(y, 1, 2))
attempt("scalar dim", lambda: torch.kthvalue(torch.tensor(3.0), 1, 1))
attempt("scalar k", lambda: torch.kthvalue(torch.tensor(3.0), 2))
attempt("empty", lambda: torch.kthvalue(torch.empty(0), 1))
attempt("empty dim", lambda: torch.kthvalue(torch.empty(2, 0), 1, 0))
attempt("empty dim 1", lambda: torch.kthvalue(torch.empty(0, 3), 5, 0))
attempt("bool", lambda: torch.kthvalue(torch.tensor([True, False]), 1))
attempt("median bool", lambda: torch.median(torch.tensor([True, False])))
attempt("median bool dim", lambda: torch.median(torch.tensor([True, False]), 0))
attempt("nanmedian bool", lambda: torch.nanmedian(torch.tensor([True, False])))
attempt("median empty dim", lambda: torch.median(torch.empty(2, 0), 1))
attempt("nanmedian empty dim", lambda: torch.nanmedian(torch.empty(0), 0))
attempt("median dim range", lambda: torch.median(y, -3))
attempt("mode empty", lambda: torch.mode(torch.empty(0)))
attempt("mode empty dim", lambda: torch.mode(torch.empty(0, 3), 0))
attempt("mode dim range", lambda: y.mode(2))
