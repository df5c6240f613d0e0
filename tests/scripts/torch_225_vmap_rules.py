# vmap's batching rules against a Python loop over the samples, family by family:
# elementwise and broadcasting ops (every row of the op tables), reductions and ops with a dim,
# the matmul family, views and shapes, indexing, nn layers and losses; then PyTorch's fallback
# for an op without a rule (its performance warning), and the errors for data-dependent code.
import warnings

import torch
import torch.nn.functional as F
from torch.func import vmap

torch.manual_seed(0)
x = torch.randn(4, 3, 5)
w = torch.randn(4, 5)
v = torch.randn(5)
m = torch.randn(5, 2)
idx = torch.tensor([[0, 2, 1], [1, 1, 0], [2, 0, 0], [1, 2, 2]])


def same_as_loop(label, fn, *args, in_dims=0):
    dims = in_dims if isinstance(in_dims, tuple) else (in_dims,) * len(args)
    got = vmap(fn, in_dims=in_dims)(*args)
    size = next(a.shape[d] for a, d in zip(args, dims) if d is not None)
    samples = [fn(*[a if d is None else a.select(d, i) for a, d in zip(args, dims)]) for i in range(size)]
    if isinstance(got, tuple):
        want = tuple(torch.stack([s[k] for s in samples]) for k in range(len(got)))
        ok = all(g.shape == w_.shape and torch.allclose(g, w_, atol=1e-6) for g, w_ in zip(got, want))
        print(label, ok, [tuple(g.shape) for g in got])
    else:
        want = torch.stack(samples)
        print(label, got.shape == want.shape and torch.allclose(got, want, atol=1e-6), tuple(got.shape))


# elementwise, broadcasting, in-place
same_as_loop("sin", torch.sin, x)
same_as_loop("add", torch.add, x, w)
same_as_loop("add unbatched", lambda a, b: a + b, x, v, in_dims=(0, None))
same_as_loop("mul scalar", lambda a: 2 * a - 1, x)
same_as_loop("pow", lambda a, b: a.abs() ** b, x, w)
same_as_loop("where", lambda a, b: torch.where(a > 0, a, b), x, w)
same_as_loop("clamp", lambda a: a.clamp(-0.5, 0.5), x)
same_as_loop("maximum", torch.maximum, x, w)
same_as_loop("atan2", torch.atan2, w, x[:, 0])
same_as_loop("gelu", F.gelu, x)
same_as_loop("leaky_relu", lambda a: F.leaky_relu(a, 0.2), x)
same_as_loop("in-place", lambda a: a.clone().mul_(2).add_(1), x)
same_as_loop("masked_fill", lambda a: a.masked_fill(a < 0, 0.0), x)
same_as_loop("comparison", lambda a, b: (a > b).float(), x, w)
# reductions and dims
same_as_loop("sum", torch.sum, x)
same_as_loop("sum dim", lambda a: a.sum(1), x)
same_as_loop("sum dims keepdim", lambda a: a.sum((0, -1), keepdim=True), x)
same_as_loop("mean", lambda a: a.mean(-1), x)
same_as_loop("max", lambda a: a.max(), x)
same_as_loop("max dim", lambda a: tuple(a.max(dim=0)), x)
same_as_loop("argmax", lambda a: a.argmax(-1), x)
same_as_loop("std", lambda a: a.std(0), x)
same_as_loop("var", torch.var, x)
same_as_loop("norm", lambda a: a.norm(dim=1), x)
same_as_loop("logsumexp", lambda a: a.logsumexp(1), x)
same_as_loop("softmax", lambda a: a.softmax(-1), x)
same_as_loop("F.log_softmax", lambda a: F.log_softmax(a, dim=0), x)
same_as_loop("cumsum", lambda a: a.cumsum(1), x)
same_as_loop("sort", lambda a: tuple(a.sort(dim=0)), x)
same_as_loop("topk", lambda a: tuple(a.topk(2)), x)
# matmul family
same_as_loop("matmul mat-vec", torch.matmul, x, w)
same_as_loop("matmul vec-mat", lambda a: a @ m, w)
same_as_loop("mm unbatched", lambda a, b: a @ b, x, m, in_dims=(0, None))
same_as_loop("matmul batched both", lambda a, b: a @ b, x, x.transpose(1, 2))
same_as_loop("dot", torch.dot, w, w)
same_as_loop("mv", torch.mv, x, w)
same_as_loop("outer", torch.outer, w, w)
same_as_loop("einsum", lambda a, b: torch.einsum("ij,j->i", a, b), x, w)
same_as_loop("einsum implicit", lambda a: torch.einsum("ij,jk", a, m), x)
same_as_loop("einsum ellipsis list", lambda a, b: torch.einsum("...j,j->...", [a, b]), x, v, in_dims=(0, None))
same_as_loop("einsum trace", lambda a: torch.einsum("ii", a[:, :3]), x)
same_as_loop("linear", lambda a, b: F.linear(a, b), x, w)
same_as_loop("linear batched weight", lambda a, wt: F.linear(a, wt.t()), x, torch.randn(4, 5, 2))
# views, shapes, joining
same_as_loop("reshape", lambda a: a.reshape(5, 3), x)
same_as_loop("view -1", lambda a: a.view(-1), x)
same_as_loop("permute", lambda a: a.permute(1, 0), x)
same_as_loop("transpose", lambda a: a.transpose(0, 1), x)
same_as_loop("t", lambda a: a.t(), x)
same_as_loop("T", lambda a: a.T, x)
same_as_loop("unsqueeze", lambda a: a.unsqueeze(-1), x)
same_as_loop("squeeze", lambda a: a[:1].squeeze(), x)
same_as_loop("flatten", torch.flatten, x)
same_as_loop("expand", lambda a: a.expand(2, 5), w)
same_as_loop("repeat", lambda a: a.repeat(2, 1), w)
same_as_loop("cat", lambda a, b: torch.cat([a, b.unsqueeze(0)]), x, w)
same_as_loop("stack", lambda a, b: torch.stack([a, b], dim=1), w, w)
same_as_loop("unbind", lambda a: a.unbind(1), x)
same_as_loop("chunk", lambda a: a.chunk(2, dim=-1), x)
# indexing
same_as_loop("getitem", lambda a: a[1:, ::2], x)
same_as_loop("getitem int", lambda a: a[-1], x)
same_as_loop("getitem tensor", lambda a: a[torch.tensor([2, 0])], x)
same_as_loop("getitem batched index", lambda a, i: a[i], x, idx)
same_as_loop("gather", lambda a, i: a.gather(1, i.unsqueeze(0)), x, idx)
same_as_loop("index_select", lambda a: a.index_select(1, torch.tensor([4, 0])), x)


