"""vmap's rules for ops with a dim argument (reductions, scans, softmax, sort, and shape ops named
by dim): the sample's dims shifted past the batch; absent dims of a full reduction become one
reduction over each sample flattened."""
from torch.func._batched_tensor import unwrap, wrap
from torch.func._rules_common import check_inplace, is_dim, is_tensor, materialize, shift
from torch.func._rules_pointwise import elementwise


ALL = "all"  # the dim's default: absent means over every dim



def dim_rule(*dims, extra=0, together=False):
    """dims: (position, keyword, default) of each dim argument; extra: how many dims the op adds
    (unsqueeze: 1); together: the op's other tensors share the sample's shape (gather's index)."""
    def rule(name, call, args, kwargs, level):
        check_inplace(name, args, level)
        rank = args[0].dim() + extra
        args, kwargs = list(args), dict(kwargs)
        for pos, kw, default in dims:
            if pos < len(args) and is_dim(args[pos]):
                args[pos] = shift(args[pos], rank)
            elif kwargs.get(kw) is not None:
                kwargs[kw] = shift(kwargs[kw], rank)
            elif default == ALL:
                return _over_all_dims(name, call, args, kwargs, level, pos, kw)
            elif default is not None:
                kwargs[kw] = shift(default, rank)

        def other(x):
            if not is_tensor(x):
                return x
            value, batched = unwrap(x, level)
            return materialize(x, level) if together else value if batched else x
        out = call(materialize(args[0], level), *[other(a) for a in args[1:]],
                   **{k: other(v) for k, v in kwargs.items()})
        return args[0] if name.endswith("_") else wrap(out, level)
    return rule


def _over_all_dims(name, call, args, kwargs, level, pos, kw):
    """A reduction over every dim: over dim 1 of the batched value flattened per sample."""
    value = materialize(args[0], level)
    flat = value.reshape(value.shape[0], -1)
    out = call(flat, *args[1:pos], **{kw: 1}, **kwargs)
    if name in ("max", "min", "median", "nanmedian"):
        out = out[0]  # max(x) is a value, max(x, dim) a (values, indices) pair
    return wrap(out, level)


def max_min(name, call, args, kwargs, level):
    if len(args) > 1 and is_tensor(args[1]) or is_tensor(kwargs.get("other")):
        return elementwise(name, call, args, kwargs, level)  # max(a, b): elementwise
    return dim_rule((1, "dim", ALL))(name, call, args, kwargs, level)


def softmax(name, call, args, kwargs, level):
    dim = args[1] if len(args) > 1 else kwargs.get("dim")
    if dim is None:  # F.softmax's implicit dim, chosen for the sample's rank
        dim = 0 if args[0].dim() in (0, 1, 3) else 1
    args = (args[0], dim) + tuple(args[2:])
    kwargs = {k: v for k, v in kwargs.items() if k != "dim"}
    return dim_rule((1, "dim", None))(name, call, args, kwargs, level)


def squeeze(name, call, args, kwargs, level):
    if len(args) == 1 and "dim" not in kwargs:  # every size-1 dim of the sample
        dims = tuple(i for i, s in enumerate(args[0].shape) if s == 1)
        if not dims:
            return args[0]
        args = (args[0], dims)
    return dim_rule((1, "dim", None))(name, call, args, kwargs, level)


def list_rule(extra):
    """cat / stack: every tensor batched, the dim shifted (stack's dim counts the new one)."""
    def rule(name, call, args, kwargs, level):
        tensors = args[0] if args else kwargs.pop("tensors")
        dim = args[1] if len(args) > 1 else kwargs.pop("dim", 0)
        kwargs = {k: v for k, v in kwargs.items() if k != "dim"}
        rank = max(t.dim() for t in tensors) + extra
        return wrap(call([materialize(t, level) for t in tensors], shift(dim, rank), **kwargs), level)
    return rule
