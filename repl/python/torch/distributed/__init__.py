"""torch.distributed as one process: init_process_group reads its rendezvous (env://, tcp://,
file://) as PyTorch does; with world_size 1 and rank 0 every collective leaves its tensor as it
is. tensorplay starts no other processes, so a larger world says so instead of waiting."""
from torch.distributed.distributed_c10d import (  # noqa: F401
    Backend,
    ReduceOp,
    all_reduce,
    barrier,
    broadcast,
    destroy_process_group,
    get_backend,
    get_rank,
    get_world_size,
    init_process_group,
    is_gloo_available,
    is_initialized,
    is_mpi_available,
    is_nccl_available,
)


def is_available():
    """Whether the distributed package is built in (it is)."""
    return True
