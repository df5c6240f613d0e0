# nn.ConvTranspose1d/2d and F.conv_transpose1d/2d (seeded weights, outputs, output_size,
# gradients, error texts), nn.Upsample / F.interpolate (nearest, nearest-exact, linear,
# bilinear, area; size / scale_factor / align_corners / recompute_scale_factor; warnings and
# errors). Nearest and linear1d values are compared bit for bit (hashed).
import hashlib
import warnings

import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


def bits(t):
    return hashlib.sha256(t.detach().contiguous().numpy().tobytes()).hexdigest()[:16]


def attempt(f):
    try:
        r = f()
        print(tuple(r.shape) if isinstance(r, torch.Tensor) else r)
    except Exception as e:
        print(type(e).__name__, e)


# ---- transposed convolution ----
m = nn.ConvTranspose2d(4, 2, 3, stride=2, padding=1, output_padding=1)
print(m)
print(m.weight.shape, m.bias.shape)
print(m.weight[0, 0], m.bias)
print(nn.ConvTranspose2d(4, 6, (2, 3), stride=(1, 2), groups=2, bias=False, dilation=2))
print(nn.ConvTranspose1d(3, 5, 4, stride=2, padding=1))
print([k for k in m.state_dict()])
x = torch.randn(2, 4, 3, 3, requires_grad=True)
y = m(x)
print(y.shape, y.grad_fn.name())
print(y[0, 0])
y.pow(2).sum().backward()
print(x.grad[0, 0])
print(m.weight.grad[0, 0], m.bias.grad)
print(m(x, output_size=[5, 5]).shape, m(x, output_size=(2, 2, 6, 6)).shape, m(x[0]).shape)

m1 = nn.ConvTranspose1d(4, 6, 3, stride=3, groups=2, dilation=2)
x1 = torch.randn(2, 4, 5, requires_grad=True)
y1 = m1(x1)
print(y1.shape, y1[0, :, :6])
(y1 * y1).sum().backward()
print(x1.grad[0], m1.weight.grad[0])

w = torch.randn(4, 2, 3, 3)
print(F.conv_transpose2d(torch.ones(1, 4, 2, 2), w, padding=1)[0, 1])
print(F.conv_transpose2d(x.detach(), w, stride=(2, 1), padding=(0, 1), output_padding=(1, 0)).shape)
print(F.conv_transpose2d(x.detach(), torch.randn(4, 3, 2, 2), groups=2, dilation=(1, 2)).shape)
print(F.conv_transpose1d(torch.randn(3, 4), torch.randn(3, 2, 2), stride=2).shape)
print(F.conv_transpose2d(x.detach().long(), w.long())[0, 0, 0].dtype)
attempt(lambda: F.conv_transpose2d(x[:, :3], w))
attempt(lambda: F.conv_transpose2d(x, w, output_padding=1))
attempt(lambda: F.conv_transpose2d(x, w, stride=2, output_padding=2))
attempt(lambda: F.conv_transpose2d(x, w, stride=1, dilation=2, output_padding=1))
attempt(lambda: F.conv_transpose2d(x, w, groups=3))
attempt(lambda: F.conv_transpose2d(x, w, groups=2))
attempt(lambda: F.conv_transpose2d(x, w, bias=torch.randn(3)))
attempt(lambda: F.conv_transpose2d(x, w, padding=-1))
attempt(lambda: F.conv_transpose2d(x, w, stride=0))
attempt(lambda: F.conv_transpose2d(x[0, 0], w))
attempt(lambda: F.conv_transpose1d(x[0], w[:, :, 0]))
attempt(lambda: F.conv_transpose2d(x, w.double()))
attempt(lambda: F.conv_transpose2d(x, w[0]))
attempt(lambda: m(x, output_size=[7, 7]))
attempt(lambda: m(x, output_size=[4, 4]))
attempt(lambda: m(x, output_size=[1, 1, 3]))
attempt(lambda: nn.ConvTranspose2d(4, 2, 3, padding_mode="reflect"))
attempt(lambda: nn.ConvTranspose2d(4, 3, 3, groups=2))

