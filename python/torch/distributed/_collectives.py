"""The collectives, rooted ones (reduce, gather, scatter) and point-to-point transfers (send,
recv, isend, irecv) on the default group or one from new_group: PyTorch's argument checks and
texts, then the Gloo group. A tensor the group cannot reach in place (not contiguous, on a real
GPU, or on a simulated GPU under 'gloo', which copies device tensors through the host as
PyTorch's Gloo group does) is staged through a contiguous CPU copy and written back."""
import contextlib
import pickle
import warnings

import torch
from torch._C import _distributed as _engine
from torch.distributed.distributed_c10d import (
    ProcessGroup, RedOpType, _default_group, get_global_rank, get_group_rank, get_rank,
)

# torch.int64 -> "Long": the names PyTorch's cast errors use.
_LEGACY_NAMES = {"int64": "Long", "int32": "Int", "int16": "Short", "int8": "Char", "uint8": "Byte", "bool": "Bool"}
_GLOO_OPS = {RedOpType.SUM: _engine._Reduction.SUM, RedOpType.AVG: _engine._Reduction.SUM,
             RedOpType.PRODUCT: _engine._Reduction.PRODUCT, RedOpType.MIN: _engine._Reduction.MIN,
             RedOpType.MAX: _engine._Reduction.MAX, RedOpType.BAND: _engine._Reduction.BAND,
             RedOpType.BOR: _engine._Reduction.BOR, RedOpType.BXOR: _engine._Reduction.BXOR}


class Work:
    """What async_op=True returns. tensorplay's collectives finish before returning, so it is
    already complete; wait() is there for code written for overlapping communication. isend /
    irecv return a _Transfer, which finishes in wait()."""

    def wait(self, timeout=None):
        return True

    def is_completed(self):
        return True

    def is_success(self):
        return True


class _Transfer(Work):
    """A started send or receive: wait() finishes it (a staged receive is then copied back)."""

    def __init__(self, engine_transfer, receiving, tensor, buf):
        self._transfer = engine_transfer
        self._receiving = receiving
        self._tensor, self._buf = tensor, buf  # alive until the transfer is done
        self._done = False
        self._source = None

    def wait(self, timeout=None):
        if not self._done:
            if self._receiving:
                self._source = self._transfer.wait_recv()
                if self._buf is not self._tensor:
                    with torch.no_grad():
                        self._tensor.copy_(self._buf)
            else:
                self._transfer.wait_send()
            self._done = True
        return True

    def is_completed(self):
        return self._done

    def _source_rank(self):
        self.wait()
        return self._source


def _done(async_op):
    return Work() if async_op else None


def _check_tensor(tensor, name):
    if not isinstance(tensor, torch.Tensor):
        raise TypeError(f"Invalid function argument. Expected parameter `{name}` of type torch.Tensor\n"
                        f"             but got {type(tensor)} instead.")


def _check_tensor_list(tensors, name):
    if not isinstance(tensors, list):
        raise TypeError(f"Invalid function argument. Expected parameter `{name}` of type List[torch.Tensor]\n"
                        f"             but got {type(tensors)} instead.")
    if not all(isinstance(t, torch.Tensor) for t in tensors):
        raise TypeError(f"Invalid function argument. Expected parameter `{name}` of type List[torch.Tensor]\n"
                        f"             but got {type(tensors)} with elements of type {[type(t) for t in tensors]}.")


def _same_dtype(*tensors):
    last = None
    for t in tensors:
        if last is not None and t.dtype != last:
            raise ValueError(f"Invalid usage of tensors with different dtypesFound {last} and  {t.dtype}")
        last = t.dtype


def _world_for(group, *tensors):
    """The group to run on (the default one for None or group.WORLD), or None on a rank that is
    not in `group`."""
    world = _default_group()
    if group is GroupMember.NON_GROUP_MEMBER:
        return None
    if isinstance(group, ProcessGroup):
        world = group
    elif group is not None and group is not GroupMember.WORLD:
        raise TypeError(f"Invalid process group: {group!r}")
    for t in tensors:
        if world.backend == "nccl" and t.device.type == "cpu":
            raise RuntimeError("No backend type associated with device type cpu")
    return world