def setitem(a):
    a = a.clone()
    a[0] = 7.0
    a[1, :2] = a[2, 3:]
    return a


same_as_loop("setitem", setitem, x)
# nn layers and losses
img = torch.randn(4, 2, 3, 6, 6)
conv_w = torch.randn(5, 3, 3, 3)
same_as_loop("conv2d", lambda a: F.conv2d(a, conv_w, padding=1), img)
same_as_loop("conv2d one image", lambda a: F.conv2d(a, conv_w), img[:, 0])
same_as_loop("conv2d batched weight", lambda a, cw: F.conv2d(a, cw, stride=2), img, torch.randn(4, 5, 3, 3, 3))
same_as_loop("max_pool2d", lambda a: F.max_pool2d(a, 2), img)
same_as_loop("layer_norm", lambda a: F.layer_norm(a, (5,)), x)
table = torch.randn(3, 4)
same_as_loop("embedding", lambda i: F.embedding(i, table), idx)
same_as_loop("one_hot", lambda i: F.one_hot(i, 3), idx)
print(vmap(lambda i: F.one_hot(i - 1, 2))(idx[:2]))  # under vmap bad classes give zero rows, unchecked
target = torch.tensor([[0, 4, 2], [1, 1, 3], [4, 0, 0], [2, 3, 1]])
same_as_loop("cross_entropy", F.cross_entropy, x, target)
same_as_loop("cross_entropy sum", lambda a, t: F.cross_entropy(a, t, reduction="sum"), x, target)
same_as_loop("cross_entropy one row", F.cross_entropy, w, target[:, 0])
same_as_loop("nll_loss", lambda a, t: F.nll_loss(a.log_softmax(-1), t), x, target)
same_as_loop("mse_loss", F.mse_loss, x, torch.randn(4, 3, 5))
same_as_loop("mse_loss none", lambda a: F.mse_loss(a, torch.zeros(5), reduction="none"), x)

# an op with no batching rule: run per sample, with PyTorch's warning
for label, fn in [("histc", lambda a: torch.histc(a, bins=4, min=-2, max=2)),
                  ("put", lambda a: a.put(torch.tensor([0, 4]), torch.tensor([9.0, -9.0])))]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        same_as_loop(label, fn, x)
    print([str(c.message) for c in caught if c.category is UserWarning])


def attempt(label, fn):
    try:
        print(label, "->", fn())
    except Exception as e:
        print(label, "->", type(e).__name__ + ":", e)


attempt("item", lambda: vmap(lambda a: a.sum().item())(x))
attempt("float", lambda: vmap(lambda a: float(a.sum()))(x))
attempt("if", lambda: vmap(lambda a: a if a.sum() > 0 else -a)(x))
attempt("nonzero", lambda: vmap(torch.nonzero)(x))
attempt("unique", lambda: vmap(torch.unique)(x))
attempt("in-place into unbatched", lambda: vmap(lambda a: torch.zeros(3, 5).add_(a))(x))
attempt("copy_ into unbatched", lambda: vmap(lambda a: torch.zeros(3, 5).copy_(a))(x))
attempt("one_hot without num_classes", lambda: vmap(F.one_hot)(idx))
attempt("dim out of range", lambda: vmap(lambda a: a.sum(2))(x))
