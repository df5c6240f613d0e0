"""What vmap's batching rules share: the batched value of an argument, aligning a batch with
the samples' broadcasting, dims as the batched value's, and the in-place check."""
import torch
from torch.func._batched_tensor import BatchedTensor, batch_size, unwrap

INPLACE = ("vmap: inplace arithmetic(self, *extra_args) is not possible because there exists a Tensor `other` in "
           "extra_args that has more elements than `self`. This happened due to `other` being vmapped over but "
           "`self` not being vmapped over in a vmap. Please try to use out-of-place operators instead of inplace "
           "arithmetic. If said operator is being called inside the PyTorch framework, please file a bug report "
           "instead.")


def is_tensor(x):
    return isinstance(x, torch.Tensor)  # a BatchedTensor of any level too


def batched_at(x, level):
    return type(x) is BatchedTensor and x._level == level


def materialize(x, level):
    """x's value batched at level: an unbatched tensor is expanded to the batch."""
    value, batched = unwrap(x, level)
    return value if batched else x.unsqueeze(0).expand(batch_size(level), *x.shape)


def pad(value, rank, to_rank):
    """A batched value of the sample rank `rank` with size-1 dims after the batch up to `to_rank`,
    so that it broadcasts against the other operands as the samples do."""
    for _ in range(to_rank - rank):
        value = value.unsqueeze(1)
    return value


def check_inplace(name, args, level):
    if name.endswith("_") and args and not batched_at(args[0], level):
        raise RuntimeError(INPLACE)


def shift(dim, rank):
    """A sample dim as the batched value's dim (the batch is dim 0), checked as PyTorch checks it."""
    if isinstance(dim, (list, tuple)):
        return type(dim)(shift(d, rank) for d in dim)
    top = max(rank, 1)
    if not -top <= dim < top:
        raise IndexError(f"Dimension out of range (expected to be in range of [{-top}, {top - 1}], but got {dim})")
    return dim % top + 1


def is_dim(v):
    if isinstance(v, (list, tuple)):
        return len(v) > 0 and all(isinstance(d, int) and not isinstance(d, bool) for d in v)
    return isinstance(v, int) and not isinstance(v, bool)