def _warn_not_in_group(op_name):
    warnings.warn(f"Running {op_name} on global rank {get_rank()} which does not belong to the given group.",
                  stacklevel=3)


def _group_rank(group, world, global_rank, group_rank):
    """_canonicalize_group_rank: the root or peer within the group, given one way or the other."""
    if group_rank is not None:
        if global_rank is not None:
            raise ValueError("Can't specify both group_rank and global_rank")
        return group_rank
    if global_rank is None:
        raise ValueError("Must specify global_rank or group_rank")
    return get_group_rank(world if isinstance(world, ProcessGroup) else None, global_rank)


def _in_place(world, tensor):
    """Whether the group can work on the tensor's memory directly."""
    if not tensor.is_contiguous():
        return False
    if tensor.device.type == "cpu":
        return True
    return world.backend == "nccl" and _engine._on_simulated_gpu(tensor)


@contextlib.contextmanager
def _staged(world, tensor):
    """The tensor itself, or a contiguous CPU copy written back into it afterwards."""
    if _in_place(world, tensor):
        yield tensor
        return
    buf = tensor.detach().to("cpu").contiguous()
    yield buf
    with torch.no_grad():
        tensor.copy_(buf)


def all_reduce(tensor, op=RedOpType.SUM, group=None, async_op=False):
    _check_tensor(tensor, "tensor")
    world = _world_for(group, tensor)
    if world is None:
        _warn_not_in_group("all_reduce")
        return None
    if not isinstance(op, RedOpType) or op not in _GLOO_OPS:
        raise TypeError(f"all_reduce(): op must be a torch.distributed.ReduceOp other than PREMUL_SUM, not {op!r}")
    if op in (RedOpType.BAND, RedOpType.BOR, RedOpType.BXOR) and tensor.is_floating_point():
        raise RuntimeError(f"Cannot use ReduceOp.{op.name} with non-integral dtype")
    # AVG divides the sum by the world size, which an integer tensor cannot hold.
    if op is RedOpType.AVG and not tensor.is_floating_point():
        name = _LEGACY_NAMES.get(str(tensor.dtype).replace("torch.", ""), str(tensor.dtype))
        raise RuntimeError(f"result type Float can't be cast to the desired output type {name}")
    with _staged(world, tensor) as buf:
        world.group.allreduce(buf, _GLOO_OPS[op])
        if op is RedOpType.AVG:
            with torch.no_grad():
                buf.div_(world.world_size)
    return _done(async_op)


def _pg_name(world):
    return "ProcessGroupNCCL" if world.backend == "nccl" else "ProcessGroupGloo"


def broadcast(tensor, src=None, group=None, async_op=False, group_src=None):
    _check_tensor(tensor, "tensor")
    world = _world_for(group, tensor)
    if world is None:
        _warn_not_in_group("broadcast")
        return None
    src = _group_rank(group, world, 0 if src is None and group_src is None else src, group_src)
    if not 0 <= src < world.world_size:
        raise RuntimeError(f"{_pg_name(world)}::broadcast: invalid root rank: {src}")
    with _staged(world, tensor) as buf:
        world.group.broadcast(buf, src)
    return _done(async_op)


def all_gather_into_tensor(output_tensor, input_tensor, group=None, async_op=False):
    _check_tensor(output_tensor, "output_tensor")
    _check_tensor(input_tensor, "input_tensor")
    _same_dtype(output_tensor, input_tensor)
    world = _world_for(group, output_tensor, input_tensor)
    if world is None:
        _warn_not_in_group("all_gather_into_tensor")
        return None
    if output_tensor.numel() != input_tensor.numel() * world.world_size:
        raise RuntimeError(f"{_pg_name(world)}::_allgather_base: output tensor size must be equal to "
                           "world_size times input tensor size")
    with _staged(world, input_tensor) as inp, _staged(world, output_tensor) as out:
        world.group.allgather(out, inp)
    return _done(async_op)


