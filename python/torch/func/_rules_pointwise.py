"""vmap's rule for elementwise and broadcasting ops: the batched operands padded after the batch
to the samples' common rank, so that the op broadcasts them as it would the samples."""
from torch.func._batched_tensor import unwrap, wrap
from torch.func._rules_common import check_inplace, is_tensor, pad


def elementwise(name, call, args, kwargs, level):
    # an in-place op into an unbatched self fails in the op itself, with PyTorch's broadcast error
    rank = max([x.dim() for x in list(args) + list(kwargs.values()) if is_tensor(x)], default=0)

    def align(x):
        value, batched = unwrap(x, level)
        return pad(value, x.dim(), rank) if batched else x
    out = call(*[align(a) for a in args], **{k: align(v) for k, v in kwargs.items()})
    return args[0] if name.endswith("_") else wrap(out, level)


def copy_(name, call, args, kwargs, level):
    """self.copy_(src): src broadcast to self's shape, as the samples do."""
    check_inplace(name, args, level)
    src = args[1]
    value, batched = unwrap(src, level)
    call(args[0]._value, pad(value, src.dim(), args[0].dim()) if batched else src, *args[2:], **kwargs)
    return args[0]
