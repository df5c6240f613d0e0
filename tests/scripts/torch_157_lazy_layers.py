# The lazy layers: nn.LazyConv1d/2d/3d, nn.LazyConvTranspose1d/2d/3d, nn.LazyBatchNorm1d/2d/3d and
# nn.LazyInstanceNorm1d/2d/3d: reprs before and after the first call, the class each becomes, the
# shapes inferred from the input, PyTorch's seeded draws, state_dict keys, and the errors.
import torch, torch.nn as nn
torch.manual_seed(0)
m = nn.LazyConv2d(4, 3, padding=1)
print(m, m.weight)
y = m(torch.randn(2, 3, 5, 5))
print(type(m).__name__, m, m.weight.shape, y.shape)
print(m.weight[0, 0], m.bias)
for cls, args, x in [(nn.LazyConv1d, (2, 2), torch.randn(3, 6)), (nn.LazyConv3d, (2, 2), torch.randn(1, 3, 4, 4, 4)),
                     (nn.LazyConvTranspose1d, (2, 3, 2), torch.randn(1, 4, 5)), (nn.LazyConvTranspose2d, (2, 3), torch.randn(1, 4, 5, 5)),
                     (nn.LazyConvTranspose3d, (2, 2), torch.randn(1, 4, 3, 3, 3))]:
    mm = cls(*args)
    out = mm(x)
    print(cls.__name__, type(mm).__name__, tuple(mm.weight.shape), tuple(out.shape), mm.bias.sum().item() != 0)
bn = nn.LazyBatchNorm2d()
print(bn, list(bn.state_dict().keys()))
out = bn(torch.randn(4, 3, 2, 2))
print(type(bn).__name__, bn, bn.running_mean.shape, bn.weight, list(bn.state_dict().keys()))
inn = nn.LazyInstanceNorm3d(affine=True)
print(inn)
inn(torch.randn(2, 3, 2, 2, 2))
print(type(inn).__name__, inn, inn.weight.shape)
print(type(nn.LazyBatchNorm1d(track_running_stats=False)).__name__)
g = nn.LazyConv2d(4, 3, groups=2)
try: g(torch.randn(1, 3, 5, 5))
except ValueError as e: print(e)
try: nn.LazyConv2d(4, 3)(torch.randn(5, 5))
except RuntimeError as e: print(e)