def all_gather(tensor_list, tensor, group=None, async_op=False):
    _check_tensor_list(tensor_list, "tensor_list")
    _check_tensor(tensor, "tensor")
    _same_dtype(*tensor_list, tensor)
    world = _world_for(group, tensor, *tensor_list)
    if world is None:
        _warn_not_in_group("all_gather")
        return None
    if len(tensor_list) != world.world_size:
        raise RuntimeError(f"{_pg_name(world)}::allgather: invalid output tensor list at index 0 (expected length "
                           f"{world.world_size}, got {len(tensor_list)})")
    for i, t in enumerate(tensor_list):
        if t.shape != tensor.shape:
            raise RuntimeError(f"{_pg_name(world)}::allgather: invalid tensor size at index {i} (expected "
                               f"({', '.join(map(str, tensor.shape))}), got ({', '.join(map(str, t.shape))}))")
    flat = torch.empty((world.world_size,) + tuple(tensor.shape), dtype=tensor.dtype, device=tensor.device)
    all_gather_into_tensor(flat, tensor, group)
    with torch.no_grad():
        for i, t in enumerate(tensor_list):
            t.copy_(flat[i])
    return _done(async_op)


def reduce_scatter_tensor(output, input, op=RedOpType.SUM, group=None, async_op=False):
    _check_tensor(output, "output")
    _check_tensor(input, "input")
    _same_dtype(output, input)
    world = _world_for(group, output, input)
    if world is None:
        _warn_not_in_group("reduce_scatter_tensor")
        return None
    if output.numel() * world.world_size != input.numel():
        raise RuntimeError(f"{_pg_name(world)}::_reduce_scatter_base: input tensor must be the same size as "
                           "output size times world size")
    if op is RedOpType.AVG and not output.is_floating_point():
        name = _LEGACY_NAMES.get(str(output.dtype).replace("torch.", ""), str(output.dtype))
        raise RuntimeError(f"result type Float can't be cast to the desired output type {name}")
    with _staged(world, input) as inp, _staged(world, output) as out:
        world.group.reduce_scatter(out, inp, _GLOO_OPS[op])
        if op is RedOpType.AVG:
            with torch.no_grad():
                out.div_(world.world_size)
    return _done(async_op)


def reduce_scatter(output, input_list, op=RedOpType.SUM, group=None, async_op=False):
    _check_tensor(output, "output")
    _check_tensor_list(input_list, "input_list")
    _same_dtype(output, *input_list)
    world = _world_for(group, output, *input_list)
    if world is None:
        _warn_not_in_group("reduce_scatter")
        return None
    if len(input_list) != world.world_size:
        raise RuntimeError(f"{_pg_name(world)}::reduce_scatter: invalid input tensor list (expected length "
                           f"{world.world_size}, got {len(input_list)})")
    for t in input_list:
        if t.shape != output.shape:
            raise RuntimeError(f"{_pg_name(world)}::reduce_scatter: invalid tensor size (expected "
                               f"({', '.join(map(str, output.shape))}), got ({', '.join(map(str, t.shape))}))")
    return reduce_scatter_tensor(output, torch.stack(input_list), op, group, async_op)


def all_gather_object(object_list, obj, group=None):
    """Every rank's picklable `obj`, in rank order, into object_list (as long as the world):
    pickled to bytes, the lengths gathered, then the bytes padded to the longest and gathered."""
    world = _world_for(group)
    if world is None:
        _warn_not_in_group("all_gather_object")
        return
    # nccl moves tensors between GPUs only: the bytes travel on the current CUDA device.
    device = torch.device("cuda", torch.cuda.current_device()) if world.backend == "nccl" else torch.device("cpu")
    data = pickle.dumps(obj)
    sizes = torch.zeros(world.world_size, dtype=torch.int64, device=device)
    all_gather_into_tensor(sizes, torch.tensor([len(data)], dtype=torch.int64, device=device), group)
    longest = int(sizes.max().item())
    mine = torch.zeros(longest, dtype=torch.uint8)
    mine[:len(data)] = torch.tensor(list(data), dtype=torch.uint8)
    everyone = torch.zeros(world.world_size * longest, dtype=torch.uint8, device=device)
    all_gather_into_tensor(everyone, mine.to(device), group)
    everyone = everyone.cpu()
    for r, size in enumerate(sizes.tolist()):
        object_list[r] = pickle.loads(bytes(everyone[r * longest:r * longest + size].tolist()))


