"""vmap's batching rules, one per op family. Each rule gets the op (to call on the unwrapped
values), its arguments and the vmap level, and returns the sample's view of the result; a
batched value always carries the batch at dim 0.

Design: the families read the op tables where the tables say enough. Every row of
core/backends/unary_ops.def and binary_ops.def (torch._C._elementwise_op_names) and its
in-place form gets the broadcasting rule with no list of its own here; the other families
(reductions and ops with a dim, the matmul family, view/shape ops, indexing, nn layers and
losses, random ops) name their ops once below, with what the rule must know of each (where its
dim argument is). nn.functional layers with no rule of their own compose from these (linear is
a matmul and an add). An op in no family takes PyTorch's fallback (torch.func._dispatch)."""
import torch
from torch.func._batched_tensor import BatchedTensor, batch_size, hook_off, randomness, unwrap, wrap

_INPLACE = ("vmap: inplace arithmetic(self, *extra_args) is not possible because there exists a Tensor `other` in "
            "extra_args that has more elements than `self`. This happened due to `other` being vmapped over but "
            "`self` not being vmapped over in a vmap. Please try to use out-of-place operators instead of inplace "
            "arithmetic. If said operator is being called inside the PyTorch framework, please file a bug report "
            "instead.")
_RANDOM = ("vmap: called random operation while in randomness error mode. Please either use the 'same' or "
           "'different' randomness flags on vmap or perform the randomness operation out of vmap")
_DYNAMIC = ("vmap: We do not support batching operators that can output dynamic shape. Attempted to vmap over "
            "aten::{}. Please file an issue at https://github.com/pytorch/pytorch/issues if you need this feature.")


def _is_tensor(x):
    return isinstance(x, torch.Tensor)  # a BatchedTensor of any level too


def _batched(x, level):
    return type(x) is BatchedTensor and x._level == level


def _materialize(x, level):
    """x's value batched at level: an unbatched tensor is expanded to the batch."""
    value, batched = unwrap(x, level)
    return value if batched else x.unsqueeze(0).expand(batch_size(level), *x.shape)


def _pad(value, rank, to_rank):
    """A batched value of the sample rank `rank` with size-1 dims after the batch up to `to_rank`,
    so that it broadcasts against the other operands as the samples do."""
    for _ in range(to_rank - rank):
        value = value.unsqueeze(1)
    return value


def _check_inplace(name, args, level):
    if name.endswith("_") and args and not _batched(args[0], level):
        raise RuntimeError(_INPLACE)


# ---- elementwise and broadcasting ops ----

def elementwise(name, call, args, kwargs, level):
    # an in-place op into an unbatched self fails in the op itself, with PyTorch's broadcast error
    rank = max([x.dim() for x in list(args) + list(kwargs.values()) if _is_tensor(x)], default=0)

    def align(x):
        value, batched = unwrap(x, level)
        return _pad(value, x.dim(), rank) if batched else x
    out = call(*[align(a) for a in args], **{k: align(v) for k, v in kwargs.items()})
    return args[0] if name.endswith("_") else wrap(out, level)


def copy_(name, call, args, kwargs, level):
    """self.copy_(src): src broadcast to self's shape, as the samples do."""
    _check_inplace(name, args, level)
    src = args[1]
    value, batched = unwrap(src, level)
    call(args[0]._value, _pad(value, src.dim(), args[0].dim()) if batched else src, *args[2:], **kwargs)
    return args[0]


# ---- ops with a dim argument (reductions, scans, softmax, and shape ops named by dim) ----

_ALL = "all"  # the dim's default: absent means over every dim


def _shift(dim, rank):
    """A sample dim as the batched value's dim (the batch is dim 0), checked as PyTorch checks it."""
    if isinstance(dim, (list, tuple)):
        return type(dim)(_shift(d, rank) for d in dim)
    top = max(rank, 1)
    if not -top <= dim < top:
        raise IndexError(f"Dimension out of range (expected to be in range of [{-top}, {top - 1}], but got {dim})")
    return dim % top + 1


