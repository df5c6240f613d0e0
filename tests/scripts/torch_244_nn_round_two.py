# torch.nn names tensorplay lacked: F.gumbel_softmax (PyTorch's draws after manual_seed, soft and
# hard), F.relu_, nn.AdaptiveLogSoftmaxWithLoss (seeded init, forward, gradients, log_prob,
# predict, texts), nn.LinearCrossEntropyLoss, nn.NLLLoss2d and nn.Container (deprecation
# warnings), nn.SyncBatchNorm outside a process group (batch norm, its checks) and
# convert_sync_batchnorm.
import warnings

import torch
import torch.nn as nn
import torch.nn.functional as F

warnings.simplefilter("always")


def attempt(label, fn):
    try:
        print(label, "->", fn())
    except Exception as e:
        print(label, "->", type(e).__name__ + ":", e)


torch.manual_seed(0)
logits = torch.randn(2, 5, requires_grad=True)
soft = F.gumbel_softmax(logits, tau=0.5)
hard = F.gumbel_softmax(logits, hard=True)
print(soft, hard)
(hard * torch.arange(5.0)).sum().backward()
print(logits.grad)
print(F.gumbel_softmax(torch.zeros(3, 2), dim=0, eps=1e-5))
x = torch.tensor([-1.0, 2.0])
print(F.relu_(x), x)

torch.manual_seed(1)
asm = nn.AdaptiveLogSoftmaxWithLoss(8, 10, [3, 6], div_value=2.0)
print(asm)
inp = torch.randn(4, 8)
target = torch.tensor([0, 4, 9, 2])
out = asm(inp, target)
print(out)
out.loss.backward()
print(asm.head.weight.grad[:2], asm.tail[1][1].weight.grad)
print(asm.log_prob(inp).exp().sum(1), asm.predict(inp))
print(asm(inp[0], target[0]))
attempt("asm target range", lambda: asm(inp, torch.tensor([0, 4, 10, 2])))
attempt("asm batch", lambda: asm(inp, torch.tensor([0, 1])))
attempt("asm 2-D target", lambda: asm(inp, torch.zeros(4, 1, dtype=torch.long)))
attempt("asm cutoffs", lambda: nn.AdaptiveLogSoftmaxWithLoss(8, 10, [6, 3]))
attempt("asm no cutoffs", lambda: nn.AdaptiveLogSoftmaxWithLoss(8, 10, []))

torch.manual_seed(2)
lce = nn.LinearCrossEntropyLoss(4, 3)
print(lce)
print(lce(torch.randn(5, 4), torch.tensor([0, 1, 2, 1, 0])))
lce2 = nn.LinearCrossEntropyLoss(4, 3, out_features=(2,), bias=True, reduction="sum")
print(lce2, lce2.linear.weight.shape, lce2(torch.randn(5, 4), torch.tensor([[0, 1], [2, 1], [0, 0], [1, 2], [2, 2]])))
attempt("lce weight", lambda: nn.LinearCrossEntropyLoss(4, 3, weight=torch.ones(2)))

loss2d = nn.NLLLoss2d()
print(loss2d, loss2d(F.log_softmax(torch.randn(2, 3, 2, 2), 1), torch.zeros(2, 2, 2, dtype=torch.long)))
box = nn.Container(act=nn.ReLU(), lin=nn.Linear(2, 2))
print(box, [name for name, _ in box.named_children()])

torch.manual_seed(3)
sbn = nn.SyncBatchNorm(3)
print(sbn)
y = sbn(torch.randn(4, 3, 5))
print(y[0, :, :2], sbn.running_mean, sbn.running_var, sbn.num_batches_tracked)
sbn.eval()
print(sbn(torch.ones(2, 3)).sum())
attempt("sbn 1-D", lambda: nn.SyncBatchNorm(3)(torch.randn(3)))
attempt("sbn 0 channels", lambda: nn.SyncBatchNorm(0)(torch.randn(2, 0)))
net = nn.Sequential(nn.Conv2d(1, 3, 3), nn.BatchNorm2d(3), nn.Sequential(nn.BatchNorm1d(4, affine=False)))
net[1].running_mean.fill_(0.5)
synced = nn.SyncBatchNorm.convert_sync_batchnorm(net)
print(synced, synced[1].running_mean, synced[1].weight is net[1].weight)

torch.manual_seed(4)
x, w, b = torch.randn(7, 2, 3), torch.randn(3, 3, 4), torch.randn(4)
print(F.conv_tbc(x, w, b, 1)[:, 0].round(decimals=2), torch.conv_tbc(x, w, b).shape, F.conv_tbc is torch.conv_tbc)
attempt("conv_tbc 2-D", lambda: F.conv_tbc(x[0], w, b))
attempt("conv_tbc weight", lambda: F.conv_tbc(x, w[0], b))
attempt("conv_tbc bias", lambda: F.conv_tbc(x, w, b[:2]))
attempt("conv_tbc channels", lambda: F.conv_tbc(x, torch.randn(3, 2, 4), b))
print(F.native_channel_shuffle(torch.arange(8.0).reshape(1, 4, 2), 2), torch.native_channel_shuffle is F.native_channel_shuffle)
