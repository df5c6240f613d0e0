"""The default process group of this process and what acts on it: init/destroy, rank, world
size, backend and the store ranks meet at, with PyTorch's errors. The group is a Gloo group
(torch._C._distributed): 'gloo' is Gloo, and 'nccl' on simulated GPUs runs on Gloo too, with
the link's time modeled on the GPU's clock. A new tensorplay session (:reset) ends the group."""
import datetime
import enum
import os
import socket

import torch
from torch import _session
from torch._C import _distributed as _engine
from torch.distributed.rendezvous import rendezvous

DistError = _engine.DistError
DistStoreError = _engine.DistStoreError
DistNetworkError = _engine.DistNetworkError

# PyTorch's defaults: 30 minutes for a collective or the rendezvous; the store's own 5.
default_pg_timeout = datetime.timedelta(minutes=30)
_STORE_TIMEOUT = datetime.timedelta(seconds=300)


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


def _ms(timeout):
    return max(int(timeout.total_seconds() * 1000), 0)


class TCPStore(_engine.TCPStore):
    """torch.distributed.TCPStore: a key-value server on the master (is_master=True), which the
    others connect to; set/get/add/wait. get waits for its key up to the store's timeout."""

    def __init__(self, host_name, port, world_size=None, is_master=False, timeout=_STORE_TIMEOUT,
                 wait_for_workers=True, multi_tenant=False, master_listen_fd=None, use_libuv=True):
        super().__init__(host_name, port, world_size or 0, is_master, _ms(timeout),
                         wait_for_workers and world_size is not None)
        self.host = host_name

    def set(self, key, value):
        super().set(key, value.decode("latin-1") if isinstance(value, bytes) else str(value))

    def wait(self, keys, timeout=None):
        super().wait(list(keys), self.timeout_ms if timeout is None else _ms(timeout))

    @property
    def timeout(self):
        return datetime.timedelta(milliseconds=self.timeout_ms)


class _World:
    """The default group: set by init_process_group, cleared by destroy_process_group."""
    group = None     # the Gloo group (torch._C._distributed._GlooGroup)
    store = None     # the TCPStore ranks met at (None for a job of one)
    backend = None
    rank = 0
    world_size = 1
    timeout = default_pg_timeout
    hostname = "127.0.0.1"  # the address Gloo listens on (new_group's groups too)
    groups_made = 0  # new_group calls so far: every rank makes its groups in the same order


_world = _World()


class ProcessGroup:
    """A group of the job's ranks made by new_group: its own Gloo group (connected through the
    default group's store under a key prefix of its own) and the global ranks in group order."""

    def __init__(self, engine, ranks, backend):
        self.group = engine
        self.ranks = ranks
        self.backend = backend
        self.world_size = len(ranks)

    def rank(self):
        return self.group.rank()

    def size(self):
        return self.world_size


def _reset_world():
    _world.group = None
    _world.store = None
    _world.groups_made = 0


_session.on_new_session(_reset_world)  # a process group ends with its session


def _default_group():
    if _world.group is None:
        raise ValueError("Default process group has not been initialized, please make sure to call init_process_group.")
    return _world


def is_initialized():
    return _world.group is not None


def is_nccl_available():
    return True  # PyTorch's wheels ship NCCL and Gloo


def is_gloo_available():
    return True


def is_mpi_available():
    return False


def is_torchelastic_launched():
    """True in a worker of a launcher (tensorplay --nproc-per-node, torchrun)."""
    return os.getenv("TORCHELASTIC_RUN_ID") is not None


