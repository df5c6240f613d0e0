# Pairwise distances and cross products: cdist for p = 0, 1, 2, 3, inf (the direct path and
# ATen's matmul path for the 2-norm, chosen by size and compute_mode), batches, grads and
# grad_fns; torch.cross / torch.linalg.cross with dim semantics, the deprecation warning and
# PyTorch's texts for bad input.
import warnings

import torch

torch.manual_seed(0)


def show(label, f):
    try:
        r = f()
        print(label, r)
    except Exception as e:
        print(label, type(e).__name__, e)


a = torch.randn(2, 3)
b = torch.randn(4, 3)
for p in [0, 1, 2, 3, 0.5, float("inf")]:
    show(f"cdist p={p}", lambda: torch.cdist(a, b, p=p))
show("cdist same", lambda: torch.cdist(a, a))
show("cdist mm", lambda: torch.cdist(a, b, compute_mode="use_mm_for_euclid_dist"))
show("cdist no mm", lambda: torch.cdist(a, b, compute_mode="donot_use_mm_for_euclid_dist"))
big = torch.randn(30, 3)
d_mm = torch.cdist(big, b)
d_direct = torch.cdist(big, b, compute_mode="donot_use_mm_for_euclid_dist")
print("cdist >25 rows", d_mm.shape, torch.allclose(d_mm, d_direct, atol=1e-5))
print("cdist >25 rows p=1", torch.cdist(big, b, p=1)[:3])
show("cdist batch", lambda: torch.cdist(torch.randn(2, 2, 3), torch.randn(2, 3, 3)))
show("cdist batch bcast", lambda: torch.cdist(torch.randn(2, 1, 2, 3), torch.randn(3, 4, 3), p=1).shape)
show("cdist double", lambda: torch.cdist(a.double(), b.double(), p=2))
show("cdist empty rows", lambda: torch.cdist(torch.randn(0, 3), b))
show("cdist no columns", lambda: torch.cdist(torch.randn(2, 0), torch.randn(3, 0)))
show("cdist negative p", lambda: torch.cdist(a, b, p=-1))
show("cdist columns", lambda: torch.cdist(a, torch.randn(4, 2)))
show("cdist 1d", lambda: torch.cdist(a[0], b))
show("cdist int", lambda: torch.cdist(a.int(), b))
show("cdist dtypes", lambda: torch.cdist(a, b.double()))
show("cdist mode", lambda: torch.cdist(a, b, compute_mode="foo"))
show("cdist batch mismatch", lambda: torch.cdist(torch.randn(2, 1, 3), torch.randn(3, 4, 3)))

x1 = torch.randn(3, 3, requires_grad=True)
x2 = torch.randn(4, 3, requires_grad=True)
for p in [1, 2, 3, 0.5, float("inf")]:
    x1.grad = None
    x2.grad = None
    d = torch.cdist(x1, x2, p=p)
    print("cdist grad p", p, type(d.grad_fn).__name__)
    (d * torch.arange(1., 13).reshape(3, 4)).sum().backward()
    # ATen's backward kernel sums the pairs in its own order: compared to 3 decimals.
    print("  x1.grad", (x1.grad * 1000).round() / 1000)
    print("  x2.grad", (x2.grad * 1000).round() / 1000)
y1 = torch.randn(27, 2, requires_grad=True)
y2 = torch.randn(3, 2, requires_grad=True)
d = torch.cdist(y1, y2)
print("cdist mm grad_fn", type(d.grad_fn).__name__)
d.sum().backward()
print("  y2.grad", (y2.grad * 1000).round() / 1000)

c = torch.randn(3, 3)
e = torch.randn(2, 3, 3)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    show("cross default dim", lambda: torch.cross(c, e[0]))
    show("cross default dim again", lambda: torch.cross(e[1], c))
print("warnings", [(w.category.__name__, str(w.message)) for w in caught])
show("cross dim", lambda: torch.cross(c, e[0], dim=1))
show("cross method", lambda: c.cross(e[1], dim=0))
show("linalg.cross", lambda: torch.linalg.cross(c, e))
show("linalg.cross dim", lambda: torch.linalg.cross(c, e[1], dim=0))
show("linalg.cross bcast", lambda: torch.linalg.cross(torch.randn(1, 3), torch.randn(4, 3)))
show("cross ints", lambda: torch.linalg.cross(torch.tensor([1, 0, 0]), torch.tensor([0, 1, 0])))
show("cross rank", lambda: torch.cross(c, e))
show("linalg.cross rank", lambda: torch.linalg.cross(c, torch.randn(3)))
show("linalg.cross length", lambda: torch.linalg.cross(c, torch.randn(3, 2)))
show("linalg.cross length2", lambda: torch.linalg.cross(torch.randn(2, 4), torch.randn(2, 4)))
show("cross no 3", lambda: torch.cross(torch.randn(2, 4), torch.randn(2, 4)))
show("linalg.cross bad dim", lambda: torch.linalg.cross(c, c, dim=2))
u = torch.randn(2, 3, requires_grad=True)
v = torch.randn(2, 3, requires_grad=True)
out = torch.linalg.cross(u, v)
print("cross grad_fn", type(out.grad_fn).__name__)
(out * torch.arange(1., 7).reshape(2, 3)).sum().backward()
print("  u.grad", u.grad)
print("  v.grad", v.grad)
show("cdist mode None", lambda: torch.cdist(a, b, compute_mode=None))

# NaN and infinities: the inf-norm's max skips NaN differences, as ATen's kernel does
nan, inf = float("nan"), float("inf")
a_nan = torch.tensor([[0., nan, 1.], [inf, -inf, 2.]])
b_nan = torch.tensor([[1., 2., 3.], [nan, 0., -1.], [inf, 1., 1.]])
for p in [0, 1, 2, 3, inf]:
    show(f"cdist nan p={p}", lambda: torch.cdist(a_nan, b_nan, p=p))
show("cross nan", lambda: torch.linalg.cross(torch.tensor([nan, 1., 0.]), torch.tensor([0., 1., inf])))
y = torch.randn(50, 7)
z = torch.randn(40, 7)
print("cdist direct p=2", torch.cdist(y, z, compute_mode="donot_use_mm_for_euclid_dist")[:2, :4])
print("cdist direct p=3", torch.cdist(y, z, p=3)[:2, :4])