def _is_dim(v):
    if isinstance(v, (list, tuple)):
        return len(v) > 0 and all(isinstance(d, int) and not isinstance(d, bool) for d in v)
    return isinstance(v, int) and not isinstance(v, bool)


def _dim_rule(*dims, extra=0, together=False):
    """dims: (position, keyword, default) of each dim argument; extra: how many dims the op adds
    (unsqueeze: 1); together: the op's other tensors share the sample's shape (gather's index)."""
    def rule(name, call, args, kwargs, level):
        _check_inplace(name, args, level)
        rank = args[0].dim() + extra
        args, kwargs = list(args), dict(kwargs)
        for pos, kw, default in dims:
            if pos < len(args) and _is_dim(args[pos]):
                args[pos] = _shift(args[pos], rank)
            elif kwargs.get(kw) is not None:
                kwargs[kw] = _shift(kwargs[kw], rank)
            elif default == _ALL:
                return _over_all_dims(name, call, args, kwargs, level, pos, kw)
            elif default is not None:
                kwargs[kw] = _shift(default, rank)

        def other(x):
            if not _is_tensor(x):
                return x
            value, batched = unwrap(x, level)
            return _materialize(x, level) if together else value if batched else x
        out = call(_materialize(args[0], level), *[other(a) for a in args[1:]],
                   **{k: other(v) for k, v in kwargs.items()})
        return args[0] if name.endswith("_") else wrap(out, level)
    return rule


def _over_all_dims(name, call, args, kwargs, level, pos, kw):
    """A reduction over every dim: over dim 1 of the batched value flattened per sample."""
    value = _materialize(args[0], level)
    flat = value.reshape(value.shape[0], -1)
    out = call(flat, *args[1:pos], **{kw: 1}, **kwargs)
    if name in ("max", "min", "median", "nanmedian"):
        out = out[0]  # max(x) is a value, max(x, dim) a (values, indices) pair
    return wrap(out, level)


def _max_min(name, call, args, kwargs, level):
    if len(args) > 1 and _is_tensor(args[1]) or _is_tensor(kwargs.get("other")):
        return elementwise(name, call, args, kwargs, level)  # max(a, b): elementwise
    return _dim_rule((1, "dim", _ALL))(name, call, args, kwargs, level)


def _softmax(name, call, args, kwargs, level):
    dim = args[1] if len(args) > 1 else kwargs.get("dim")
    if dim is None:  # F.softmax's implicit dim, chosen for the sample's rank
        dim = 0 if args[0].dim() in (0, 1, 3) else 1
    args = (args[0], dim) + tuple(args[2:])
    kwargs = {k: v for k, v in kwargs.items() if k != "dim"}
    return _dim_rule((1, "dim", None))(name, call, args, kwargs, level)


def _squeeze(name, call, args, kwargs, level):
    if len(args) == 1 and "dim" not in kwargs:  # every size-1 dim of the sample
        dims = tuple(i for i, s in enumerate(args[0].shape) if s == 1)
        if not dims:
            return args[0]
        args = (args[0], dims)
    return _dim_rule((1, "dim", None))(name, call, args, kwargs, level)


def _list_rule(extra):
    """cat / stack: every tensor batched, the dim shifted (stack's dim counts the new one)."""
    def rule(name, call, args, kwargs, level):
        tensors = args[0] if args else kwargs.pop("tensors")
        dim = args[1] if len(args) > 1 else kwargs.pop("dim", 0)
        kwargs = {k: v for k, v in kwargs.items() if k != "dim"}
        rank = max(t.dim() for t in tensors) + extra
        return wrap(call([_materialize(t, level) for t in tensors], _shift(dim, rank), **kwargs), level)
    return rule


# ---- the matmul family ----

