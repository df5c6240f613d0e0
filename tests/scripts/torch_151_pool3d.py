# 3-D pooling and normalization: nn.MaxPool3d (return_indices, ceil_mode, dilation, padding),
# nn.AvgPool3d (count_include_pad, divisor_override, ceil_mode), nn.AdaptiveAvgPool3d /
# AdaptiveMaxPool3d, F.max_unpool3d / nn.MaxUnpool3d, nn.BatchNorm3d, nn.InstanceNorm3d: reprs,
# values, indices, grad_fns, gradients, PyTorch's errors. Pooled float32 values are printed in
# full (tolist) from random inputs: a max is exact, and the averages add their windows in ATen's
# CPU order, so they are PyTorch's bit for bit.
import torch
import torch.nn as nn
import torch.nn.functional as F


def attempt(label, fn):
    try:
        out = fn()
        print(label, "->", out if not isinstance(out, torch.Tensor) else tuple(out.shape))
    except Exception as e:
        print(label, "->", type(e).__name__ + ":", e)


print(nn.MaxPool3d(2), nn.MaxPool3d((1, 2, 3), stride=(1, 1, 2), padding=(0, 1, 1), dilation=2, return_indices=True, ceil_mode=True))
print(nn.AvgPool3d(3, stride=2, padding=1, ceil_mode=True, count_include_pad=False, divisor_override=5))
print(nn.AdaptiveAvgPool3d((None, 2, 3)), nn.AdaptiveMaxPool3d(2, return_indices=True), nn.MaxUnpool3d(2, stride=(1, 2, 2)))
print(nn.BatchNorm3d(3), nn.BatchNorm3d(4, eps=1e-3, momentum=None, affine=False, track_running_stats=False))
print(nn.InstanceNorm3d(3), nn.InstanceNorm3d(3, affine=True, track_running_stats=True))

torch.manual_seed(0)
x = torch.randn(2, 3, 5, 6, 7)
xi = torch.randint(-9, 10, (1, 2, 4, 4, 5)).float()

# ---- max pooling ----
v, i = F.max_pool3d(xi, 2, return_indices=True)
print(v, i)
v, i = F.max_pool3d(xi, (2, 3, 2), stride=(1, 2, 2), padding=(1, 1, 0), dilation=(1, 1, 2), ceil_mode=True, return_indices=True)
print(v, i)
print(F.max_pool3d(xi[0], 3, stride=2, padding=1, return_indices=True))
print(F.max_pool3d(xi.long(), 2)[0, 1])
for kw in [{}, {"stride": 1}, {"padding": 1}, {"ceil_mode": True, "stride": 2}, {"dilation": 2, "padding": 1}]:
    v, i = F.max_pool3d(x, 3 if kw.get("dilation") else 2, return_indices=True, **kw)
    print(kw, tuple(v.shape), v.sum().item(), i.sum().item())
print(nn.MaxPool3d(2)(x).equal(F.max_pool3d(x, 2)), nn.MaxPool3d(2, return_indices=True)(x)[1].dtype)

# ---- average pooling: values bit for bit ----
print(F.avg_pool3d(xi, 2))
print(F.avg_pool3d(xi, 3, stride=2, padding=1))
print(F.avg_pool3d(xi, 3, stride=2, padding=1, count_include_pad=False))
print(F.avg_pool3d(xi, 3, stride=2, padding=1, ceil_mode=True, divisor_override=4))
print(F.avg_pool3d(x, 2).flatten()[:12].tolist())
print(F.avg_pool3d(x, 3, stride=2, padding=1, ceil_mode=True, count_include_pad=False).flatten()[-12:].tolist())
print(F.avg_pool3d(x, (2, 3, 1), stride=1, divisor_override=7).sum().item(), F.avg_pool3d(x[0], 2).shape)
print(F.avg_pool3d(xi.long(), (1, 2, 3), padding=(0, 1, 1))[0, 0], F.avg_pool2d(xi[0].long(), 2)[1])
print(nn.AvgPool3d(2, stride=1)(x).equal(F.avg_pool3d(x, 2, stride=1)), F.avg_pool3d(xi.double(), 2).dtype)

# ---- adaptive pooling ----
print(F.adaptive_avg_pool3d(xi, (2, 3, 2)))
print(F.adaptive_avg_pool3d(x, (3, 4, 5)).flatten()[:12].tolist())
print(F.adaptive_avg_pool3d(x, (None, 2, 3)).shape, F.adaptive_avg_pool3d(x, 1).shape, F.adaptive_avg_pool3d(x[0], 2).shape)
print(F.adaptive_max_pool3d(xi, (2, 3, 2), return_indices=True))
v, i = F.adaptive_max_pool3d(x, (3, 4, 5), return_indices=True)
print(v.sum().item(), i.sum().item(), F.adaptive_max_pool3d(x[1], 2).shape)
print(nn.AdaptiveAvgPool3d((2, None, 3))(x).shape, nn.AdaptiveMaxPool3d(3)(x).shape)

