"""The default process group of this session and what acts on it: init/destroy, rank, world
size, backend, barrier and the collectives (identities with one process), with PyTorch's
errors. A new tensorplay session (:reset, the next test) ends the group."""
import enum

import torch
from torch.distributed.rendezvous import rendezvous


class RedOpType(enum.Enum):
    """torch.distributed.ReduceOp's values: str() is 'RedOpType.SUM', repr '<RedOpType.MAX: 4>'."""
    SUM = 0
    AVG = 1
    PRODUCT = 2
    MIN = 3
    MAX = 4
    BAND = 5
    BOR = 6
    BXOR = 7
    PREMUL_SUM = 8


class ReduceOp:
    """How all_reduce combines the ranks' tensors (dist.ReduceOp.SUM, ...)."""
    RedOpType = RedOpType


for _op in RedOpType:
    setattr(ReduceOp, _op.name, _op)


class Backend(str):
    """A backend name, lower-cased: Backend('GLOO') == 'gloo'."""
    UNDEFINED = "undefined"
    GLOO = "gloo"
    NCCL = "nccl"
    MPI = "mpi"

    def __new__(cls, name):
        if not isinstance(name, str):
            raise ValueError("Backend constructor parameter must be string-ish")
        return str.__new__(cls, name.lower())


class _World:
    """The default group: set by init_process_group, cleared by destroy_process_group."""
    initialized = False
    backend = None
    rank = 0
    world_size = 1


_world = _World()


def _reset_world():
    _world.initialized = False


try:  # the front end's per-session hook: a process group ends with its session
    from tensorplay.session import on_new_session
    on_new_session(_reset_world)
except ImportError:
    pass


def _default_group():
    if not _world.initialized:
        raise ValueError("Default process group has not been initialized, please make sure to call init_process_group.")
    return _world


def is_initialized():
    return _world.initialized


def is_nccl_available():
    return True  # PyTorch's wheels ship NCCL and Gloo


def is_gloo_available():
    return True


def is_mpi_available():
    return False


def init_process_group(backend=None, init_method=None, timeout=None, world_size=-1, rank=-1, store=None,
                       group_name="", pg_options=None, device_id=None):
    if _world.initialized:
        raise ValueError("trying to initialize the default process group twice!")
    if store is not None:
        raise NotImplementedError("init_process_group(store=...) is not supported by tensorplay")
    backend = Backend(backend) if backend is not None else Backend.UNDEFINED
    if backend == Backend.MPI:
        raise RuntimeError("Distributed package doesn't have MPI built in. MPI is only included if you build "
                           "PyTorch from source on a host that has MPI installed.")
    rank, world_size = rendezvous(init_method if init_method is not None else "env://", rank, world_size)
    # PyTorch would now wait for the other processes to join; there are none to wait for.
    if world_size != 1:
        raise RuntimeError(f"tensorplay runs one process, so world_size must be 1 (got {world_size}): with more, "
                           "init_process_group would wait forever for processes that never start. Real multi-GPU "
                           "DDP launches one process per GPU with torchrun (torchrun --nproc_per_node=N train.py), "
                           "which sets RANK and WORLD_SIZE for each.")
    if rank != 0:
        raise RuntimeError(f"tensorplay runs one process, so its rank must be 0 (got {rank}): rank r of a real "
                           "job is the r-th process torchrun starts.")
    if backend not in (Backend.UNDEFINED, Backend.GLOO, Backend.NCCL) and ":" not in backend:
        raise AssertionError(f"Unknown backend type {backend}")
    if "nccl" in backend and torch.cuda.device_count() == 0:
        raise RuntimeError("nccl2 requires at least one CUDA device")
    _world.initialized = True
    _world.backend = str(backend)
    _world.rank = rank
    _world.world_size = world_size


def destroy_process_group(group=None):
    if not _world.initialized:
        raise AssertionError("Process group cannot be None")
    _world.initialized = False


def get_rank(group=None):
    return _default_group().rank


def get_world_size(group=None):
    return _default_group().world_size


def get_backend(group=None):
    return _default_group().backend


def barrier(group=None, async_op=False, device_ids=None):
    _default_group()


def _check_tensor(tensor, name):
    if not isinstance(tensor, torch.Tensor):
        raise TypeError(f"Invalid function argument. Expected parameter `{name}` of type torch.Tensor\n"
                        f"             but got {type(tensor)} instead.")


# torch.int64 -> "Long": the names PyTorch's cast errors use.
_LEGACY_NAMES = {"int64": "Long", "int32": "Int", "int16": "Short", "int8": "Char", "uint8": "Byte", "bool": "Bool"}


def all_reduce(tensor, op=ReduceOp.SUM, group=None, async_op=False):
    """With one process every reduction of the one tensor is that tensor."""
    _check_tensor(tensor, "tensor")
    _default_group()
    if async_op:
        raise NotImplementedError("all_reduce(async_op=True) is not supported by tensorplay")
    if not isinstance(op, RedOpType):
        raise TypeError(f"all_reduce(): op must be a torch.distributed.ReduceOp, not {type(op).__name__}")
    # AVG divides the sum by the world size, which an integer tensor cannot hold.
    if op is RedOpType.AVG and not tensor.is_floating_point():
        name = _LEGACY_NAMES.get(str(tensor.dtype).replace("torch.", ""), str(tensor.dtype))
        raise RuntimeError(f"result type Float can't be cast to the desired output type {name}")


def broadcast(tensor, src=None, group=None, async_op=False, group_src=None):
    """With one process the only source is rank 0, whose tensor stays as it is."""
    _check_tensor(tensor, "tensor")
    world = _default_group()
    src = group_src if src is None else src
    if src is None:
        src = 0
    if src != 0:
        pg = "ProcessGroupNCCL" if world.backend == "nccl" else "ProcessGroupGloo"
        raise RuntimeError(f"{pg}::broadcast: invalid root rank: {src}")
