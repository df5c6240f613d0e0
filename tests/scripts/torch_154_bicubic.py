# Bicubic interpolation: F.interpolate(mode='bicubic') and nn.Upsample(mode='bicubic') with
# align_corners False and True, sizes and scale factors (up and down), gradients (gradcheck),
# the grad_fn, and PyTorch's errors. Float64 values print (their rounding order does not show
# at 4 digits); float32 ones are compared with float64 (PyTorch's CPU kernel adds per dim).
import torch
import torch.nn as nn
import torch.nn.functional as F


def attempt(label, fn):
    try:
        out = fn()
        print(label, "->", out if not isinstance(out, torch.Tensor) else tuple(out.shape))
    except Exception as e:
        print(label, "->", type(e).__name__ + ":", e)


x = torch.arange(16, dtype=torch.float64).reshape(1, 1, 4, 4) ** 1.5
print(F.interpolate(x, size=(5, 6), mode="bicubic"))
print(F.interpolate(x, size=(5, 6), mode="bicubic", align_corners=True))
print(F.interpolate(x, scale_factor=0.5, mode="bicubic"))
print(F.interpolate(x, scale_factor=(1.5, 2), mode="bicubic", align_corners=False)[0, 0, :2])
print(F.interpolate(x, size=1, mode="bicubic", align_corners=True), F.interpolate(x, size=(4, 4), mode="bicubic").equal(x))
print(nn.Upsample(scale_factor=2, mode="bicubic"), nn.Upsample(size=(3, 5), mode="bicubic", align_corners=True))
print(nn.Upsample(scale_factor=2, mode="bicubic")(x).shape)

torch.manual_seed(0)
r = torch.randn(2, 3, 5, 7)
for kw in [{"size": (9, 4)}, {"scale_factor": 2.5, "align_corners": True}, {"scale_factor": (0.6, 1.3)}]:
    got = F.interpolate(r, mode="bicubic", **kw)
    ref = F.interpolate(r.double(), mode="bicubic", **kw)
    print(kw, tuple(got.shape), got.dtype, (got.double() - ref).abs().max().item() < 1e-5)
xg = torch.randn(1, 2, 3, 4, dtype=torch.float64, requires_grad=True)
y = F.interpolate(xg, size=(5, 7), mode="bicubic")
print(y.grad_fn.name())
print(torch.autograd.gradcheck(lambda t: F.interpolate(t, size=(5, 7), mode="bicubic"), (xg,)))
print(torch.autograd.gradcheck(lambda t: F.interpolate(t, scale_factor=0.7, mode="bicubic", align_corners=True), (xg,)))
print(torch.autograd.gradgradcheck(lambda t: F.interpolate(t, size=(2, 6), mode="bicubic"), (xg,)))
print(F.interpolate(torch.zeros(0, 1, 2, 2), size=3, mode="bicubic").shape)

attempt("3-D input", lambda: F.interpolate(torch.ones(1, 1, 2), size=3, mode="bicubic"))
attempt("long", lambda: F.interpolate(torch.ones(1, 1, 2, 2, dtype=torch.long), size=3, mode="bicubic"))
attempt("bool", lambda: F.interpolate(torch.ones(1, 1, 2, 2, dtype=torch.bool), size=3, mode="bicubic"))
attempt("size and scale", lambda: F.interpolate(x, size=3, scale_factor=2, mode="bicubic"))
attempt("size length", lambda: F.interpolate(x, size=(3, 3, 3), mode="bicubic"))
