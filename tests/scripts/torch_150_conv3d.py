# 3-D convolutions: nn.Conv3d / nn.ConvTranspose3d reprs and seeded weights, F.conv3d /
# F.conv_transpose3d with stride, padding (numbers, 'same', 'valid'), dilation, groups,
# output_padding, bias; unbatched inputs; gradients against a float64 reference; PyTorch's errors
# for wrong ranks and types. Printed values are small integers (exact in float32, so any
# summation order gives PyTorch's digits); random inputs are compared with float64 instead.
import torch
import torch.nn as nn
import torch.nn.functional as F


def attempt(label, fn):
    try:
        out = fn()
        print(label, "->", out if not isinstance(out, torch.Tensor) else tuple(out.shape))
    except Exception as e:
        print(label, "->", type(e).__name__ + ":", e)


print(nn.Conv3d(2, 4, 3))
print(nn.Conv3d(2, 4, (1, 2, 3), stride=(1, 2, 1), padding=1, dilation=(2, 1, 1), groups=2, bias=False))
print(nn.Conv3d(4, 4, 3, padding="same", padding_mode="replicate"))
print(nn.ConvTranspose3d(2, 4, (1, 2, 3), stride=2, output_padding=1))
print(nn.ConvTranspose3d(2, 4, 3, padding=(0, 1, 0), groups=2, bias=False, dilation=2))
torch.set_printoptions(precision=8)
torch.manual_seed(0)
c = nn.Conv3d(2, 2, 2)
print(c.weight, c.bias)
ct = nn.ConvTranspose3d(2, 2, 2, groups=2)
print(ct.weight, ct.bias)
torch.set_printoptions(profile="default")
print([(n, tuple(p.shape)) for n, p in nn.Sequential(nn.Conv3d(1, 2, 3), nn.ConvTranspose3d(2, 1, 2)).named_parameters()])

# ---- exact values ----
torch.manual_seed(1)
x = torch.randint(-3, 4, (2, 2, 4, 3, 5)).float()
w = torch.randint(-2, 3, (3, 2, 2, 2, 3)).float()
b = torch.tensor([0.5, -1.0, 2.0])
print(F.conv3d(x, w, b))
print(F.conv3d(x, w, None, stride=(2, 1, 2), padding=(1, 0, 1))[1])
print(F.conv3d(x, w, dilation=(2, 1, 1), padding=(1, 1, 0))[0, 2])
print(F.conv3d(x, torch.ones(4, 1, 1, 2, 2), groups=2)[0, :, 0])
print(F.conv3d(x, w, padding="same").shape, F.conv3d(x, w, padding="valid").shape)
print(F.conv3d(x[0], w, b).shape, F.conv3d(x[0], w, b)[1, 0])
print(F.conv3d(x.double(), w.double()).dtype, F.conv3d(x.long(), w.long())[0, 0, 0])
print(F.conv3d(torch.zeros(0, 2, 4, 3, 5), w).shape)
wt = torch.randint(-2, 3, (2, 3, 2, 1, 2)).float()
print(F.conv_transpose3d(x, wt, torch.tensor([1.0, 0.0, -1.0])))
print(F.conv_transpose3d(x, wt, stride=(2, 1, 2), padding=(0, 0, 1), output_padding=(1, 0, 0))[1, 2])
print(F.conv_transpose3d(x, wt, dilation=2)[0, 0, 1])
print(F.conv_transpose3d(x, torch.ones(2, 1, 1, 2, 1), groups=2)[1, :, 0])
print(F.conv_transpose3d(x[1], wt).shape)
m = nn.ConvTranspose3d(2, 3, 3, stride=2, padding=1)
print(m(x).shape, m(x, output_size=[8, 6, 10]).shape, m(x, output_size=(2, 3, 7, 5, 9)).shape)
attempt("output_size too big", lambda: m(x, output_size=[9, 6, 10]))

# ---- random inputs and gradients: float32 against float64 ----
torch.manual_seed(2)
xr = torch.randn(2, 4, 5, 6, 4, requires_grad=True)
wr = torch.randn(6, 2, 3, 2, 3, requires_grad=True)
br = torch.randn(6, requires_grad=True)
for kw in [{}, {"stride": 2}, {"padding": 1, "groups": 2}, {"dilation": (2, 1, 1), "padding": (2, 0, 1), "groups": 2}]:
    kw.setdefault("groups", 1)
    win = wr if kw["groups"] == 2 else wr[:, :1].repeat(1, 4, 1, 1, 1)
    got = F.conv3d(xr, win, br, **kw)
    ref = F.conv3d(xr.double(), win.double(), br.double(), **kw)
    gx, gw, gb = torch.autograd.grad((got * got.detach().cos()).sum(), (xr, wr, br))
    rx, rw, rb = torch.autograd.grad((ref * got.detach().double().cos()).sum(), (xr, wr, br))
    print(kw, tuple(got.shape), got.grad_fn.name(), (got.double() - ref).abs().max().item() < 1e-4,
          [(a.double() - r).abs().max().item() < 1e-3 for a, r in [(gx, rx), (gw, rw), (gb, rb)]])