def _local_address(master_addr, port):
    """The address of this machine that reaches the master: Gloo listens there for its peers
    (127.0.0.1 on one machine). GLOO_SOCKET_IFNAME names an interface instead, as in PyTorch."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect((master_addr, port or 1))  # a UDP connect sends nothing: it only picks the route
            return s.getsockname()[0]
    except OSError:
        return "127.0.0.1"


def init_process_group(backend=None, init_method=None, timeout=None, world_size=-1, rank=-1, store=None,
                       group_name="", pg_options=None, device_id=None):
    if _world.group is not None:
        raise ValueError("trying to initialize the default process group twice!")
    backend = Backend(backend) if backend is not None else Backend.UNDEFINED
    if backend == Backend.MPI:
        raise RuntimeError("Distributed package doesn't have MPI built in. MPI is only included if you build "
                           "PyTorch from source on a host that has MPI installed.")
    if backend not in (Backend.UNDEFINED, Backend.GLOO, Backend.NCCL) and ":" not in backend:
        raise AssertionError(f"Unknown backend type {backend}")
    if "nccl" in backend and torch.cuda.device_count() == 0:
        raise RuntimeError("nccl2 requires at least one CUDA device")
    timeout = default_pg_timeout if timeout is None else timeout
    if store is None:
        host, port, rank, world_size = rendezvous(init_method if init_method is not None else "env://", rank,
                                                  world_size)
        alone = world_size == 1 and rank == 0
        if not alone:
            if host is None:
                raise NotImplementedError("tensorplay meets the ranks of a job at a TCP store: use env:// or "
                                          "tcp://HOST:PORT for more than one process (file:// is not supported)")
            store = TCPStore(host, port, world_size, rank == 0, timeout)
    else:
        if rank == -1 or world_size == -1:
            raise ValueError("rank and world_size must be given with store")
        host, port = store.host, store.port
        alone = False
    # A job of one needs no meeting point: its group connects to itself in-process.
    hostname = "127.0.0.1" if alone else _local_address(host, port)
    group = _engine._GlooGroup(None if alone else store, rank, world_size, _ms(timeout), hostname,
                               os.environ.get("GLOO_SOCKET_IFNAME", ""))
    _world.group = group
    _world.store = store
    _world.hostname = hostname
    _world.backend = str(backend)
    _world.rank = rank
    _world.world_size = world_size
    _world.timeout = timeout


def destroy_process_group(group=None):
    if _world.group is None:
        raise AssertionError("Process group cannot be None")
    _reset_world()


def new_group(ranks=None, timeout=None, backend=None, pg_options=None, use_local_synchronization=False,
              group_desc=None, device_id=None):
    """A process group of `ranks` (all when None). Every rank of the job calls it, in the same
    order; a rank outside `ranks` gets GroupMember.NON_GROUP_MEMBER."""
    from torch.distributed._collectives import GroupMember
    world = _default_group()
    ranks = sorted(range(world.world_size) if ranks is None else ranks)
    for r in ranks:
        if r < 0 or r >= world.world_size:
            raise ValueError(f"Rank {r} is out of range. Valid ranks are 0 to {world.world_size - 1} "
                             f"(world_size={world.world_size})")
    _world.groups_made += 1
    if world.rank not in ranks:
        return GroupMember.NON_GROUP_MEMBER
    timeout = world.timeout if timeout is None else timeout
    engine = _engine._GlooGroup(world.store, ranks.index(world.rank), len(ranks), _ms(timeout), world.hostname,
                                os.environ.get("GLOO_SOCKET_IFNAME", ""), f"group{_world.groups_made}/")
    return ProcessGroup(engine, ranks, world.backend if backend is None else str(Backend(backend)))


def _non_member(group):
    from torch.distributed._collectives import GroupMember
    return group is GroupMember.NON_GROUP_MEMBER


def get_rank(group=None):
    if _non_member(group):
        return -1
    if isinstance(group, ProcessGroup):
        return group.rank()  # the rank within the group
    return _default_group().rank


def get_world_size(group=None):
    if _non_member(group):
        return -1
    return group.world_size if isinstance(group, ProcessGroup) else _default_group().world_size


def get_backend(group=None):
    if _non_member(group):
        raise ValueError("Invalid process group specified")
    return group.backend if isinstance(group, ProcessGroup) else _default_group().backend


def get_group_rank(group, global_rank):
    """global_rank's rank within group."""
    if not isinstance(group, ProcessGroup):
        return global_rank
    if global_rank not in group.ranks:
        raise ValueError(f"Global rank {global_rank} is not part of group {group}")
    return group.ranks.index(global_rank)


def get_global_rank(group, group_rank):
    """The job's rank of group's rank group_rank."""
    if not isinstance(group, ProcessGroup):
        return group_rank
    if not 0 <= group_rank < group.world_size:
        raise ValueError(f"Group rank {group_rank} is not part of group {group}")
    return group.ranks[group_rank]


def get_process_group_ranks(group):
    from torch.distributed._collectives import GroupMember
    if group is None or group is GroupMember.WORLD:
        return list(range(_default_group().world_size))
    return list(group.ranks)