# ---- unpooling ----
v, i = F.max_pool3d(xi, 2, return_indices=True)
print(F.max_unpool3d(v, i, 2, output_size=xi.shape[2:]))
print(nn.MaxUnpool3d(2)(v, i, output_size=xi.shape).shape, F.max_unpool3d(v[0], i[0], 2, output_size=(5, 5, 5)).shape)

# ---- gradients ----
xg = x.clone().requires_grad_()
for name, fn in [("max", lambda t: F.max_pool3d(t, 2, stride=1, padding=1)),
                 ("avg", lambda t: F.avg_pool3d(t, 3, stride=2, padding=1, count_include_pad=False)),
                 ("adaptive avg", lambda t: F.adaptive_avg_pool3d(t, (3, 4, 5))),
                 ("adaptive max", lambda t: F.adaptive_max_pool3d(t, (3, 4, 5))),
                 ("unpool", lambda t: F.max_unpool3d(t, F.max_pool3d(x, 1, return_indices=True)[1], 1))]:
    out = fn(xg)
    torch.manual_seed(3)
    g, = torch.autograd.grad((out * torch.randn(out.shape)).sum(), xg)
    print(name, out.grad_fn.name(), tuple(g.shape), g.flatten()[::97].tolist())
xd = torch.randn(1, 2, 4, 3, 4, dtype=torch.float64, requires_grad=True)
print(torch.autograd.gradcheck(lambda t: F.avg_pool3d(t, 2, stride=1, padding=1, ceil_mode=True), (xd,)))
print(torch.autograd.gradcheck(lambda t: F.adaptive_avg_pool3d(t, (3, 2, 3)), (xd,)))
print(torch.autograd.gradcheck(lambda t: F.max_pool3d(t, 2, stride=1, dilation=(1, 2, 1)), (xd,)))
print(torch.autograd.gradgradcheck(lambda t: F.avg_pool3d(t, 2, stride=1), (xd,)))
print(torch.autograd.gradgradcheck(lambda t: F.adaptive_max_pool3d(t, 2), (xd,)))

# ---- BatchNorm3d / InstanceNorm3d ----
torch.manual_seed(1)
bn = nn.BatchNorm3d(3)
xb = torch.randn(2, 3, 2, 3, 4) * 2 + 1
out = bn(xb)
ref = (xb.double() - xb.double().mean((0, 2, 3, 4), keepdim=True)) / (xb.double().var((0, 2, 3, 4), unbiased=False, keepdim=True) + 1e-5).sqrt()
print(out.grad_fn.name(), (out.double() - ref).abs().max().item() < 1e-5)
print(bn.running_mean, bn.running_var, bn.num_batches_tracked)
bn.eval()
print(bn(xb)[0, :, 0, 0])
print(list(bn.state_dict().keys()))
inorm = nn.InstanceNorm3d(3, affine=True)
out = inorm(xb)
ref = (xb.double() - xb.double().mean((2, 3, 4), keepdim=True)) / (xb.double().var((2, 3, 4), unbiased=False, keepdim=True) + 1e-5).sqrt()
print(out.grad_fn.name(), (out.double() - ref).abs().max().item() < 1e-5, inorm(xb[0]).shape)
tr = nn.InstanceNorm3d(3, track_running_stats=True)
tr(xb)
print(tr.running_mean, tr.running_var)

