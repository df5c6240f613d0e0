"""The collectives on the default group: PyTorch's argument checks and texts, then the Gloo
group. A tensor the group cannot reach in place (not contiguous, on a real GPU, or on a
simulated GPU under 'gloo', which copies device tensors through the host as PyTorch's Gloo
group does) is staged through a contiguous CPU copy and written back."""
import contextlib
import pickle

import torch
from torch._C import _distributed as _engine
from torch.distributed.distributed_c10d import RedOpType, _default_group

# torch.int64 -> "Long": the names PyTorch's cast errors use.
_LEGACY_NAMES = {"int64": "Long", "int32": "Int", "int16": "Short", "int8": "Char", "uint8": "Byte", "bool": "Bool"}
_GLOO_OPS = {RedOpType.SUM: _engine._Reduction.SUM, RedOpType.AVG: _engine._Reduction.SUM,
             RedOpType.PRODUCT: _engine._Reduction.PRODUCT, RedOpType.MIN: _engine._Reduction.MIN,
             RedOpType.MAX: _engine._Reduction.MAX, RedOpType.BAND: _engine._Reduction.BAND,
             RedOpType.BOR: _engine._Reduction.BOR, RedOpType.BXOR: _engine._Reduction.BXOR}


class Work:
    """What async_op=True returns. tensorplay's collectives finish before returning, so it is
    already complete; wait() is there for code written for overlapping communication."""

    def wait(self, timeout=None):
        return True

    def is_completed(self):
        return True

    def is_success(self):
        return True


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
    if group is not None and group is not GroupMember.WORLD:
        raise NotImplementedError("tensorplay has one process group, the default one: pass group=None")
    world = _default_group()
    for t in tensors:
        if world.backend == "nccl" and t.device.type == "cpu":
            raise RuntimeError("No backend type associated with device type cpu")
    return world


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
    src = group_src if src is None else src
    if src is None:
        src = 0
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
    if len(tensor_list) != world.world_size:
        raise RuntimeError(f"{_pg_name(world)}::allgather: invalid output tensor list at index 0 (expected length "
                           f"{world.world_size}, got {len(tensor_list)})")
    for i, t in enumerate(tensor_list):
        if t.shape != tensor.shape:
            raise RuntimeError(f"{_pg_name(world)}::allgather: invalid tensor size at index {i} (expected "
                               f"({', '.join(map(str, tensor.shape))}), got ({', '.join(map(str, t.shape))}))")
    flat = torch.empty((world.world_size,) + tuple(tensor.shape), dtype=tensor.dtype, device=tensor.device)
    all_gather_into_tensor(flat, tensor)
    with torch.no_grad():
        for i, t in enumerate(tensor_list):
            t.copy_(flat[i])
    return _done(async_op)


def reduce_scatter_tensor(output, input, op=RedOpType.SUM, group=None, async_op=False):
    _check_tensor(output, "output")
    _check_tensor(input, "input")
    _same_dtype(output, input)
    world = _world_for(group, output, input)
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
    # nccl moves tensors between GPUs only: the bytes travel on the current CUDA device.
    device = torch.device("cuda", torch.cuda.current_device()) if world.backend == "nccl" else torch.device("cpu")
    data = pickle.dumps(obj)
    sizes = torch.zeros(world.world_size, dtype=torch.int64, device=device)
    all_gather_into_tensor(sizes, torch.tensor([len(data)], dtype=torch.int64, device=device))
    longest = int(sizes.max().item())
    mine = torch.zeros(longest, dtype=torch.uint8)
    mine[:len(data)] = torch.tensor(list(data), dtype=torch.uint8)
    everyone = torch.zeros(world.world_size * longest, dtype=torch.uint8, device=device)
    all_gather_into_tensor(everyone, mine.to(device))
    everyone = everyone.cpu()
    for r, size in enumerate(sizes.tolist()):
        object_list[r] = pickle.loads(bytes(everyone[r * longest:r * longest + size].tolist()))


def barrier(group=None, async_op=False, device_ids=None):
    world = _world_for(group)
    world.group.barrier()
    return _done(async_op)


class GroupMember:
    """dist.GroupMember.WORLD / dist.group.WORLD: the default group, as an object to pass."""
    WORLD = object()
    NON_GROUP_MEMBER = object()


group = GroupMember
