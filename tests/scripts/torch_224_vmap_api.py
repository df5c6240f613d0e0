# torch.func.vmap / torch.vmap: in_dims (int, negative, None, nested tuples, dicts), out_dims
# (int, tuple, None), kwargs passed through, nested vmap, chunk_size, randomness= ('error',
# 'different', 'same'), BatchedTensor inside the function, and the errors with PyTorch's texts.
import torch
from torch.func import vmap


def attempt(label, fn):
    try:
        out = fn()
        print(label, "->", out)
    except Exception as e:
        print(label, "->", type(e).__name__ + ":", e)


x = torch.arange(12.0).reshape(3, 4)
y = torch.tensor([1.0, -2.0, 0.5])
print(vmap(torch.sum)(x))
print(vmap(torch.sum, in_dims=1)(x))
print(vmap(torch.sum, in_dims=-1)(x))
print(vmap(lambda a, b: a * b, in_dims=(0, 0))(x, y))
print(vmap(lambda a, b: a * b, in_dims=(1, None))(x, y))
print(vmap(lambda a, s: a * s, in_dims=(0, None))(x, 10))
print(vmap(lambda d: d["a"] + d["b"], in_dims=({"a": 0, "b": 1},))({"a": x, "b": x.t()}))
print(vmap(lambda t: t[0] - t[1])((x, x * 2)))
print(vmap(lambda a: a * 2, out_dims=1)(x))
print(vmap(lambda a: (a.sum(), a * 0 + 1), out_dims=(0, 1))(x))
print(vmap(lambda a, scale=1.0: a * scale)(y, scale=3.0))
print(vmap(lambda a: torch.tensor(5.0))(y))  # an unbatched output is expanded
print(vmap(lambda a: (a, 7), out_dims=(0, None))(y))
print(torch.vmap is vmap, vmap(torch.sin) is not None)
print(vmap(vmap(lambda a, b: a * b))(x, x))
print(vmap(vmap(torch.dot, in_dims=(0, None)), in_dims=(None, 0))(x[:2], x[1:]))
print(vmap(lambda a: vmap(lambda b: b.sum() * a.sum())(a.reshape(2, 2)))(x))
print(vmap(torch.sum, chunk_size=2)(x))
print(vmap(lambda a, b: (a + b, a - b), chunk_size=1)(x, x))
print(vmap(lambda a: (type(a).__name__, isinstance(a, torch.Tensor), a.shape, a.dim(), a.size(0), len(a)) and a)(x))


def shapes(a):
    print("inside:", a.shape, a.dim(), a.dtype, isinstance(a, torch.Tensor))
    return a


vmap(shapes)(x)
print(vmap(lambda a: print(a) or a)(torch.arange(3.0)))

torch.manual_seed(0)
same = vmap(lambda a: a + torch.rand(4), randomness="same")(x)
print(torch.equal(same[0] - x[0], same[1] - x[1]))
diff = vmap(lambda a: a + torch.rand(4), randomness="different")(x)
print(diff.shape, torch.equal(diff[0] - x[0], diff[1] - x[1]))
drop = vmap(lambda a: torch.nn.functional.dropout(torch.ones(100), 0.5) * a.sum(), randomness="different")(x)
print(drop.shape, torch.equal(drop[1] != 0, drop[2] != 0))
drop = vmap(lambda a: torch.nn.functional.dropout(a + 1, 0.5), randomness="same")(torch.ones(3, 50))
print(torch.equal(drop[0], drop[2]))
print(vmap(lambda a: torch.nn.functional.dropout(a, 0.5, training=False))(x).equal(x))
attempt("random in error mode", lambda: vmap(lambda a: a + torch.randn(4))(x))
attempt("dropout in error mode", lambda: vmap(lambda a: torch.nn.functional.dropout(a, 0.5))(x))
attempt("rand_like in error mode", lambda: vmap(torch.rand_like)(x))
attempt("bad randomness", lambda: vmap(torch.sin, randomness="bad")(x))

attempt("no inputs", lambda: vmap(lambda: 1)())
attempt("nothing to map", lambda: vmap(torch.sin, in_dims=None)(x))
attempt("sizes differ", lambda: vmap(torch.mul)(x, y[:2]))
attempt("in_dim too big", lambda: vmap(torch.sin, in_dims=2)(x))
attempt("in_dims structure", lambda: vmap(torch.mul, in_dims=(0, 0, 0))(x, x))
attempt("in_dims list", lambda: vmap(torch.sin, in_dims=[0])(x))
attempt("in_dim float", lambda: vmap(torch.sin, in_dims=(0.5,))(x))
attempt("in_dim on a number", lambda: vmap(lambda a, s: a * s, in_dims=(0, 0))(x, 2.0))
attempt("returns a number", lambda: vmap(lambda a: 3.0)(x))
attempt("batched with out_dims None", lambda: vmap(lambda a: a, out_dims=None)(x))
attempt("out_dims structure", lambda: vmap(lambda a: (a, a), out_dims=(0, 0, 0))(x))
attempt("out_dims float", lambda: vmap(lambda a: a, out_dims=1.5)(x))
attempt("chunk_size 0", lambda: vmap(torch.sin, chunk_size=0)(x))


def metadata_errors(a):
    print(a.size(1), a.size(-2))
    attempt("size out of range", lambda: a.size(2))
    attempt("no such attribute", lambda: a.nosuch)
    return a


vmap(metadata_errors)(torch.ones(3, 2, 4))