# ---- errors ----
attempt("max_pool3d 3-D", lambda: F.max_pool3d(x[0, 0], 2))
attempt("max_pool3d 6-D", lambda: F.max_pool3d(x[None], 2))
attempt("max_pool3d kernel pair", lambda: F.max_pool3d(x, (2, 2)))
attempt("max_pool3d stride pair", lambda: F.max_pool3d(x, 2, (2, 2)))
attempt("max_pool3d padding pair", lambda: F.max_pool3d(x, 2, 2, (1, 1)))
attempt("max_pool3d dilation pair", lambda: F.max_pool3d(x, 2, 2, 0, (1, 1)))
attempt("max_pool3d big pad", lambda: F.max_pool3d(x, 2, 2, 2))
attempt("max_pool3d too small", lambda: F.max_pool3d(x, 6))
attempt("max_pool3d kernel 0", lambda: F.max_pool3d(x, 0))
attempt("max_pool3d kernel -1", lambda: F.max_pool3d(x, -1, stride=1))
attempt("max_pool3d stride -1", lambda: F.max_pool3d(x, 2, stride=-1))
attempt("max_pool3d dilation 0", lambda: F.max_pool3d(x, 2, 1, 0, 0))
attempt("max_pool3d half pad", lambda: F.max_pool3d(torch.ones(1, 2, 5, 5, 5), 3, padding=(1, 1, 2), dilation=3))
attempt("max_pool3d empty", lambda: F.max_pool3d(torch.ones(1, 2, 0, 3, 3), 1))
attempt("max_pool3d empty batch", lambda: F.max_pool3d(torch.ones(0, 2, 3, 3, 3), 1))
attempt("max_pool3d bool", lambda: F.max_pool3d(x.bool(), 2))
attempt("avg_pool3d 3-D", lambda: F.avg_pool3d(x[0, 0], 2))
attempt("avg_pool3d kernel pair", lambda: F.avg_pool3d(x, (2, 2)))
attempt("avg_pool3d stride pair", lambda: F.avg_pool3d(x, 2, (2, 2)))
attempt("avg_pool3d padding pair", lambda: F.avg_pool3d(x, 2, 2, (1, 1)))
attempt("avg_pool3d too small", lambda: F.avg_pool3d(x, 6))
attempt("avg_pool3d divisor 0", lambda: F.avg_pool3d(x, 2, divisor_override=0))
attempt("avg_pool3d empty", lambda: F.avg_pool3d(torch.ones(1, 2, 0, 3, 3), 1))
attempt("avg_pool3d long", lambda: F.avg_pool3d(xi.long(), 2))
attempt("avg_pool3d int32", lambda: F.avg_pool3d(xi.int(), 2))
attempt("avg_pool3d bool", lambda: F.avg_pool3d(x.bool(), 2))
attempt("adaptive_avg_pool3d 3-D", lambda: F.adaptive_avg_pool3d(x[0, 0], 2))
attempt("adaptive_avg_pool3d pair", lambda: F.adaptive_avg_pool3d(x, (2, 2)))
attempt("adaptive_avg_pool3d negative", lambda: F.adaptive_avg_pool3d(x, (2, 2, -1)))
attempt("adaptive_avg_pool3d empty", lambda: F.adaptive_avg_pool3d(torch.ones(1, 2, 0, 3, 3), 2))
attempt("adaptive_avg_pool3d long", lambda: F.adaptive_avg_pool3d(xi.long(), 2))
attempt("adaptive_max_pool3d 3-D", lambda: F.adaptive_max_pool3d(x[0, 0], 2))
attempt("adaptive_max_pool3d pair", lambda: F.adaptive_max_pool3d(x, (2, 2)))
attempt("adaptive_max_pool3d negative", lambda: F.adaptive_max_pool3d(x, (2, 2, -1)))
attempt("adaptive_max_pool3d empty", lambda: F.adaptive_max_pool3d(torch.ones(1, 2, 0, 3, 3), 2))
attempt("adaptive_max_pool3d long", lambda: F.adaptive_max_pool3d(xi.long(), 2))
attempt("max_unpool3d 3-D", lambda: F.max_unpool3d(x[0, 0], x[0, 0].long(), 2))
attempt("max_unpool3d bad index", lambda: F.max_unpool3d(torch.ones(1, 1, 1, 1, 2), torch.tensor([[[[[3, 9]]]]]), 2))
attempt("max_unpool3d output_size", lambda: F.max_unpool3d(v, i, 2, output_size=(1, 1, 1)))
attempt("max_unpool3d indices shape", lambda: F.max_unpool3d(v, i[..., :1], 2))
attempt("max_unpool3d int32 indices", lambda: F.max_unpool3d(v, i.int(), 2))
attempt("BatchNorm3d 4-D", lambda: nn.BatchNorm3d(3)(x[0]))
attempt("BatchNorm2d 5-D", lambda: nn.BatchNorm2d(3)(x))
attempt("InstanceNorm3d 3-D", lambda: nn.InstanceNorm3d(3)(x[0, 0]))

# ---- shapes on the meta device ----
xm = torch.empty(2, 3, 8, 8, 8, device="meta")
net = nn.Sequential(nn.Conv3d(3, 4, 3, padding=1), nn.BatchNorm3d(4), nn.MaxPool3d(2), nn.AvgPool3d(2),
                    nn.AdaptiveAvgPool3d(1), nn.ConvTranspose3d(4, 2, 2, stride=2)).to("meta")
print(net(xm).shape, net(xm).device, F.adaptive_max_pool3d(xm, 3).shape, F.max_unpool3d(*F.max_pool3d(xm, 2, return_indices=True), 2).shape)