wt = torch.randn(4, 3, 2, 3, 2, requires_grad=True)
for kw in [{}, {"stride": 2, "output_padding": 1}, {"padding": (1, 0, 1), "dilation": 2}, {"groups": 2, "stride": (1, 2, 1)}]:
    win = wt if kw.get("groups", 1) == 1 else wt[:, :2]
    got = F.conv_transpose3d(xr, win, None, **kw)
    ref = F.conv_transpose3d(xr.double(), win.double(), None, **kw)
    gx, gw = torch.autograd.grad((got * got.detach().sin()).sum(), (xr, wt))
    rx, rw = torch.autograd.grad((ref * got.detach().double().sin()).sum(), (xr, wt))
    print(kw, tuple(got.shape), got.grad_fn.name(), (got.double() - ref).abs().max().item() < 1e-4,
          [(a.double() - r).abs().max().item() < 1e-3 for a, r in [(gx, rx), (gw, rw)]])
xd = torch.randn(1, 2, 3, 3, 3, dtype=torch.float64, requires_grad=True)
wd = torch.randn(2, 1, 2, 2, 2, dtype=torch.float64, requires_grad=True)
print(torch.autograd.gradcheck(lambda a, b: F.conv3d(a, b, stride=2, padding=1, groups=2), (xd, wd)))
print(torch.autograd.gradcheck(lambda a, b: F.conv_transpose3d(a, b, stride=2, output_padding=1, groups=2), (xd, wd)))
print(torch.autograd.gradgradcheck(lambda a, b: F.conv3d(a, b, padding=1, groups=2), (xd, wd)))

# ---- errors ----
attempt("conv3d 3-D input", lambda: F.conv3d(torch.ones(3, 4, 5), torch.ones(1, 2, 1, 1, 1)))
attempt("Conv3d 6-D input", lambda: nn.Conv3d(2, 1, 1)(torch.ones(1, 1, 2, 3, 4, 5)))
attempt("conv3d 4-D weight", lambda: F.conv3d(torch.ones(1, 2, 3, 4, 5), torch.ones(1, 2, 1, 1)))
attempt("conv3d channels", lambda: F.conv3d(torch.ones(1, 3, 3, 4, 5), torch.ones(1, 2, 1, 1, 1)))
attempt("conv3d kernel too big", lambda: F.conv3d(torch.ones(1, 2, 3, 4, 5), torch.ones(1, 2, 5, 1, 1)))
attempt("conv3d stride list", lambda: F.conv3d(torch.ones(1, 2, 3, 4, 5), torch.ones(1, 2, 1, 1, 1), stride=(1, 2)))
attempt("conv3d bool", lambda: F.conv3d(torch.ones(1, 2, 3, 4, 5).bool(), torch.ones(1, 2, 1, 1, 1).bool()))
attempt("conv3d dtype", lambda: F.conv3d(torch.ones(1, 2, 3, 4, 5), torch.ones(1, 2, 1, 1, 1).double()))
attempt("conv3d dtype batch 2", lambda: F.conv3d(torch.ones(2, 2, 3, 4, 5), torch.ones(1, 2, 1, 1, 1).double()))
attempt("conv3d bias dtype", lambda: F.conv3d(torch.ones(1, 2, 3, 4, 5), torch.ones(1, 2, 1, 1, 1), torch.ones(1).double()))
attempt("conv3d same strided", lambda: F.conv3d(torch.ones(1, 2, 3, 4, 5), torch.ones(1, 2, 1, 1, 1), stride=2, padding="same"))
attempt("conv_transpose3d 3-D input", lambda: F.conv_transpose3d(torch.ones(3, 4, 5), torch.ones(2, 2, 1, 1, 1)))
attempt("conv_transpose3d output_padding", lambda: F.conv_transpose3d(torch.ones(1, 2, 3, 4, 5), torch.ones(2, 2, 1, 1, 1), output_padding=2))
attempt("conv_transpose3d too small", lambda: F.conv_transpose3d(torch.ones(1, 2, 3, 4, 5), torch.ones(2, 2, 5, 1, 1), padding=3))
attempt("conv_transpose3d bool", lambda: F.conv_transpose3d(torch.ones(1, 2, 3, 4, 5).bool(), torch.ones(2, 2, 1, 1, 1).bool()))
attempt("conv_transpose3d dtype", lambda: F.conv_transpose3d(torch.ones(1, 2, 3, 4, 5), torch.ones(2, 2, 1, 1, 1).double()))
attempt("conv_transpose3d dtype batch 2", lambda: F.conv_transpose3d(torch.ones(2, 2, 3, 4, 5), torch.ones(2, 2, 1, 1, 1).double()))
attempt("conv_transpose2d dtype", lambda: F.conv_transpose2d(torch.ones(1, 2, 3, 4), torch.ones(2, 2, 1, 1).double()))
attempt("ConvTranspose3d reflect", lambda: nn.ConvTranspose3d(2, 2, 1, padding_mode="reflect"))