def barrier(group=None, async_op=False, device_ids=None):
    world = _world_for(group)
    if world is None:
        _warn_not_in_group("barrier")
        return None
    world.group.barrier()
    return _done(async_op)


def reduce(tensor, dst=None, op=RedOpType.SUM, group=None, async_op=False, group_dst=None):
    """The reduction over ranks into dst's tensor (the others' hold Gloo's partial results)."""
    _check_tensor(tensor, "tensor")
    world = _world_for(group, tensor)
    if world is not None:
        dst = _group_rank(group, world, dst, group_dst)
    if world is None:
        _warn_not_in_group("reduce")
        return None
    if not isinstance(op, RedOpType) or op not in _GLOO_OPS or op is RedOpType.AVG:
        raise ValueError(f"Cannot use ReduceOp.{getattr(op, 'name', op)} with Gloo")
    if op in (RedOpType.BAND, RedOpType.BOR, RedOpType.BXOR) and tensor.is_floating_point():
        raise RuntimeError(f"Cannot use ReduceOp.{op.name} with non-integral dtype")
    if not 0 <= dst < world.world_size:
        raise RuntimeError(f"{_pg_name(world)}::reduce: invalid root rank: {dst}")
    with _staged(world, tensor) as buf:
        world.group.reduce(buf, _GLOO_OPS[op], dst)
    return _done(async_op)


def _validate_output_list_for_rank(my_rank, dst, gather_list):
    if dst == my_rank:
        if not gather_list:
            raise ValueError("Argument ``gather_list`` must be specified on destination rank.")
    elif gather_list:
        raise ValueError("Argument ``gather_list`` must NOT be specified on non-destination ranks.")


def gather(tensor, gather_list=None, dst=None, group=None, async_op=False, group_dst=None):
    """Every rank's tensor into dst's gather_list, in rank order."""
    _check_tensor(tensor, "tensor")
    if gather_list:
        _check_tensor_list(gather_list, "gather_list")
    else:
        gather_list = []
    _same_dtype(tensor, *gather_list)
    world = _world_for(group, tensor, *gather_list)
    if world is None:
        _warn_not_in_group("gather")
        return None
    dst = _group_rank(group, world, 0 if dst is None and group_dst is None else dst, group_dst)
    me = world.group.rank()
    _validate_output_list_for_rank(me, dst, gather_list)
    if me == dst:
        if len(gather_list) != world.world_size:
            raise RuntimeError(f"{_pg_name(world)}::gather: Incorrect output list size {len(gather_list)}. "
                               f"Output list size should be {world.world_size}, same as size of the process group.")
        for t in gather_list:
            if t.shape != tensor.shape:
                raise RuntimeError(f"{_pg_name(world)}::gather: invalid tensor size (expected "
                                   f"({', '.join(map(str, tensor.shape))}), got ({', '.join(map(str, t.shape))}))")
    flat = torch.empty((world.world_size,) + tuple(tensor.shape), dtype=tensor.dtype, device=tensor.device) \
        if me == dst else tensor
    with _staged(world, tensor) as inp, _staged(world, flat) as out:
        world.group.gather(out, inp, dst)
    if me == dst:
        with torch.no_grad():
            for i, t in enumerate(gather_list):
                t.copy_(flat[i])
    return _done(async_op)