def matmul(name, call, args, kwargs, level):
    """Vectors become matrices so that the batch dims line up, and are squeezed back after."""
    a, b = args[0], args[1]
    va, ba = unwrap(a, level)
    vb, bb = unwrap(b, level)
    ra, rb = a.dim(), b.dim()
    if ra == 1:
        va = va.unsqueeze(-2)
    if rb == 1:
        vb = vb.unsqueeze(-1)
    rank = max(ra, rb, 2)
    if ba:
        va = _pad(va, max(ra, 2), rank)
    if bb:
        vb = _pad(vb, max(rb, 2), rank)
    out = torch.matmul(va, vb)
    if rb == 1:
        out = out.squeeze(-1)
    if ra == 1:
        out = out.squeeze(-1 if rb == 1 else -2)
    return wrap(out, level)


def _composite(fn):
    """A rule that computes the op from other ops, each batched by its own rule."""
    return lambda name, call, args, kwargs, level: fn(*args, **kwargs)


def _linear(input, weight, bias=None):
    out = torch.matmul(input, weight.t() if weight.dim() == 2 else weight)
    return out if bias is None else out + bias


def _addmm(input, mat1, mat2, *, beta=1, alpha=1):
    return beta * input + alpha * torch.matmul(mat1, mat2)


def _outer(a, b):
    return a.unsqueeze(-1) * b


# ---- view and shape ops ----

def _sizes(args, kwargs, key):
    if len(args) == 1 and isinstance(args[0], (tuple, list, torch.Size)):
        return tuple(args[0])
    return tuple(args) if args else tuple(kwargs[key])


def _reshape(name, call, args, kwargs, level):
    if len(args) == 2 and not isinstance(args[1], (int, tuple, list, torch.Size)):  # view(dtype)
        return elementwise(name, call, args, kwargs, level)
    value = _materialize(args[0], level)
    shape = _sizes(args[1:], kwargs, "shape" if "shape" in kwargs else "size")
    return wrap(value.reshape((value.shape[0],) + shape), level)


def _reshape_as(name, call, args, kwargs, level):
    return args[0].reshape(args[1].shape)


def _expand(name, call, args, kwargs, level):
    value = _materialize(args[0], level)
    sizes = _sizes(args[1:], kwargs, "size")
    value = _pad(value, args[0].dim(), len(sizes))
    return wrap(value.expand((value.shape[0],) + sizes), level)


def _expand_as(name, call, args, kwargs, level):
    return args[0].expand(args[1].shape)


def _permute(name, call, args, kwargs, level):
    dims = _sizes(args[1:], kwargs, "dims")
    return wrap(_materialize(args[0], level).permute((0,) + _shift(tuple(dims), args[0].dim())), level)


def _t(name, call, args, kwargs, level):
    return args[0] if args[0].dim() < 2 else args[0].transpose(0, 1)


def _repeat(name, call, args, kwargs, level):
    sizes = _sizes(args[1:], kwargs, "repeats")
    value = _pad(_materialize(args[0], level), args[0].dim(), len(sizes))
    return wrap(value.repeat((1,) + sizes), level)


def _agnostic(name, call, args, kwargs, level):
    """Ops that read only the sample's trailing dims (one_hot, embedding, layer_norm, pad, tril):
    the batched operand as it is, when it is the only one."""
    batched = [x for x in list(args) + list(kwargs.values()) if _batched(x, level)]
    if len(batched) > 1:
        from torch.func._dispatch import fallback
        return fallback(name, call, args, kwargs, level)
    out = call(*[unwrap(a, level)[0] for a in args], **{k: unwrap(v, level)[0] for k, v in kwargs.items()})
    return wrap(out, level)


# ---- indexing ----

def _index_parts(index):
    return index if isinstance(index, tuple) else (index,)


def getitem(name, call, args, kwargs, level):
    x, index = args
    parts = _index_parts(index)
    if any(_batched(p, level) for p in parts):
        # batched index tensors: an arange over the batch as the first advanced index
        if not all(_is_tensor(p) or isinstance(p, int) for p in parts):
            from torch.func._dispatch import fallback
            return fallback(name, call, args, kwargs, level)
        rank = max(p.dim() if _is_tensor(p) else 0 for p in parts)
        tensors = [_pad(unwrap(p, level)[0], p.dim(), rank) if _batched(p, level) else p for p in parts]
        rows = torch.arange(batch_size(level)).reshape((-1,) + (1,) * rank)
        return wrap(_materialize(x, level)[(rows,) + tuple(tensors)], level)
    return wrap(_materialize(x, level)[(slice(None),) + parts], level)


