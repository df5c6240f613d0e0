"""torch.nn.parallel: DataParallel (one process, the batch split over the session's GPUs) and
DistributedDataParallel (one replica of a one-process job)."""
from torch.nn.parallel.data_parallel import DataParallel

__all__ = ["DataParallel", "DistributedDataParallel"]


def __getattr__(name):
    # Lazy, so that DataParallel works where torch.distributed cannot (the web build).
    if name == "DistributedDataParallel":
        from torch.nn.parallel.distributed import DistributedDataParallel
        return DistributedDataParallel
    raise AttributeError(f"module 'torch.nn.parallel' has no attribute '{name}'")
