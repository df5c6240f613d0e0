# OpInfo's missing functions composed from tensor ops: frexp, gradient (uniform and coordinate
# spacing, both edge orders), histogramdd (bins as counts and as edges, weights, density),
# _segment_reduce (lengths and offsets, every reduction, initial), _chunk_cat, hash_tensor,
# _unsafe_masked_index(_put_accumulate), _softmax_backward_data, _safe_softmax through
# torch.ops.aten, F.linear_cross_entropy; and their refusals.
import torch
import torch.nn.functional as F


def attempt(label, fn):
    try:
        print(label, "->", fn())
    except Exception as e:
        print(label, "->", type(e).__name__ + ":", e)


x = torch.tensor([0.0, -0.0, 1.0, 3.0, -5.5, float("inf"), float("nan"), 1e-40, 0.75, 2.0 ** -126, 1.0 - 2 ** -24])
print(torch.frexp(x))
m, e = torch.frexp(torch.tensor([1e300, 1e-300, -3.0], dtype=torch.float64))
print(m, e, torch.ldexp(m, e))
attempt("frexp int", lambda: torch.frexp(torch.tensor([1, 2])))
print(x[:5].frexp().exponent)

y = torch.tensor([1.0, 4.0, 9.0, 16.0, 25.0])
print(torch.gradient(y))
print(torch.gradient(y, spacing=2.0, edge_order=2))
print(torch.gradient(y, spacing=(torch.tensor([0.0, 1.0, 1.5, 3.5, 4.0]),)))
print(torch.gradient(y, spacing=(torch.tensor([0.0, 1.0, 1.5, 3.5, 4.0]),), edge_order=2))
grid = torch.tensor([[1.0, 2, 4, 8], [10, 20, 40, 80], [100, 200, 400, 800]])
print(torch.gradient(grid, spacing=[2.0, 3.0]))
print(torch.gradient(grid, dim=1, edge_order=2))
print(torch.gradient(torch.tensor([1, 2, 4, 8])))
attempt("gradient short", lambda: torch.gradient(torch.tensor([1.0, 2.0]), edge_order=2))
attempt("gradient order 3", lambda: torch.gradient(y, edge_order=3))

pts = torch.tensor([[0.0, 1.0], [1.0, 0.0], [2.0, 0.0], [2.0, 2.0], [0.5, 1.5]])
print(torch.histogramdd(pts, bins=[3, 3], weight=torch.tensor([1.0, 2.0, 4.0, 8.0, 16.0])))
print(torch.histogramdd(pts, bins=[2, 2], range=[0.0, 1.0, 0.0, 1.0], density=True))
print(torch.histogramdd(pts, bins=[torch.tensor([0.0, 1.0, 2.5]), torch.tensor([0.0, 0.5, 2.0])]))
print(torch.histogramdd(pts, bins=2))

data = torch.tensor([1.0, 2, 3, 4, 5, 6])
for reduce in ("sum", "mean", "max", "min", "prod"):
    print(reduce, torch._segment_reduce(data, reduce, lengths=torch.tensor([2, 0, 3, 1])),
          torch._segment_reduce(data, reduce, lengths=torch.tensor([2, 0, 3, 1]), initial=2.0))
print(torch._segment_reduce(data, "sum", offsets=torch.tensor([0, 2, 2, 5, 6])))
print(torch._segment_reduce(torch.arange(12.0).reshape(3, 4), "sum", lengths=torch.tensor([[1, 2, 1], [4, 0, 0], [2, 2, 0]]),
                            axis=1))
attempt("segment bad reduce", lambda: torch._segment_reduce(data, "median", lengths=torch.tensor([6])))

a, b = torch.arange(6.0).reshape(1, 2, 3), torch.arange(6.0, 12).reshape(1, 2, 3)
print(torch._chunk_cat([a, b], 1, 5))
print(torch._chunk_cat([torch.arange(5.0), torch.arange(7.0)], 0, 3))

print(torch.hash_tensor(torch.tensor([1.0, 2.0])), torch.hash_tensor(torch.tensor([[1, 2], [3, -4]]), 1))
print(torch.hash_tensor(torch.tensor([True, False, True])), torch.hash_tensor(torch.tensor([1.0, 2.0], dtype=torch.float16)))
print(torch.hash_tensor(torch.arange(6).reshape(2, 3), 0, keepdim=True))

base = torch.arange(4.0).reshape(2, 2)
mask = torch.tensor([[True, False], [True, True]])
print(torch._unsafe_masked_index(base, mask, [torch.tensor([[0], [1]]), torch.tensor([[1, 7]])], 9.0))
print(torch._unsafe_masked_index_put_accumulate(torch.zeros(2, 2), mask, [torch.tensor([[0], [0]]), torch.tensor([[1, 0]])],
                                                torch.ones(2, 2)))

out = torch.softmax(torch.tensor([[1.0, 2.0, 3.0], [0.5, 0.5, 0.0]]), 1)
print(torch._softmax_backward_data(torch.tensor([[1.0, 0.0, -1.0], [2.0, 1.0, 0.0]]), out, 1, torch.float32))
inf = float("inf")
print(torch.ops.aten._safe_softmax.default(torch.tensor([[-inf, -inf], [1.0, 2.0]]), 1))
print(torch.ops.aten._safe_softmax, torch.ops.aten._safe_softmax.default, str(torch.ops.aten.add.Tensor))
print(torch.ops.aten.add.Tensor(torch.ones(2), torch.ones(2)), torch.ops.aten.relu(torch.tensor([-1.0, 1.0])))
attempt("ops missing", lambda: torch.ops.aten.no_such_op)

torch.manual_seed(0)
inp, weight = torch.randn(4, 3), torch.randn(5, 3)
target = torch.tensor([1, 4, 0, 2])
print(F.linear_cross_entropy(inp, weight, target), F.cross_entropy(inp @ weight.T, target))
print(F.linear_cross_entropy(inp, weight, target, linear_bias=torch.ones(5), reduction="none", label_smoothing=0.1))
print(F.linear_cross_entropy(inp[0], weight, target[0]))
attempt("lce 3-D input", lambda: F.linear_cross_entropy(torch.ones(2, 2, 3), weight, target))
attempt("lce in_features", lambda: F.linear_cross_entropy(inp, torch.ones(5, 2), target))
attempt("lce bias shape", lambda: F.linear_cross_entropy(inp, weight, target, linear_bias=torch.ones(4)))