def setitem(name, call, args, kwargs, level):
    x, index, value = args
    if not _batched(x, level):
        raise RuntimeError(_INPLACE)
    where = (slice(None),) + _index_parts(index)
    v, batched = unwrap(value, level)
    if batched:  # the value's batch against the target's, its sample dims broadcast as a sample's
        v = _pad(v, value.dim(), x._value[where].dim() - 1)
    x._value[where] = v if batched else value
    return None


# ---- nn layers and losses ----

def _leading_batch(full_rank):
    """conv / pooling: the op's own batch dim N takes vmap's batch too (B*N samples), or is
    vmap's batch when the sample has none."""
    def rule(name, call, args, kwargs, level):
        if any(_batched(a, level) for a in list(args[1:]) + list(kwargs.values())):
            from torch.func._dispatch import fallback
            return fallback(name, call, args, kwargs, level)
        x = args[0]
        value = _materialize(x, level)
        if x.dim() < full_rank:
            return wrap(call(value, *args[1:], **kwargs), level)
        b, n = value.shape[0], value.shape[1]
        out = call(value.reshape((b * n,) + tuple(value.shape[2:])), *args[1:], **kwargs)
        return wrap(_unmerge(out, b, n), level)
    return rule


def _conv(full_rank):
    """conv with batched weights (model ensembling, per-sample gradients): the B models as B
    groups of one convolution, the batch moved into the channels."""
    leading = _leading_batch(full_rank)

    def rule(name, call, args, kwargs, level):
        args, kwargs = list(args), dict(kwargs)
        bias = args[2] if len(args) > 2 else kwargs.get("bias")
        if not (_batched(args[1], level) or _batched(bias, level)):
            return leading(name, call, args, kwargs, level)
        x, b = args[0], batch_size(level)
        value = _materialize(x, level)  # (B, N, C, *spatial) or (B, C, *spatial)
        if x.dim() == full_rank:
            n = value.shape[1]
            value = value.movedim(0, 1).reshape((n, -1) + tuple(value.shape[3:]))
        else:
            n = None
            value = value.reshape((1, -1) + tuple(value.shape[2:]))
        w = _materialize(args[1], level)
        args[1] = w.reshape((-1,) + tuple(w.shape[2:]))
        if bias is not None:
            flat_bias = _materialize(bias, level).reshape(-1)
            if len(args) > 2:
                args[2] = flat_bias
            else:
                kwargs["bias"] = flat_bias
        if len(args) > 6:
            args[6] = args[6] * b
        else:
            kwargs["groups"] = kwargs.get("groups", 1) * b
        out = call(value, *args[1:], **kwargs)  # (N, B*O, *spatial') or (1, B*O, *spatial')
        if n is None:
            return wrap(out.reshape((b, -1) + tuple(out.shape[2:])), level)
        return wrap(out.reshape((n, b, -1) + tuple(out.shape[2:])).movedim(1, 0), level)
    return rule


def _unmerge(out, b, n):
    if isinstance(out, tuple):
        return type(out)(_unmerge(o, b, n) for o in out)
    return out.reshape((b, n) + tuple(out.shape[1:]))


def _per_sample_reduction(loss, reduction, level, weights=None):
    if reduction == "none":
        return wrap(loss, level)
    flat = loss.reshape(loss.shape[0], -1)
    if reduction == "sum":
        return wrap(flat.sum(1), level)
    if weights is None:
        return wrap(flat.mean(1), level)
    return wrap(flat.sum(1) / weights.reshape(weights.shape[0], -1).sum(1), level)


