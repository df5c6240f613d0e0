# nn.PixelShuffle / nn.PixelUnshuffle and torch.pixel_shuffle / pixel_unshuffle (values, grad_fn,
# gradients, errors), and the padding layers nn.ZeroPad1d/2d, ConstantPad1d/2d,
# ReflectionPad1d/2d, ReplicationPad1d/2d, CircularPad1d/2d (reprs, outputs, gradients, errors),
# F.unfold / F.fold, nn.Unfold / nn.Fold (values, grad_fn, gradients, double backward, errors),
# and nn.MaxUnpool1d/2d / F.max_unpool1d/2d (values, output_size, gradients, errors).
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


def attempt(f):
    try:
        r = f()
        print(tuple(r.shape) if isinstance(r, torch.Tensor) else r)
    except Exception as e:
        print(type(e).__name__, e)


# ---- pixel shuffle ----
x = torch.randn(2, 8, 2, 3, requires_grad=True)
y = F.pixel_shuffle(x, 2)
print(y.shape, y.grad_fn.name(), y[0, 1])
z = nn.PixelUnshuffle(2)(y)
print(z.grad_fn.name(), torch.equal(z, x))
g, = torch.autograd.grad((y * torch.arange(y.numel()).view(y.shape)).sum(), x, create_graph=True)
print(g[1, 3], g.grad_fn)
print(torch.pixel_shuffle(torch.arange(16.0).view(4, 2, 2), 2))
print(torch.pixel_unshuffle(torch.arange(16.0).view(1, 4, 4), 2))
print(nn.PixelShuffle(2), nn.PixelUnshuffle(3))
print(torch.pixel_unshuffle(torch.randn(3, 2, 2, 6, 4), 2).shape, nn.PixelShuffle(3)(torch.randn(9, 1, 1)).shape)
print(torch.pixel_shuffle(torch.arange(8).view(1, 4, 1, 2), 2))
attempt(lambda: torch.pixel_shuffle(x[0, 0], 2))
attempt(lambda: torch.pixel_shuffle(x, 0))
attempt(lambda: torch.pixel_shuffle(x, 3))
attempt(lambda: torch.pixel_unshuffle(x, 3))
attempt(lambda: torch.pixel_unshuffle(x[:, :, :, :1], 2))
attempt(lambda: torch.pixel_unshuffle(x, -1))
attempt(lambda: F.pixel_shuffle(x, 2.0))

# ---- padding layers ----
for m in [nn.ZeroPad2d((1, 2, 0, 1)), nn.ConstantPad1d(2, 3.5), nn.ReflectionPad2d(1), nn.ReplicationPad1d((2, 1)),
          nn.CircularPad2d(1), nn.ZeroPad1d(1), nn.ConstantPad2d((1, 0, 2, 0), -1.0), nn.ReflectionPad1d(2),
          nn.ReplicationPad2d(1), nn.CircularPad1d((1, 2)), nn.ZeroPad2d(-1)]:
    one_d = "1d" in type(m).__name__
    inp = (torch.arange(12.0).view(1, 3, 4) if one_d else torch.arange(12.0).view(1, 1, 3, 4)).requires_grad_()
    out = m(inp)
    out.backward(torch.arange(out.numel(), dtype=torch.float32).view(out.shape))
    print(m, tuple(out.shape))
    print(out)
    print(inp.grad)
print(nn.ReflectionPad2d((1, 0, 2, 1))(torch.randn(2, 3, 4, 4)).shape, nn.ZeroPad2d(2)(torch.randn(5, 5)).shape)
attempt(lambda: nn.CircularPad2d(1)(torch.randn(3, 3)))
attempt(lambda: nn.CircularPad1d(1)(torch.randn(1, 2, 3, 3)))
attempt(lambda: nn.ReflectionPad2d(3)(torch.randn(1, 1, 3, 3)))
attempt(lambda: nn.ReflectionPad1d(1)(torch.randn(3)))
attempt(lambda: nn.ReplicationPad2d(1)(torch.randn(2, 1, 3, 3, 3)))

