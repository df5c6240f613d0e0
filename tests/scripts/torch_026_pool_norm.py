# Pooling, batch norm and channel dropout: MaxPool/AvgPool/AdaptiveAvgPool/AdaptiveMaxPool (1-d
# and 2-d) values, indices, ceil_mode, padding, gradients and grad_fns; BatchNorm1d/2d in
# training and eval (running statistics to the last bit, momentum=None, affine=False,
# track_running_stats=False, state_dict); Dropout1d/2d with a seed; PyTorch's errors and
# warnings.
import torch
import torch.nn as nn
import torch.nn.functional as F
import warnings

def attempt(label, fn):
    try:
        out = fn()
        print(label, "->", out if not isinstance(out, torch.Tensor) else tuple(out.shape))
    except Exception as e:
        print(label, "->", type(e).__name__ + ":", e)

torch.set_printoptions(precision=8)

# ---- reprs ----
print(nn.MaxPool2d(2), nn.MaxPool2d(kernel_size=2, stride=2))
print(nn.MaxPool2d((2, 3), stride=(1, 2), padding=1, dilation=(1, 2), return_indices=True, ceil_mode=True))
print(nn.MaxPool1d(3), nn.MaxPool1d(3, 1, 1, 2, True, True))
print(nn.AvgPool2d(2), nn.AvgPool2d((2, 3), stride=1, padding=(1, 1), ceil_mode=True, count_include_pad=False))
print(nn.AvgPool1d(2), nn.AvgPool1d(4, 2, 1, True, False))
print(nn.AdaptiveAvgPool2d(1), nn.AdaptiveAvgPool2d((5, None)), nn.AdaptiveAvgPool1d(3))
print(nn.AdaptiveMaxPool2d(3), nn.AdaptiveMaxPool2d((2, 3), return_indices=True), nn.AdaptiveMaxPool1d(2))
print(nn.BatchNorm2d(16))
print(nn.BatchNorm1d(16, eps=1e-3, momentum=None, affine=False, track_running_stats=False))
print(nn.BatchNorm2d(4, bias=False))
print(nn.Dropout2d(), nn.Dropout2d(0.25), nn.Dropout1d(0.2, True))

# ---- max pooling ----
torch.manual_seed(0)
x = torch.randn(2, 3, 7, 6)
print(F.max_pool2d(x, 2)[1])
v, i = F.max_pool2d(x, 3, stride=2, padding=1, return_indices=True)
print(v[0, 1], i[0, 1], i.dtype)
v, i = F.max_pool2d(x, (3, 2), stride=(2, 3), dilation=(2, 1), ceil_mode=True, return_indices=True)
print(v.shape, i[1, 2])
print(F.max_pool2d(x, 3, 2, ceil_mode=True).shape, F.max_pool2d(x, 3, 2, 1, ceil_mode=True).shape)
print(F.max_pool2d(x[0], 2).shape, nn.MaxPool2d(2, return_indices=True)(x[0])[1][2])
print(F.max_pool2d(torch.arange(16).reshape(1, 4, 4), 2))
ties = torch.tensor([[[[1.0, 1.0, 0.0], [1.0, 1.0, 0.0], [2.0, 2.0, 2.0]]]])
print(F.max_pool2d(ties, 2, 1, return_indices=True))
x1 = torch.randn(2, 3, 9)
print(F.max_pool1d(x1, 3)[0], F.max_pool1d(x1, 2, 2, 1, ceil_mode=True, return_indices=True)[1][1])
print(F.max_pool1d(x1[0], 4, 1, 2, dilation=2).shape)
print(F.max_pool2d(torch.zeros(0, 3, 4, 4), 2).shape)

# ---- average pooling ----
print(F.avg_pool2d(x, 2)[1])
print(F.avg_pool2d(x, 3, stride=2, padding=1)[0, 0])
print(F.avg_pool2d(x, 3, stride=2, padding=1, count_include_pad=False)[0, 0])
print(F.avg_pool2d(x, 3, stride=2, padding=1, ceil_mode=True)[0, 2])
print(F.avg_pool2d(x, 3, stride=2, padding=1, ceil_mode=True, count_include_pad=False)[0, 2])
print(F.avg_pool2d(x, (2, 3), divisor_override=5)[1, 1])
print(nn.AvgPool2d(4)(torch.randn(2, 2, 8, 8)))
print(F.avg_pool1d(x1, 3), F.avg_pool1d(x1[0], 2, 1, 1, False, False).shape)
print(F.avg_pool2d(x[0], 6, stride=1).shape)