def _pointwise_loss(name, call, args, kwargs, level):
    """mse_loss, l1_loss, ...: the elementwise loss (reduction='none'), then reduced per sample."""
    reduction = kwargs.pop("reduction", "mean") if "reduction" in kwargs else "mean"
    per_element = elementwise(name, call, args, dict(kwargs, reduction="none"), level)
    return _per_sample_reduction(_materialize(per_element, level), reduction, level)


def _class_loss(name, call, args, kwargs, level):
    """cross_entropy / nll_loss: classes at the sample's dim 1 (dim 0 without a batch); the
    B*N rows computed together, the mean taken per sample over its own target weights."""
    input, target = args[0], args[1]
    weight = args[2] if len(args) > 2 else kwargs.get("weight")
    if _batched(weight, level):
        from torch.func._dispatch import fallback
        return fallback(name, call, args, kwargs, level)
    kwargs = {k: v for k, v in kwargs.items() if k != "weight"}
    reduction = kwargs.pop("reduction", "mean")
    ignore_index = kwargs.get("ignore_index", -100)
    x, t = _materialize(input, level), _materialize(target, level)
    b = x.shape[0]
    if input.dim() == 1:  # one sample without a batch: B rows of C classes
        loss = call(x, t, weight, reduction="none", **kwargs)
    else:
        n = x.shape[1]
        loss = call(x.reshape((b * n,) + tuple(x.shape[2:])), t.reshape((b * n,) + tuple(t.shape[2:])), weight,
                    reduction="none", **kwargs).reshape((b, n) + tuple(t.shape[2:]) if not t.is_floating_point()
                                                        else (b, n) + tuple(x.shape[3:]))
    weights = None
    if reduction == "mean" and not t.is_floating_point():
        classes = x.shape[1] if input.dim() == 1 else x.shape[2]
        w = torch.ones(classes, dtype=x.dtype, device=x.device) if weight is None else weight
        keep = t != ignore_index
        weights = w[t.clamp(0, classes - 1)] * keep
    return _per_sample_reduction(loss, reduction, level, weights)


# ---- random ops: vmap's randomness= ----

def _random(name, call, args, kwargs, level):
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
        raise RuntimeError(_RANDOM)
    x = args[0] if args else None
    batched = _batched(x, level)
    if name in _CREATION:
        if mode == "same":
            return call(*args, **kwargs)
        if name == "randperm":
            return wrap(torch.stack([call(*args, **kwargs) for _ in range(batch_size(level))]), level)
        return wrap(call(*_with_batch_size(args, kwargs, batch_size(level)), **kwargs), level)
    if mode == "different":
        _check_inplace(name, args, level)
        return _dim_rule()(name, call, args, kwargs, level)  # each sample draws its own
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


def _dynamic_shape(name, call, args, kwargs, level):
    raise RuntimeError(_DYNAMIC.format({"unique": "_unique2"}.get(name, name)))


_CREATION = ("rand", "randn", "randint", "randperm", "normal")

# ---- the families, each op named once ----

