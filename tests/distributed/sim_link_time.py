# The modeled time of a 4 MB all-reduce between two simulated T4s (run with the host's own
# time frozen, so the clock moves by modeled time only): nccl puts the ring's bytes on the
# GPUs' link; gloo copies the tensor to the host and back over PCIe, as PyTorch's Gloo group
# does with CUDA tensors. Rank 0 prints both.
import os
import sys
import time

import torch
import torch.distributed as dist

dist.init_process_group(sys.argv[1])
rank = dist.get_rank()
torch.cuda.set_device(rank)
x = torch.ones(1_000_000, device=f"cuda:{rank}")  # 4 MB of float32
torch.cuda.synchronize()
start = time.perf_counter()
dist.all_reduce(x)
torch.cuda.synchronize()
ms = (time.perf_counter() - start) * 1e3
if rank == 0:
    os.write(1, f"{sys.argv[1]}: {x[0].item()} after {ms:.3f} ms (modeled)\n".encode())
dist.destroy_process_group()