# ---- adaptive pooling ----
print(F.adaptive_avg_pool2d(x, 1).shape, F.adaptive_avg_pool2d(x, (1, 1))[1])
print(F.adaptive_avg_pool2d(x, (3, 4))[0, 1])
print(F.adaptive_avg_pool2d(x, (5, None))[1, 0], F.adaptive_avg_pool2d(x, (None, 4)).shape)
print(F.adaptive_avg_pool2d(x, 2)[1, 2], nn.AdaptiveAvgPool2d((7, 6))(x).equal(x))
print(F.adaptive_avg_pool2d(x[0], (4, 5)).shape, F.adaptive_avg_pool2d(x, 10).shape, F.adaptive_avg_pool2d(x, 0).shape)
print(F.adaptive_avg_pool1d(x1, 4)[1], F.adaptive_avg_pool1d(x1, 1).shape)
v, i = F.adaptive_max_pool2d(x, (3, 4), return_indices=True)
print(v[0, 0], i[0, 0])
print(F.adaptive_max_pool2d(x, 1)[1].flatten(), nn.AdaptiveMaxPool1d(4, True)(x1)[1][0])

# ---- pooling gradients and grad_fns ----
xg = torch.randint(-5, 6, (1, 2, 5, 5)).float().requires_grad_()
for name, fn in [("max_pool2d", lambda t: F.max_pool2d(t, 3, 1, 1)),
                 ("max_pool2d strided", lambda t: F.max_pool2d(t, 2)),
                 ("avg_pool2d", lambda t: F.avg_pool2d(t, 2, 1)),
                 ("avg_pool2d padded", lambda t: F.avg_pool2d(t, 3, 2, 1, ceil_mode=True, count_include_pad=False)),
                 ("adaptive_avg_pool2d", lambda t: F.adaptive_avg_pool2d(t, 3)),
                 ("adaptive_avg_pool2d (1, 1)", lambda t: F.adaptive_avg_pool2d(t, 1)),
                 ("adaptive_max_pool2d", lambda t: F.adaptive_max_pool2d(t, (2, 3))),
                 ("max_pool1d", lambda t: F.max_pool1d(t[0], 2)),
                 ("avg_pool1d", lambda t: F.avg_pool1d(t[0], 2)),
                 ("adaptive_avg_pool1d", lambda t: F.adaptive_avg_pool1d(t[0], 2)),
                 ("adaptive_max_pool1d", lambda t: F.adaptive_max_pool1d(t[0], 2)),
                 ("max_pool2d unbatched", lambda t: F.max_pool2d(t[0], 2))]:
    out = fn(xg)
    xg.grad = None
    out.backward(torch.arange(1.0, out.numel() + 1).reshape(out.shape))
    print(name, out.grad_fn)
    print(xg.grad[0, 1])

# ---- batch norm: training updates the running statistics ----
torch.manual_seed(1)
bn = nn.BatchNorm2d(3)
print(list(bn.state_dict().keys()), bn.num_batches_tracked, bn.training)
print([n for n, _ in bn.named_parameters()], [n for n, _ in bn.named_buffers()])
xb = torch.randn(4, 3, 5, 5) * 2 + 0.5
y = bn(xb)
print(y.grad_fn, y[1, 2, 0])
print(bn.running_mean, bn.running_var, bn.num_batches_tracked)
y = bn(xb * 3 - 1)
print(bn.running_mean, bn.running_var, bn.num_batches_tracked)
print(y.mean(dim=(0, 2, 3)).abs().max() < 1e-6, y.var(dim=(0, 2, 3), unbiased=False))
bn.eval()
y = bn(xb)
print(y.grad_fn, y[0, 0, 1], bn.num_batches_tracked)
with torch.no_grad():
    print(bn(xb)[3, 1, 4], bn(xb).requires_grad)
bn.train()
with torch.no_grad():
    bn.weight.fill_(2.0)
    bn.bias.fill_(-0.5)
print(bn(xb)[2, 0, 3])
print(bn.state_dict()["running_var"], bn.state_dict()["num_batches_tracked"])

# One value per (sample, channel): PyTorch sums such a batch in one partial sum per thread, so
# its last bits depend on the machine's thread count; printed to 4 decimals.
torch.set_printoptions(precision=4)
bn1 = nn.BatchNorm1d(4, momentum=None)
xs = torch.randn(6, 4)
for k in range(3):
    bn1(xs + k)