_DIM1_ALL = _dim_rule((1, "dim", _ALL))
_FAMILIES = {
    # reductions and scans: the dim at position 1 (absent: over every dim where PyTorch allows it)
    _DIM1_ALL: ("sum", "mean", "prod", "amax", "amin", "argmax", "argmin", "all", "any", "nansum", "nanmean",
                "count_nonzero", "std", "var", "median", "nanmedian", "logsumexp", "std_mean", "var_mean"),
    _max_min: ("max", "min"),
    _dim_rule((2, "dim", _ALL)): ("norm",),
    _dim_rule((1, "dim", None)): ("cumsum", "cumprod", "cummax", "cummin", "logcumsumexp", "select", "narrow",
                                  "unflatten", "index_select", "flip"),
    _dim_rule((1, "dim", -1)): ("sort", "argsort"),
    _dim_rule((2, "dim", -1)): ("topk", "kthvalue"),
    _dim_rule((1, "dim", 0)): ("unbind",),
    _dim_rule((2, "dim", 0)): ("split", "chunk", "tensor_split", "split_with_sizes"),
    _dim_rule((1, "dim0", None), (2, "dim1", None)): ("transpose", "swapaxes", "swapdims"),
    _dim_rule((1, "source", None), (2, "destination", None)): ("movedim", "moveaxis"),
    _dim_rule((1, "start_dim", 0), (2, "end_dim", -1)): ("flatten",),
    _dim_rule((2, "dim1", 0), (3, "dim2", 1)): ("diagonal",),
    _dim_rule((2, "dims", None)): ("roll",),
    _dim_rule((1, "dim", None), extra=1): ("unsqueeze",),
    _dim_rule((1, "dim", None), together=True): ("gather", "scatter", "scatter_add", "take_along_dim",
                                                 "scatter_", "scatter_add_"),
    _softmax: ("softmax", "log_softmax"),
    _squeeze: ("squeeze",),
    _list_rule(0): ("cat", "concat", "concatenate"),
    _list_rule(1): ("stack",),
    # matmul family
    matmul: ("matmul", "mm", "bmm", "mv", "dot", "__matmul__"),
    _composite(_linear): ("linear",),
    _composite(_addmm): ("addmm",),
    _composite(_outer): ("outer", "ger"),
    # views and shapes
    _reshape: ("reshape", "view"),
    _reshape_as: ("reshape_as", "view_as"),
    _expand: ("expand", "broadcast_to"),
    _expand_as: ("expand_as",),
    _permute: ("permute",),
    _t: ("t",),
    _repeat: ("repeat",),
    copy_: ("copy_",),
    getitem: ("__getitem__",),
    setitem: ("__setitem__",),
    # the same shape in and out, elementwise beyond the .def rows
    elementwise: ("where", "masked_fill", "masked_fill_", "lerp", "lerp_", "addcmul", "addcdiv", "clamp_min",
                  "clamp_max", "true_divide", "rsub", "float_power", "contiguous", "clone", "detach", "to",
                  "type_as", "float", "double", "half", "bfloat16", "long", "int", "short", "bool", "byte", "char",
                  "cpu", "cuda", "zero_", "fill_", "requires_grad_", "isclose", "zeros_like", "ones_like",
                  "full_like", "empty_like", "hardswish", "hardsigmoid", "relu6",
                  "selu", "threshold"),
    _agnostic: ("one_hot", "embedding", "layer_norm", "pad", "tril", "triu"),
    # nn layers: the op's own batch dim takes vmap's batch
    _conv(3): ("conv1d",),
    _conv(4): ("conv2d",),
    _conv(5): ("conv3d",),
    _leading_batch(3): ("max_pool1d", "avg_pool1d", "adaptive_avg_pool1d", "adaptive_max_pool1d"),
    _leading_batch(4): ("max_pool2d", "avg_pool2d", "adaptive_avg_pool2d", "adaptive_max_pool2d",
                        "conv_transpose2d", "interpolate", "upsample"),
    _leading_batch(5): ("max_pool3d", "avg_pool3d", "adaptive_avg_pool3d"),
    _pointwise_loss: ("mse_loss", "l1_loss", "smooth_l1_loss", "huber_loss", "binary_cross_entropy",
                      "binary_cross_entropy_with_logits", "soft_margin_loss", "kl_div"),
    _class_loss: ("cross_entropy", "nll_loss"),
    _random: _CREATION + ("rand_like", "randn_like", "randint_like", "bernoulli", "multinomial", "poisson",
                          "dropout", "uniform_", "normal_", "bernoulli_", "exponential_", "random_",
                          "cauchy_", "log_normal_", "geometric_"),
    _dynamic_shape: ("nonzero", "unique", "unique_consecutive", "masked_select", "argwhere"),
}

_RULES = {}
for _name in torch._C._elementwise_op_names:  # the rows of unary_ops.def and binary_ops.def
    _RULES[_name] = _RULES[_name + "_"] = elementwise
for _rule, _names in _FAMILIES.items():
    for _name in _names:
        _RULES[_name] = _rule

RANDOM_OPS = _FAMILIES[_random]


def rule_for(name):
    """The batching rule of the op called name, or None for PyTorch's fallback."""
    return _RULES.get(name)
