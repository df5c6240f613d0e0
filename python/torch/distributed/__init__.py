"""torch.distributed: a process group over Gloo across the processes of a job (started by
`tensorplay --nproc-per-node N run train.py`, like torchrun), meeting at a TCPStore (env://,
tcp://), with PyTorch's collectives, point-to-point transfers, groups of ranks and errors. A job of one process runs in-process."""
from torch import _C

if not hasattr(_C, "_distributed"):  # the web build: no Gloo, no processes, no TCP
    raise ImportError("torch.distributed needs several processes and TCP, which a browser tab does not have: "
                      "run it in tensorplay's native build (make run)")
from torch.distributed._collectives import (  # noqa: F401
    GroupMember,
    Work,
    all_gather,
    all_gather_object,
    all_gather_into_tensor,
    all_reduce,
    barrier,
    broadcast,
    gather,
    group,
    irecv,
    isend,
    recv,
    reduce,
    reduce_scatter,
    reduce_scatter_tensor,
    scatter,
    send,
)
from torch.distributed.distributed_c10d import (  # noqa: F401
    Backend,
    DistError,
    DistNetworkError,
    DistStoreError,
    ProcessGroup,
    ReduceOp,
    TCPStore,
    default_pg_timeout,
    destroy_process_group,
    get_backend,
    get_global_rank,
    get_group_rank,
    get_process_group_ranks,
    get_rank,
    get_world_size,
    init_process_group,
    is_gloo_available,
    is_initialized,
    is_mpi_available,
    is_nccl_available,
    is_torchelastic_launched,
    new_group,
)


def is_available():
    """Whether the distributed package is built in (it is)."""
    return True