print(bn1.running_mean, bn1.running_var, bn1.num_batches_tracked)
print(bn1(torch.randn(5, 4, 3))[0])
bn_na = nn.BatchNorm1d(4, affine=False, track_running_stats=False)
print(bn_na.weight, bn_na.running_mean, list(bn_na.state_dict().keys()))
y = bn_na(xs)
print(y[0], y.grad_fn)
bn_na.eval()
print(bn_na(xs)[5])
bn_nb = nn.BatchNorm1d(4, bias=False)
print([n for n, _ in bn_nb.named_parameters()], bn_nb(xs)[1])
torch.set_printoptions(precision=8)

# F.batch_norm directly
rm, rv = torch.zeros(3), torch.ones(3)
out = F.batch_norm(xb, rm, rv, torch.full((3,), 0.5), torch.full((3,), 0.1), training=True, momentum=0.3, eps=1e-3)
print(out[0, 1, 2], rm, rv)
print(F.batch_norm(xb, rm, rv)[1, 1, 1], F.batch_norm(xb, None, None, training=True)[0, 0, 0])
print(F.batch_norm(torch.zeros(0, 3, 2), None, None, torch.ones(3), torch.ones(3), training=True))

# batch norm gradients (float32 rounding: compared with float64)
torch.manual_seed(2)
xd = torch.randn(5, 3, 4, 4, dtype=torch.float64, requires_grad=True)
wd = torch.randn(3, dtype=torch.float64, requires_grad=True)
bd = torch.randn(3, dtype=torch.float64, requires_grad=True)
up = torch.randn(5, 3, 4, 4, dtype=torch.float64)
F.batch_norm(xd, None, None, wd, bd, training=True).backward(up)
xf = xd.detach().float().requires_grad_()
wf = wd.detach().float().requires_grad_()
bf = bd.detach().float().requires_grad_()
out = F.batch_norm(xf, None, None, wf, bf, training=True)
print(out.grad_fn.next_functions)
out.backward(up.float())
print((xf.grad.double() - xd.grad).abs().max() < 1e-5, (wf.grad.double() - wd.grad).abs().max() < 1e-4,
      (bf.grad.double() - bd.grad).abs().max() < 1e-4)
print(bd.grad, wd.grad.shape)
xe = xd.detach().clone().requires_grad_()
out = F.batch_norm(xe, torch.zeros(3, dtype=torch.float64), torch.full((3,), 4.0, dtype=torch.float64), wd, None)
out.backward(up)
print(out.grad_fn.next_functions[2], (xe.grad - up * wd.view(1, 3, 1, 1) / (4.0 + 1e-5) ** 0.5).abs().max() < 1e-12)

# ---- channel dropout ----
torch.manual_seed(3)
d = nn.Dropout2d(0.5)
xd2 = torch.ones(2, 4, 2, 2)
y = d(xd2)
print(y[:, :, 0, 0], y.grad_fn)
d.eval()
print(d(xd2) is xd2)
print(F.dropout2d(torch.ones(1, 6, 1, 1), 0.25).flatten())
print(F.dropout1d(torch.ones(2, 3, 4), 0.5)[..., 0], F.dropout1d(torch.ones(3, 4), 0.5)[:, 0])
print(F.dropout2d(torch.ones(2, 3, 2, 2), 1.0).sum(), F.dropout2d(torch.ones(2, 3, 2, 2), 0.0).sum())
xr = torch.ones(2, 3, 2, 2, requires_grad=True)
F.dropout2d(xr, 0.5).sum().backward()
print(xr.grad[:, :, 0, 0])
# The warnings name the file that called dropout2d (an absolute path under PyTorch): caught.
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    print(F.dropout2d(torch.ones(4, 5), 0.5))
    print(F.dropout2d(torch.ones(2, 3, 4), 0.5)[..., 0])
for c in caught:
    print(c.category.__name__, c.message)

