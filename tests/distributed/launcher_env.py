# Each worker's environment from the launcher, one line per rank (sorted by the test), written
# in one system call so that the workers' lines never interleave.
import os
import sys

import torch
import torch.distributed

names = ["RANK", "LOCAL_RANK", "WORLD_SIZE", "LOCAL_WORLD_SIZE", "MASTER_ADDR"]
line = " ".join(f"{n}={os.environ[n]}" for n in names) + " port_set=" + str(os.environ["MASTER_PORT"].isdigit())
line += f" argv={sys.argv[1:]!r} cuda_devices={torch.cuda.device_count()}"
line += f" launched={torch.distributed.is_torchelastic_launched()}\n"
os.write(1, line.encode())
