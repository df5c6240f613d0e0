"""vmap's rules for random ops (randomness='error' refuses them, 'different' draws per sample,
'same' draws once for all) and for ops whose output shape depends on the values (refused)."""
import torch
from torch.func._batched_tensor import batch_size, hook_off, randomness, unwrap, wrap
from torch.func._rules_common import batched_at, check_inplace
from torch.func._rules_dims import dim_rule
from torch.func._rules_pointwise import elementwise

RANDOM_ERROR = ("vmap: called random operation while in randomness error mode. Please either use the 'same' or "
                "'different' randomness flags on vmap or perform the randomness operation out of vmap")
DYNAMIC_ERROR = ("vmap: We do not support batching operators that can output dynamic shape. Attempted to vmap "
                 "over aten::{}. Please file an issue at https://github.com/pytorch/pytorch/issues if you need this feature.")

CREATION = ("rand", "randn", "randint", "randperm", "normal")  # the random ops that take a size


def random(name, call, args, kwargs, level):
    def plain(*a, **k):  # the op itself, past the hook (which would hand it back here)
        with hook_off():
            return call(*a, **k)
    return _random_op(name, plain, args, kwargs, level)


def _random_op(name, call, args, kwargs, level):
    if name.startswith("dropout") and (not (args[2] if len(args) > 2 else kwargs.get("training", True))
                                       or (args[1] if len(args) > 1 else kwargs.get("p", 0.5)) == 0):
        return elementwise(name, call, args, kwargs, level)  # not random: the input as it is
    mode = randomness(level)
    if mode == "error":
        raise RuntimeError(RANDOM_ERROR)
    x = args[0] if args else None
    batched = batched_at(x, level)
    if name in CREATION:
        if mode == "same":
            return call(*args, **kwargs)
        if name == "randperm":
            return wrap(torch.stack([call(*args, **kwargs) for _ in range(batch_size(level))]), level)
        return wrap(call(*_with_batch_size(args, kwargs, batch_size(level)), **kwargs), level)
    if mode == "different":
        check_inplace(name, args, level)
        return dim_rule()(name, call, args, kwargs, level)  # each sample draws its own
    # same: one draw, shared by every sample
    if name.startswith("dropout"):
        mask = call(torch.ones(x.shape, dtype=x.dtype, device=x.device), *args[1:], **kwargs)
        return x * mask
    if name.endswith("_"):
        if not batched:
            return call(*args, **kwargs)
        one = call(x._value[0].clone(), *args[1:], **kwargs)
        x._value.copy_(one.expand(x._value.shape))
        return x
    return call(unwrap(x, level)[0][0] if batched else x, *args[1:], **kwargs)


def _with_batch_size(args, kwargs, b):
    """randn(2, 3) / randn((2, 3)) / randint(low, high, (2, 3)): the size with the batch in front."""
    if "size" in kwargs:
        kwargs["size"] = (b,) + tuple(kwargs["size"])
        return args
    for i, a in enumerate(args):
        if isinstance(a, (tuple, list, torch.Size)):
            return args[:i] + ((b,) + tuple(a),) + args[i + 1:]
    return (b,) + tuple(args)


def dynamic_shape(name, call, args, kwargs, level):
    raise RuntimeError(DYNAMIC_ERROR.format({"unique": "_unique2"}.get(name, name)))

