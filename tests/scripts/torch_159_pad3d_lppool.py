# The 3-D padding layers (ZeroPad3d, ConstantPad3d, ReflectionPad3d, ReplicationPad3d,
# CircularPad3d), the power-average pooling F.lp_pool1d/2d/3d and nn.LPPool1d/2d/3d (reprs,
# values on small integers, gradcheck), and F.adaptive_max_pool3d_with_indices.
import torch, torch.nn as nn, torch.nn.functional as F
x = torch.arange(24.0).reshape(1, 1, 2, 3, 4)
for m in [nn.ZeroPad3d(1), nn.ConstantPad3d((1, 0, 0, 1, 1, 0), 2.5), nn.ReflectionPad3d((1, 1, 1, 0, 1, 0)),
          nn.ReplicationPad3d(1), nn.CircularPad3d((1, 0, 0, 1, 0, 1))]:
    y = m(x)
    print(m, tuple(y.shape), y[0, 0, 0].tolist())
try: nn.CircularPad3d(1)(x[0, 0])
except ValueError as e: print(e)
for m, inp in [(nn.LPPool1d(2, 3, 2), torch.arange(10.0).reshape(1, 2, 5)), (nn.LPPool2d(1.5, (2, 3)), torch.arange(24.0).reshape(1, 2, 3, 4)),
               (nn.LPPool3d(2, 2, ceil_mode=True), x), (nn.LPPool2d(3, 2, stride=1), -torch.arange(9.0).reshape(1, 1, 3, 3))]:
    print(m, m(inp))
print(F.lp_pool2d(torch.arange(16.0).reshape(1, 1, 4, 4), 2, 2))
v, i = F.adaptive_max_pool3d_with_indices(x, 2)
print(v.flatten().tolist(), i.flatten().tolist())
xg = torch.rand(1, 2, 4, 4, dtype=torch.float64, requires_grad=True)
print(torch.autograd.gradcheck(lambda t: F.lp_pool2d(t + 0.5, 2, 2), (xg,)))