# ---- unfold / fold ----
x = torch.randn(2, 3, 4, 5, requires_grad=True)
c = F.unfold(x, (2, 3), dilation=(1, 2), padding=1, stride=(2, 1))
print(c.shape, c.grad_fn.name(), c[1, :7, :5])
(c * torch.linspace(-1, 1, c.numel()).view(c.shape)).sum().backward()
print(x.grad[1, 2])
blocks = torch.randn(2, 12, 12, requires_grad=True)
f = F.fold(blocks, (4, 5), 2)
print(f.shape, f.grad_fn.name(), f[0, 1])
g, = torch.autograd.grad((f * f).sum(), blocks, create_graph=True)
print(g[0, :3, :4], g.grad_fn.name())
print(nn.Fold((3, 3), 2, padding=1)(torch.ones(1, 4, 16)))
print(F.unfold(torch.arange(12.0).view(1, 3, 4), 2))
u = nn.Unfold(2, stride=2)
print(u, u(torch.arange(16.0).view(1, 1, 4, 4)))
print(nn.Unfold((2, 3), dilation=2, padding=1, stride=(1, 2)), nn.Fold(3, (2, 2), stride=2))
print(F.fold(F.unfold(x, 2), (4, 5), 2)[0, 0])
print(F.unfold(x.detach().bool(), 2).dtype)
attempt(lambda: F.unfold(x, 0))
attempt(lambda: F.unfold(x, 2, dilation=0))
attempt(lambda: F.unfold(x, 2, padding=-1))
attempt(lambda: F.unfold(x, 2, stride=0))
attempt(lambda: F.unfold(x, 9))
attempt(lambda: F.unfold(x[0, 0], 2))
attempt(lambda: F.unfold(x[:, :0], 2))
attempt(lambda: F.unfold(torch.randn(2, 3, 4, 5, 6), 2))
attempt(lambda: F.unfold(x.long(), 2))
cols = F.unfold(x, 2)
attempt(lambda: F.fold(cols, (4, 6), 2))
attempt(lambda: F.fold(cols[:, :11], (4, 5), 2))
attempt(lambda: F.fold(cols, (4, 5), 0))
attempt(lambda: F.fold(cols, (4, 5), 2, padding=-1))
attempt(lambda: F.fold(cols[0], (4, 5), 2))
attempt(lambda: F.fold(x, (4, 5), 2))
attempt(lambda: F.fold(cols, (1, 1), 2))

# ---- max unpooling ----
x = torch.randn(1, 2, 4, 4)
y, i = nn.MaxPool2d(2, return_indices=True)(x)
u = nn.MaxUnpool2d(2)
print(u, nn.MaxUnpool2d((2, 3), stride=1, padding=1), nn.MaxUnpool1d(2))
print(u(y, i))
print(u(y, i, output_size=[5, 5]))
print(u(y, i, output_size=torch.Size([1, 2, 4, 5])).shape, u(y[0], i[0]).shape)
yr = y.clone().requires_grad_()
out = F.max_unpool2d(yr, i, 2)
out.backward(torch.arange(32.0).view(1, 2, 4, 4))
print(out.grad_fn.name(), yr.grad)
x1 = torch.randn(2, 3, 6)
v, j = F.max_pool1d(x1, 2, return_indices=True)
print(nn.MaxUnpool1d(2)(v, j))
print(F.max_unpool1d(v, j, 2, output_size=[7]).shape)
attempt(lambda: u(y, i.int()))
attempt(lambda: u(y, i[:, :1]))
attempt(lambda: u(y, i, output_size=[6, 6]))
attempt(lambda: u(y, i, output_size=[1, 5]))
attempt(lambda: u(y, i, output_size=[1, 1, 5]))
attempt(lambda: u(y[0, 0], i[0, 0]))
attempt(lambda: u(y, i * 5))
attempt(lambda: u(y[:, :, :0], i[:, :, :0]))
