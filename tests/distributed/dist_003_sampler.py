# nproc: 2 4
# DistributedSampler in a real job: each rank's shard with shuffling and set_epoch, without
# shuffling, with drop_last, and a world larger than the data (the shards are padded by
# repeating indices; with drop_last every shard is empty). Rank 0 prints every rank's shards.
import torch
import torch.distributed as dist
from torch.utils.data import DataLoader, TensorDataset
from torch.utils.data.distributed import DistributedSampler
from rank_report import print_all_ranks

dist.init_process_group("gloo")
rank, world = dist.get_rank(), dist.get_world_size()
lines = []
ten = TensorDataset(torch.arange(10))
for epoch in range(3):
    s = DistributedSampler(ten)
    s.set_epoch(epoch)
    lines.append(f"shuffle epoch {epoch}: {list(s)} len {len(s)} total {s.total_size}")
lines.append(f"seed 3: {list(DistributedSampler(ten, seed=3))}")
lines.append(f"no shuffle: {list(DistributedSampler(ten, shuffle=False))}")
lines.append(f"drop_last: {list(DistributedSampler(ten, drop_last=True))}")
small = TensorDataset(torch.arange(3))
s = DistributedSampler(small, shuffle=False)
lines.append(f"3 samples, padded: {list(s)} len {len(s)}")
lines.append(f"3 samples, drop_last: {list(DistributedSampler(small, shuffle=False, drop_last=True))}")
lines.append(f"batches: {[b[0].tolist() for b in DataLoader(small, batch_size=2, sampler=s)]}")

print_all_ranks(lines)
dist.destroy_process_group()