# ---- errors ----
attempt("max_pool2d 2-D", lambda: F.max_pool2d(torch.zeros(8, 8), 2))
attempt("max_pool2d 5-D", lambda: F.max_pool2d(torch.zeros(1, 2, 3, 8, 8), 2))
attempt("module 1-D", lambda: nn.MaxPool2d(2)(torch.zeros(8)))
attempt("kernel too large", lambda: F.max_pool2d(x, 8))
attempt("pad too large", lambda: F.max_pool2d(x, 2, padding=2))
attempt("pad negative", lambda: F.max_pool2d(x, 2, padding=-1))
attempt("kernel 0", lambda: F.max_pool2d(x, 0))
attempt("kernel 0 stride 1", lambda: F.max_pool2d(x, 0, 1))
attempt("stride 0", lambda: F.max_pool2d(x, 2, stride=0))
attempt("dilation 0", lambda: F.max_pool2d(x, 2, dilation=0))
attempt("kernel 3 ints", lambda: F.max_pool2d(x, (2, 2, 2)))
attempt("empty plane", lambda: F.max_pool2d(torch.zeros(2, 3, 0, 8), 2))
attempt("bool", lambda: F.max_pool2d(x.bool(), 2))
attempt("max_pool1d 1-D", lambda: F.max_pool1d(torch.zeros(8), 2))
attempt("max_pool1d 4-D", lambda: F.max_pool1d(torch.zeros(2, 3, 2, 8), 2))
attempt("max_pool1d too large", lambda: F.max_pool1d(x1, 10))
attempt("max_pool1d kernel pair", lambda: F.max_pool1d(x1, (2, 2)))
attempt("avg_pool2d 2-D", lambda: F.avg_pool2d(torch.zeros(8, 8), 2))
attempt("avg_pool2d too large", lambda: F.avg_pool2d(x, 8))
attempt("avg_pool2d pad", lambda: F.avg_pool2d(x, 2, padding=2))
attempt("avg_pool2d stride 0", lambda: F.avg_pool2d(x, 2, stride=0))
attempt("avg_pool2d int", lambda: F.avg_pool2d(x.int(), 2))
attempt("avg_pool2d divisor 0", lambda: nn.AvgPool2d(2, divisor_override=0)(x))
attempt("avg_pool1d 1-D", lambda: F.avg_pool1d(torch.zeros(8), 2))
attempt("avg_pool1d too large", lambda: F.avg_pool1d(x1, 10))
attempt("avg_pool1d pair", lambda: F.avg_pool1d(x1, (2, 2)))
attempt("adaptive 2-D", lambda: F.adaptive_avg_pool2d(torch.zeros(8, 8), 2))
attempt("adaptive 2-D to 1", lambda: F.adaptive_avg_pool2d(torch.ones(8, 8), 1))
attempt("adaptive three sizes", lambda: F.adaptive_avg_pool2d(x, (2, 2, 2)))
attempt("adaptive negative", lambda: F.adaptive_avg_pool2d(x, -1))
attempt("adaptive empty", lambda: F.adaptive_avg_pool2d(torch.zeros(2, 3, 0, 8), 2))
attempt("adaptive long", lambda: F.adaptive_avg_pool2d(x.long(), 2))
attempt("adaptive1d 1-D", lambda: F.adaptive_avg_pool1d(torch.zeros(8), 2))
attempt("adaptive1d pair", lambda: F.adaptive_avg_pool1d(x1, (2, 2)))
attempt("adaptive max 2-D", lambda: F.adaptive_max_pool2d(torch.zeros(8, 8), 2))
attempt("batch_norm long", lambda: F.batch_norm(x.long(), None, None, training=True))
attempt("eval without mean", lambda: F.batch_norm(x, None, None, training=False))
attempt("eval without var", lambda: F.batch_norm(x, torch.zeros(3), None))
attempt("running_mean size", lambda: F.batch_norm(x, torch.zeros(4), torch.ones(4)))
attempt("running_var size", lambda: F.batch_norm(x, torch.zeros(3), torch.ones(4)))
attempt("weight size", lambda: F.batch_norm(x, torch.zeros(3), torch.ones(3), torch.ones(4)))
attempt("bias size", lambda: F.batch_norm(x, torch.zeros(3), torch.ones(3), None, torch.ones(4)))
attempt("one value per channel", lambda: F.batch_norm(torch.zeros(1, 3), None, None, training=True))
attempt("one value per channel 4-D", lambda: nn.BatchNorm2d(3)(torch.zeros(1, 3, 1, 1)))
attempt("1-D input", lambda: F.batch_norm(torch.zeros(3), None, None, training=True))
attempt("eps 0", lambda: F.batch_norm(x, None, None, training=True, eps=0))
attempt("eps negative", lambda: F.batch_norm(x, torch.zeros(3), torch.ones(3), eps=-1))
attempt("BatchNorm2d 3-D", lambda: nn.BatchNorm2d(3)(torch.zeros(3, 8, 8)))
attempt("BatchNorm1d 4-D", lambda: nn.BatchNorm1d(3)(x))
attempt("BatchNorm2d features", lambda: nn.BatchNorm2d(4)(x))
attempt("BatchNorm2d double", lambda: nn.BatchNorm2d(3)(x.double()))
attempt("Dropout2d p", lambda: nn.Dropout2d(2))
attempt("dropout2d p", lambda: F.dropout2d(x, 1.5))
attempt("dropout1d 4-D", lambda: F.dropout1d(x, 0.5))