# ---- upsampling ----
print(nn.Upsample(scale_factor=2), nn.Upsample(size=(3, 4), mode="bilinear", align_corners=True))
print(nn.Upsample(scale_factor=(2, 3)), nn.UpsamplingNearest2d(scale_factor=2), nn.UpsamplingBilinear2d(size=5))
img = torch.arange(6.0).view(1, 1, 2, 3)
print(nn.Upsample(scale_factor=2)(img))
print(nn.Upsample(scale_factor=2, mode="bilinear")(img))
print(nn.Upsample(scale_factor=2, mode="bilinear", align_corners=True)(img))
print(nn.UpsamplingBilinear2d(size=(3, 4))(img))
print(F.interpolate(torch.arange(4.0).view(1, 1, 4), size=7, mode="linear"))
print(F.interpolate(torch.arange(5.0).view(1, 1, 5), scale_factor=0.7, mode="nearest-exact"))
print(F.interpolate(torch.arange(6, dtype=torch.uint8).view(1, 1, 2, 3), scale_factor=2))

u = torch.randn(2, 3, 5, 7, requires_grad=True)
u1 = torch.randn(2, 3, 6, requires_grad=True)
for inp, kw in [
        (u, dict(size=(11, 13))), (u, dict(scale_factor=2)), (u, dict(scale_factor=1.7)), (u, dict(size=(3, 4))),
        (u, dict(size=(11, 13), mode="nearest-exact")), (u, dict(scale_factor=0.6, mode="nearest-exact")),
        (u1, dict(scale_factor=1.5)), (u1, dict(size=4, mode="nearest-exact")),
        (u1, dict(size=13, mode="linear")), (u1, dict(scale_factor=2.5, mode="linear")),
        (u1, dict(scale_factor=3, mode="linear", align_corners=True))]:
    out = F.interpolate(inp, **kw)
    g, = torch.autograd.grad(out.sum(), inp)
    print(kw, tuple(out.shape), out.grad_fn.name(), bits(out), g.view(-1)[:6])
for kw in [dict(size=(11, 13), mode="bilinear"), dict(scale_factor=1.5, mode="bilinear", align_corners=True),
           dict(size=(70, 71), mode="bilinear"), dict(scale_factor=2.3, mode="bilinear", recompute_scale_factor=True),
           dict(size=(2, 3), mode="area")]:
    out = F.interpolate(u, **kw)
    g, = torch.autograd.grad((out * out).sum(), u)
    g = (g * 100).round() / 100
    print(kw, tuple(out.shape), out.grad_fn.name())
    print(out[1, 2, :2], g[0, 1, :2])
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    print(F.upsample(img, scale_factor=2).shape, F.upsample_nearest(img, size=4).shape,
          F.upsample_bilinear(img, scale_factor=2)[0, 0, 1])
    print([str(c.message) for c in caught])
attempt(lambda: F.interpolate(u, size=(0, 2)))
attempt(lambda: F.interpolate(u, scale_factor=0.1, mode="bilinear"))
attempt(lambda: F.interpolate(u1, scale_factor=0.1, mode="linear"))
attempt(lambda: F.interpolate(u.long(), scale_factor=2))
attempt(lambda: F.interpolate(u.long(), scale_factor=2, mode="bilinear"))
attempt(lambda: F.interpolate(u1.long(), scale_factor=2, mode="linear"))
attempt(lambda: F.interpolate(u, scale_factor=2, align_corners=True))
attempt(lambda: F.interpolate(u, size=3, scale_factor=2))
attempt(lambda: F.interpolate(u))
attempt(lambda: F.interpolate(u, size=(2, 2, 2)))
attempt(lambda: F.interpolate(u, size=(2.0, 2)))
attempt(lambda: F.interpolate(u, scale_factor=(2, 2, 2)))
attempt(lambda: F.interpolate(u, size=4, recompute_scale_factor=True))
attempt(lambda: F.interpolate(u, size=4, mode="linear"))
attempt(lambda: F.interpolate(u[0], size=4, mode="bilinear"))
attempt(lambda: F.interpolate(u[0, 0], size=4))
attempt(lambda: F.interpolate(u, size=4, mode="foo"))
attempt(lambda: F.interpolate(u, size=4, antialias=True))
attempt(lambda: F.interpolate(torch.randn(0, 2, 3, 3), size=4))
attempt(lambda: F.interpolate(torch.randn(1, 0, 3, 3), size=4, mode="bilinear"))
