# A job with a 2-second timeout whose rank 1 hangs before the first all-reduce when argv[1]
# is "hang"; otherwise every rank all-reduces once (a missing rank or a busy port fails init).
import datetime
import sys
import time

import torch
import torch.distributed as dist

dist.init_process_group("gloo", timeout=datetime.timedelta(seconds=2))
if sys.argv[1] == "hang" and dist.get_rank() == 1:
    time.sleep(60)
dist.all_reduce(torch.ones(1))
