# nproc: 2
# The seeds' DDP recipe on GPUs: backend nccl and cuda:LOCAL_RANK when CUDA is available (in
# tensorplay, simulated GPUs and nccl over Gloo), else gloo on CPU (how PyTorch recorded it).
# The figures must not depend on the device: rank 0 prints every rank's losses and the final
# parameters, and which kind of device the job ran on is not printed.
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
    torch.cuda.set_device(local_rank)  # object collectives on nccl use the current device
torch.manual_seed(rank)
model = nn.Sequential(nn.Linear(3, 16), nn.ReLU(), nn.Linear(16, 2)).to(device)
ddp = nn.parallel.DistributedDataParallel(model, device_ids=[local_rank] if use_cuda else None)
opt = torch.optim.SGD(ddp.parameters(), lr=0.1)
torch.manual_seed(0)
x_all, labels_all = torch.randn(8 * world, 3), torch.randint(0, 2, (8 * world,))
lines = []
for step in range(4):
    x, labels = x_all[rank::world], labels_all[rank::world]  # inputs stay on the CPU: DDP moves them
    opt.zero_grad()
    loss = nn.functional.cross_entropy(ddp(x), labels.to(device))
    loss.backward()
    opt.step()
    lines.append(f"step {step} loss {loss.item():.4f} on this rank's device: {loss.device == device}")
lines.append(f"final fc2 bias {[round(v, 4) for v in model[2].bias.tolist()]}")
total = torch.tensor([float(rank + 1)], device=device)
dist.all_reduce(total)
lines.append(f"all_reduce on the device: {total.item()}")
print_all_ranks(lines)
dist.destroy_process_group()
