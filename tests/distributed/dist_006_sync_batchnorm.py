# nproc: 2
# nn.SyncBatchNorm across processes: on GPUs (tensorplay: simulated GPUs, nccl over Gloo) each
# rank normalizes its part of the batch with the statistics of the whole batch, and its input's
# gradient is the whole batch's; PyTorch's CPU-only recording computes the same figures with one
# BatchNorm1d over every rank's batch, which is what SyncBatchNorm computes. Both print the CPU
# refusal inside a process group.
import os

import torch
import torch.distributed as dist
import torch.nn as nn
from rank_report import print_all_ranks

use_cuda = torch.cuda.is_available()
dist.init_process_group("nccl" if use_cuda else "gloo")
rank, world = dist.get_rank(), dist.get_world_size()
local_rank = int(os.environ["LOCAL_RANK"])
device = torch.device(f"cuda:{local_rank}") if use_cuda else torch.device("cpu")
if use_cuda:
    torch.cuda.set_device(local_rank)
torch.manual_seed(0)
x_all, coef_all = torch.randn(4 * world, 3, 5), torch.randn(4 * world, 3, 5)
weight, bias = torch.randn(3), torch.randn(3)
part = slice(4 * rank, 4 * rank + 4)
lines = []
try:
    nn.SyncBatchNorm(3)(torch.randn(2, 3))
except ValueError as e:
    lines.append(f"on the CPU: {e}")
if use_cuda:
    bn = nn.SyncBatchNorm(3, momentum=0.5).to(device)
    x = x_all[part].to(device).requires_grad_()
    coef = coef_all[part].to(device)
else:  # the reference: one BatchNorm over every rank's batch
    bn = nn.BatchNorm1d(3, momentum=0.5)
    x = x_all.clone().requires_grad_()
    coef = coef_all
with torch.no_grad():
    bn.weight.copy_(weight)
    bn.bias.copy_(bias)
for step in range(2):
    x.grad = None
    bn.weight.grad = None
    y = bn(x)
    (y * coef).sum().backward()
    y_mine, grad_mine = (y, x.grad) if use_cuda else (y[part], x.grad[part])
    weight_grad = bn.weight.grad.clone()
    if use_cuda:
        dist.all_reduce(weight_grad)  # each rank's own part, as DDP would sum them
    lines.append(f"step {step} output {[round(v, 4) for v in y_mine[:, :, 0].flatten().tolist()]}")
    lines.append(f"step {step} input grad {[round(v, 4) for v in grad_mine[:, :, 0].flatten().tolist()]}")
    lines.append(f"step {step} weight grad {[round(v, 4) for v in weight_grad.tolist()]}")
    lines.append(f"step {step} running mean {[round(v, 4) for v in bn.running_mean.tolist()]}"
                 f" var {[round(v, 4) for v in bn.running_var.tolist()]}")
print_all_ranks(lines)
dist.destroy_process_group()
