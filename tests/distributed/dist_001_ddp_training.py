# nproc: 2 4
# DistributedDataParallel training, one process per rank on CPU with gloo: each rank starts
# from its own random weights (DDP broadcasts rank 0's), reads its DistributedSampler shard,
# and gradients are averaged in backward. Rank 0 prints every rank's losses, sampler indices
# and final parameters, then checks that the job matched one process trained on each step's
# whole batch (the union of the ranks' batches). A no_sync() accumulation step ends it.
# Figures are rounded to 4 places: tensorplay's tanh and sums differ from PyTorch's in the
# last bits of float32.
import torch
import torch.distributed as dist
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset
from torch.utils.data.distributed import DistributedSampler
from rank_report import print_all_ranks

dist.init_process_group("gloo")
rank, world = dist.get_rank(), dist.get_world_size()
lines = []

torch.manual_seed(0)
X = torch.randn(48, 4)
y = X @ torch.tensor([[1.0], [-2.0], [0.5], [3.0]]) + 0.1
data = TensorDataset(X, y)


def make_model(seed):
    torch.manual_seed(seed)
    return nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 1))


local = make_model(100 + rank)  # every rank starts elsewhere...
model = nn.parallel.DistributedDataParallel(local)
start = [p.detach().clone() for p in model.parameters()]  # ...and DDP gives them rank 0's
lines.append(f"start weight[0] {[round(v, 4) for v in start[0][0].tolist()]}")
opt = torch.optim.SGD(model.parameters(), lr=0.05)
loss_fn = nn.MSELoss()
batch = 48 // world // 3  # three steps per epoch, whatever the world
for epoch in range(2):
    sampler = DistributedSampler(data, seed=7)
    sampler.set_epoch(epoch)
    lines.append(f"epoch {epoch} indices {list(sampler)}")
    for xb, yb in DataLoader(data, batch_size=batch, sampler=sampler):
        opt.zero_grad()
        loss = loss_fn(model(xb), yb)
        loss.backward()
        opt.step()
        lines.append(f"epoch {epoch} loss {loss.item():.4f}")
final = [p.detach().clone() for p in model.parameters()]
lines.append(f"final bias {[round(v, 4) for v in final[3].tolist()]}")
lines.append(f"final weight[0] {[round(v, 4) for v in final[2][0].tolist()]}")

# Gradient accumulation: the first micro-batch under no_sync keeps its gradient local.
opt.zero_grad()
with model.no_sync():
    loss_fn(model(X[rank::world][:4]), y[rank::world][:4]).backward()
local_grad = model.module[2].bias.grad.clone()
loss_fn(model(X[rank::world][4:8]), y[rank::world][4:8]).backward()
lines.append(f"no_sync local grad {[round(v, 4) for v in local_grad.tolist()]} "
             f"synced grad {[round(v, 4) for v in model.module[2].bias.grad.tolist()]}")

print_all_ranks(lines)
if rank == 0:
    # One process, the same start, each step on the union of the ranks' batches.
    single = make_model(100)
    with torch.no_grad():
        for p, s in zip(single.parameters(), start):
            p.copy_(s)
    opt1 = torch.optim.SGD(single.parameters(), lr=0.05)
    for epoch in range(2):
        shards = []
        for r in range(world):
            s = DistributedSampler(data, num_replicas=world, rank=r, seed=7)
            s.set_epoch(epoch)
            shards.append(list(s))
        for step in range(3):
            idx = [i for shard in shards for i in shard[step * batch:(step + 1) * batch]]
            opt1.zero_grad()
            loss_fn(single(X[idx]), y[idx]).backward()
            opt1.step()
    diff = max((a - b).abs().max().item() for a, b in zip(single.parameters(), final))
    print("same parameters as one process on the whole batch:", diff < 1e-5)
dist.destroy_process_group()
