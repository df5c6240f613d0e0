# F.affine_grid and F.grid_sample, 2-D (the Spatial Transformer tutorial's pair) and 3-D: the
# align_corners warning, grids, bilinear and nearest sampling with zeros, border and reflection
# padding both ways, float32 against float64, gradients (gradcheck) and PyTorch's errors.
import warnings
import torch, torch.nn.functional as F
th = torch.tensor([[[1.0, 0.25, 0.125], [0.0, 0.75, -0.25]]])
with warnings.catch_warnings(record=True) as c:
    warnings.simplefilter("always")
    g = F.affine_grid(th, (1, 1, 2, 4))
print([str(w.message)[:40] for w in c])
print(g)
x = torch.arange(12.0).reshape(1, 1, 3, 4)
for mode in ["bilinear", "nearest"]:
    for pad in ["zeros", "border", "reflection"]:
        for ac in [False, True]:
            gg = F.affine_grid(th * 1.5, (1, 1, 3, 5), align_corners=ac)
            print(mode, pad, ac, F.grid_sample(x, gg, mode=mode, padding_mode=pad, align_corners=ac))
torch.manual_seed(0)
xi = torch.randn(2, 3, 5, 6)
gr = torch.rand(2, 4, 7, 2) * 2.6 - 1.3
for mode in ["bilinear", "nearest"]:
    for pad in ["zeros", "border", "reflection"]:
        a = F.grid_sample(xi, gr, mode=mode, padding_mode=pad, align_corners=False)
        b = F.grid_sample(xi.double(), gr.double(), mode=mode, padding_mode=pad, align_corners=False)
        print(mode, pad, (a.double() - b).abs().max().item() < 1e-5)
xd = torch.randn(1, 2, 3, 4, dtype=torch.float64, requires_grad=True)
gd = (torch.rand(1, 3, 2, 2, dtype=torch.float64) * 2 - 1).requires_grad_()
print(torch.autograd.gradcheck(lambda a, b: F.grid_sample(a, b, align_corners=False), (xd, gd)))
print(torch.autograd.gradcheck(lambda a, b: F.grid_sample(a, b, padding_mode="border", align_corners=True), (xd, gd)))
thd = torch.randn(2, 2, 3, dtype=torch.float64, requires_grad=True)
print(torch.autograd.gradcheck(lambda t: F.affine_grid(t, (2, 1, 3, 4), align_corners=False), (thd,)))


def attempt(label, fn):
    try:
        out = fn()
        print(label, "->", out if not isinstance(out, torch.Tensor) else tuple(out.shape))
    except Exception as e:
        print(label, "->", type(e).__name__ + ":", e)


attempt("affine_grid theta 2-D", lambda: F.affine_grid(torch.ones(2, 3), (1, 1, 2, 2), align_corners=False))
attempt("affine_grid size", lambda: F.affine_grid(th, (1, 1, 2), align_corners=False))
attempt("affine_grid long", lambda: F.affine_grid(th.long(), (1, 1, 2, 2), align_corners=False))
attempt("grid_sample mode", lambda: F.grid_sample(x, g, mode="foo", align_corners=False))
attempt("grid_sample padding", lambda: F.grid_sample(x, g, padding_mode="foo", align_corners=False))
attempt("grid_sample batch", lambda: F.grid_sample(x, g.repeat(2, 1, 1, 1), align_corners=False))
attempt("grid_sample grid dims", lambda: F.grid_sample(x, g[0], align_corners=False))
attempt("grid_sample grid last", lambda: F.grid_sample(x, torch.ones(1, 2, 3, 3), align_corners=False))

# ---- volumes: affine_grid for (N, C, D, H, W), grid_sample of 5-D inputs ----

th = torch.tensor([[[1.0, 0.25, 0.0, 0.125], [0.0, 0.75, 0.25, -0.25], [0.5, 0.0, 1.0, 0.0]]])
g = F.affine_grid(th, (1, 1, 2, 3, 4), align_corners=False)
print(g.shape, g[0, 1])
x = torch.arange(24.0).reshape(1, 1, 2, 3, 4)
for mode in ["bilinear", "nearest"]:
    for pad in ["zeros", "border", "reflection"]:
        for ac in [False, True]:
            gg = F.affine_grid(th * 1.5, (1, 1, 2, 2, 3), align_corners=ac)
            print(mode, pad, ac, F.grid_sample(x, gg, mode=mode, padding_mode=pad, align_corners=ac).flatten().tolist())
torch.manual_seed(0)
xi = torch.randn(2, 3, 4, 5, 6)
gr = torch.rand(2, 3, 4, 5, 3) * 2.6 - 1.3
for mode in ["bilinear", "nearest"]:
    a = F.grid_sample(xi, gr, mode=mode, padding_mode="reflection", align_corners=True)
    b = F.grid_sample(xi.double(), gr.double(), mode=mode, padding_mode="reflection", align_corners=True)
    print(mode, a.shape, (a.double() - b).abs().max().item() < 1e-5)
xd = torch.randn(1, 2, 2, 3, 2, dtype=torch.float64, requires_grad=True)
gd = (torch.rand(1, 2, 2, 2, 3, dtype=torch.float64) * 2 - 1).requires_grad_()
print(torch.autograd.gradcheck(lambda a, b: F.grid_sample(a, b, align_corners=False), (xd, gd)))
thd = torch.randn(2, 3, 4, dtype=torch.float64, requires_grad=True)
print(torch.autograd.gradcheck(lambda t: F.affine_grid(t, (2, 1, 2, 3, 2), align_corners=True), (thd,)))
try: F.affine_grid(torch.ones(1, 2, 3), (1, 1, 2, 2, 2), align_corners=False)
except ValueError as e: print(e)
try: F.grid_sample(x, torch.zeros(1, 1, 1, 1, 2), align_corners=False)
except RuntimeError as e: print(e)
