# F.fractional_max_pool2d / 3d and nn.FractionalMaxPool2d / 3d: windows placed by the random samples
# (torch.rand after manual_seed, or given), values, indices and gradients equal to PyTorch's,
# output_ratio, unbatched input, reprs, and PyTorch's errors.
import torch, torch.nn.functional as F
torch.manual_seed(0)
x = torch.randn(2, 3, 7, 9, requires_grad=True)
v, i = F.fractional_max_pool2d(x, 2, output_size=(4, 5), return_indices=True)
print(v[0, 0], i[0, 1])
v.sum().backward()
print(x.grad[1, 2])
y = torch.randn(1, 2, 6, 7, 8)
v3, i3 = F.fractional_max_pool3d(y, (2, 3, 2), output_ratio=0.5, return_indices=True)
print(v3.shape, v3.flatten()[:8].tolist(), i3.flatten()[-8:].tolist())
print(F.fractional_max_pool2d(x[0], 3, output_ratio=(0.5, 0.6)).shape)
s = torch.tensor([[[0.3, 0.8], [0.1, 0.5], [0.9, 0.2]]])
print(F.fractional_max_pool2d(torch.arange(63.0).reshape(1, 3, 7, 3).transpose(2, 3).contiguous() * 0 + torch.arange(21.0).reshape(3, 7).float(), 2, output_size=(2, 4), _random_samples=s))
import torch.nn as nn
def t(l, f):
    try: r = f(); print(l, r if not isinstance(r, torch.Tensor) else (tuple(r.shape), r.grad_fn.name() if r.grad_fn else None))
    except Exception as e: print(l, type(e).__name__, e)
print(nn.FractionalMaxPool2d(3, output_ratio=(0.5, 0.5)), nn.FractionalMaxPool3d(2, output_size=3, return_indices=True))
torch.manual_seed(1)
m = nn.FractionalMaxPool2d(2, output_size=(3, 4))
print(m(torch.arange(60.0).reshape(1, 1, 6, 10)))
print(list(m.state_dict().keys()), nn.FractionalMaxPool3d(2, output_ratio=0.5)(torch.randn(1, 1, 4, 6, 8)).shape)
xr = torch.randn(1, 2, 5, 6, requires_grad=True)
t("none", lambda: F.fractional_max_pool2d(xr, 2))
t("ratio3", lambda: F.fractional_max_pool2d(xr, 2, output_ratio=(0.5, 0.5, 0.5)))
t("big", lambda: F.fractional_max_pool2d(xr, 2, output_size=5))
t("kernel big", lambda: F.fractional_max_pool2d(xr, 6, output_size=1))
t("rank", lambda: F.fractional_max_pool2d(xr[0, 0], 2, output_size=2))
t("3d big", lambda: F.fractional_max_pool3d(torch.randn(1, 2, 5, 6, 7), 2, output_size=(5, 2, 2)))
t("3d rank", lambda: F.fractional_max_pool3d(torch.randn(5, 6, 7), 2, output_size=2))
t("mod none", lambda: nn.FractionalMaxPool2d(3))
t("mod both", lambda: nn.FractionalMaxPool2d(3, output_size=2, output_ratio=0.5))
t("mod ratio", lambda: nn.FractionalMaxPool2d(3, output_ratio=1.5))
print(F.fractional_max_pool2d(torch.zeros(0, 2, 5, 6), 2, output_size=3).shape,
      F.fractional_max_pool3d(torch.zeros(0, 2, 5, 6, 7), 2, output_size=3, return_indices=True)[1].shape)
