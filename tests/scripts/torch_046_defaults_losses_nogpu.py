# Default dtype and device, torch.accelerator on a CPU-only machine, torch.functional, the
# smooth L1 / Huber losses, and the losses' old size_average/reduce arguments.
import warnings

import torch
import torch.functional
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
print(torch.get_default_dtype(), torch.get_default_device())
torch.set_default_dtype(torch.float64)
print(torch.get_default_dtype(), torch.tensor([1.5]), torch.ones(2, dtype=torch.float32), torch.arange(2.), torch.randn(1).dtype)
print(torch.tensor([1.5]) + torch.ones(1, dtype=torch.float32), torch.zeros(1) + 1.5, nn.Linear(2, 1).weight.dtype)
torch.set_default_dtype(torch.float32)
for bad in ("torch.set_default_dtype(torch.int64)", "torch.set_default_dtype('float64')", "torch.set_default_device('foo')"):
    try:
        eval(bad)
    except Exception as e:
        print(type(e).__name__, e)
torch.set_default_device("cpu")
print(torch.get_default_device(), torch.zeros(1).device)
print(torch.accelerator.is_available(), torch.accelerator.current_accelerator(), torch.accelerator.device_count())
print(torch.functional.norm(torch.ones(4)), torch.functional.split(torch.arange(4), 2))

x = torch.randn(3, 4, requires_grad=True)
y = torch.randn(3, 4)
for fn in (lambda: F.smooth_l1_loss(x, y), lambda: F.smooth_l1_loss(x, y, beta=0.5, reduction="sum"),
           lambda: F.smooth_l1_loss(x, y, beta=0.0), lambda: F.huber_loss(x, y, delta=0.7),
           lambda: nn.SmoothL1Loss(reduction="none")(x, y), lambda: nn.HuberLoss()(x * 3, y)):
    x.grad = None
    loss = fn()
    loss.sum().backward()
    print(loss, x.grad)
print(nn.SmoothL1Loss(beta=0.5), nn.HuberLoss(delta=2.0))
for bad in ("F.smooth_l1_loss(x, y, beta=-1.0)", "F.huber_loss(x, y, delta=0.0)", "F.smooth_l1_loss(x, y, reduction='avg')"):
    try:
        eval(bad)
    except Exception as e:
        print(type(e).__name__, e)

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    p = torch.rand(4)
    t = torch.rand(4)
    print(F.binary_cross_entropy(p, t, size_average=False), F.mse_loss(p, t, reduce=False), F.l1_loss(p, t, size_average=True))
    print(nn.MSELoss(size_average=False)(p, t), nn.MSELoss(size_average=False).reduction, nn.NLLLoss(reduce=False).reduction)
    print(F.nll_loss(torch.log_softmax(torch.randn(2, 3), 1), torch.tensor([0, 2]), size_average=False))
print([str(w.message) for w in caught])
