# Upsampling of 5-D inputs: F.interpolate / nn.Upsample with mode 'trilinear' (align_corners
# both ways, sizes and scale factors), 'nearest', 'nearest-exact' and 'area'; grad_fns,
# gradients (gradcheck), uint8 nearest, and PyTorch's errors. Float64 values print; float32
# ones are compared with float64 (a rounding-order difference would not show, but is allowed).
import torch
import torch.nn as nn
import torch.nn.functional as F


def attempt(label, fn):
    try:
        out = fn()
        print(label, "->", out if not isinstance(out, torch.Tensor) else tuple(out.shape))
    except Exception as e:
        print(label, "->", type(e).__name__ + ":", e)


x = torch.arange(24, dtype=torch.float64).reshape(1, 1, 2, 3, 4) ** 1.5
print(F.interpolate(x, size=(3, 4, 5), mode="trilinear")[0, 0, 1])
print(F.interpolate(x, size=(3, 4, 5), mode="trilinear", align_corners=True)[0, 0, 2])
print(F.interpolate(x, scale_factor=(1.5, 0.5, 2), mode="trilinear")[0, 0, :, 0])
print(F.interpolate(x, size=(3, 2, 6), mode="nearest")[0, 0], F.interpolate(x, scale_factor=1.7, mode="nearest-exact").shape)
print(F.interpolate(x, size=(1, 2, 2), mode="area"))
print(F.interpolate(x.to(torch.uint8), size=(3, 4, 5), mode="nearest")[0, 0, 2])
print(nn.Upsample(scale_factor=2, mode="trilinear"), nn.Upsample(scale_factor=2, mode="trilinear")(x).shape)
print(F.interpolate(torch.zeros(0, 2, 2, 2, 2), size=3, mode="trilinear").shape)

torch.manual_seed(0)
r = torch.randn(2, 3, 3, 4, 5)
for kw in [{"size": (5, 2, 7)}, {"scale_factor": 1.5, "align_corners": True}]:
    got = F.interpolate(r, mode="trilinear", **kw)
    ref = F.interpolate(r.double(), mode="trilinear", **kw)
    print(kw, tuple(got.shape), (got.double() - ref).abs().max().item() < 1e-6)
xg = torch.randn(1, 2, 2, 3, 2, dtype=torch.float64, requires_grad=True)
for mode in ["trilinear", "nearest", "nearest-exact", "area"]:
    y = F.interpolate(xg, size=(3, 4, 3), mode=mode)
    print(mode, y.grad_fn.name(), torch.autograd.gradcheck(lambda t: F.interpolate(t, size=(3, 4, 3), mode=mode), (xg,)))
print(torch.autograd.gradgradcheck(lambda t: F.interpolate(t, scale_factor=1.5, mode="trilinear", align_corners=True), (xg,)))

attempt("trilinear 4-D", lambda: F.interpolate(torch.ones(1, 2, 2, 2), size=(3, 4), mode="trilinear"))
attempt("bilinear 5-D", lambda: F.interpolate(x, size=(3, 4, 5), mode="bilinear"))
attempt("linear 5-D", lambda: F.interpolate(x, size=(3, 4, 5), mode="linear"))
attempt("bicubic 5-D", lambda: F.interpolate(x, size=(3, 4, 5), mode="bicubic"))
attempt("trilinear long", lambda: F.interpolate(x.long(), size=(3, 4, 5), mode="trilinear"))
attempt("nearest long", lambda: F.interpolate(x.long(), size=(3, 4, 5), mode="nearest"))
attempt("size 0", lambda: F.interpolate(x, size=(0, 4, 5), mode="trilinear"))
attempt("nearest size 0", lambda: F.interpolate(x, size=(0, 4, 5), mode="nearest"))