def scatter(tensor, scatter_list=None, src=None, group=None, async_op=False, group_src=None):
    """Chunk r of src's scatter_list into rank r's tensor."""
    _check_tensor(tensor, "tensor")
    if scatter_list:
        _check_tensor_list(scatter_list, "scatter_list")
    else:
        scatter_list = []
    _same_dtype(tensor, *scatter_list)
    world = _world_for(group, tensor, *scatter_list)
    if world is not None:
        src = _group_rank(group, world, 0 if src is None and group_src is None else src, group_src)
    if world is None:
        _warn_not_in_group("scatter")
        return None
    me = world.group.rank()
    if me == src:
        if not scatter_list:
            raise ValueError("Argument ``scatter_list`` must be specified on source rank.")
        if len(scatter_list) != world.world_size:
            raise RuntimeError(f"{_pg_name(world)}::scatter: Incorrect input list size {len(scatter_list)}. "
                               f"Input list size should be {world.world_size}, same as size of the process group.")
        for t in scatter_list:
            if t.shape != tensor.shape:
                raise RuntimeError(f"{_pg_name(world)}::scatter: invalid tensor size (expected "
                                   f"({', '.join(map(str, tensor.shape))}), got ({', '.join(map(str, t.shape))}))")
        source = torch.stack([t.detach().to(tensor.device) for t in scatter_list])
    elif scatter_list:
        raise ValueError("Argument ``scatter_list`` must NOT be specified on non-source ranks.")
    else:
        source = tensor
    with _staged(world, source) as inp, _staged(world, tensor) as out:
        world.group.scatter(out, inp, src)
    return _done(async_op)


def _start(world, tensor, receiving, peer, tag):
    """Starts a transfer of the tensor (or of a contiguous CPU copy, written back by wait())."""
    if not tensor.is_contiguous():
        raise RuntimeError("input tensor has to be contiguous")
    buf = tensor if _in_place(world, tensor) else tensor.detach().to("cpu").contiguous()
    if receiving:
        transfer = world.group.start_recv(buf, peer, tag)
    else:
        transfer = world.group.start_send(buf, peer, tag)
    return _Transfer(transfer, receiving, tensor, buf)


def isend(tensor, dst=None, group=None, tag=0, group_dst=None):
    """Starts sending the tensor to dst; the returned work's wait() finishes it."""
    world = _world_for(group)
    if world is not None:
        dst = _group_rank(group, world, dst, group_dst)
    _check_tensor(tensor, "tensor")
    _world_for(group, tensor)
    if world is None:
        _warn_not_in_group("isend")
        return None
    return _start(world, tensor, False, dst, tag)


def irecv(tensor, src=None, group=None, tag=0, group_src=None):
    """Starts receiving into the tensor from src (any rank when None); wait() finishes it."""
    _check_tensor(tensor, "tensor")
    world = _world_for(group, tensor)
    if world is None:
        _warn_not_in_group("irecv")
        return None
    if src is None and group_src is None:
        peers = [r for r in range(world.world_size) if r != world.group.rank()]
        return _start(world, tensor, True, peers, tag)
    return _start(world, tensor, True, [_group_rank(group, world, src, group_src)], tag)


def send(tensor, dst=None, group=None, tag=0, group_dst=None):
    world = _world_for(group)
    if world is not None:
        dst = _group_rank(group, world, dst, group_dst)
        if world.group.rank() == dst:
            raise ValueError("Invalid destination rank: destination rank should not be the same as the rank of the "
                             "current process.")
    work = isend(tensor, group=group, tag=tag, group_dst=dst)
    if work is not None:
        work.wait()


def recv(tensor, src=None, group=None, tag=0, group_src=None):
    """Receives into the tensor; returns the sender's rank (-1 on a rank not in the group)."""
    work = irecv(tensor, src=src, group=group, tag=tag, group_src=group_src)
    if work is None:
        return -1
    work.wait()
    world = _world_for(group)
    return get_global_rank(world if isinstance(world, ProcessGroup) else None, work._source_rank())


class GroupMember:
    """dist.GroupMember.WORLD / dist.group.WORLD: the default group, as an object to pass."""
    WORLD = object()
    NON_GROUP_MEMBER = object()


group = GroupMember
