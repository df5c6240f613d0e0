"""torch.nn.parallel: DataParallel (one process, the batch split over the session's GPUs) and
DistributedDataParallel (one replica of a one-process job)."""
from torch.nn.parallel.data_parallel import DataParallel
from torch.nn.parallel.distributed import DistributedDataParallel

__all__ = ["DataParallel", "DistributedDataParallel"]
