"""vmap's rules for nn layers and losses: conv and pooling take vmap's batch into their own
batch dim (or, with batched weights, into groups); losses run per element and reduce per sample."""
import torch
from torch.func._batched_tensor import batch_size, wrap
from torch.func._fallback import fallback
from torch.func._rules_common import batched_at, materialize
from torch.func._rules_pointwise import elementwise


def leading_batch(full_rank):
    """conv / pooling: the op's own batch dim N takes vmap's batch too (B*N samples), or is
    vmap's batch when the sample has none."""
    def rule(name, call, args, kwargs, level):
        if any(batched_at(a, level) for a in list(args[1:]) + list(kwargs.values())):
                return fallback(name, call, args, kwargs, level)
        x = args[0]
        value = materialize(x, level)
        if x.dim() < full_rank:
            return wrap(call(value, *args[1:], **kwargs), level)
        b, n = value.shape[0], value.shape[1]
        out = call(value.reshape((b * n,) + tuple(value.shape[2:])), *args[1:], **kwargs)
        return wrap(_unmerge(out, b, n), level)
    return rule


def conv(full_rank):
    """conv with batched weights (model ensembling, per-sample gradients): the B models as B
    groups of one convolution, the batch moved into the channels."""
    leading = leading_batch(full_rank)

    def rule(name, call, args, kwargs, level):
        args, kwargs = list(args), dict(kwargs)
        bias = args[2] if len(args) > 2 else kwargs.get("bias")
        if not (batched_at(args[1], level) or batched_at(bias, level)):
            return leading(name, call, args, kwargs, level)
        x, b = args[0], batch_size(level)
        value = materialize(x, level)  # (B, N, C, *spatial) or (B, C, *spatial)
        if x.dim() == full_rank:
            n = value.shape[1]
            value = value.movedim(0, 1).reshape((n, -1) + tuple(value.shape[3:]))
        else:
            n = None
            value = value.reshape((1, -1) + tuple(value.shape[2:]))
        w = materialize(args[1], level)
        args[1] = w.reshape((-1,) + tuple(w.shape[2:]))
        if bias is not None:
            flat_bias = materialize(bias, level).reshape(-1)
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


def pointwise_loss(name, call, args, kwargs, level):
    """mse_loss, l1_loss, ...: the elementwise loss (reduction='none'), then reduced per sample."""
    reduction = kwargs.pop("reduction", "mean") if "reduction" in kwargs else "mean"
    per_element = elementwise(name, call, args, dict(kwargs, reduction="none"), level)
    return _per_sample_reduction(materialize(per_element, level), reduction, level)


def class_loss(name, call, args, kwargs, level):
    """cross_entropy / nll_loss: classes at the sample's dim 1 (dim 0 without a batch); the
    B*N rows computed together, the mean taken per sample over its own target weights."""
    input, target = args[0], args[1]
    weight = args[2] if len(args) > 2 else kwargs.get("weight")
    if batched_at(weight, level):
        return fallback(name, call, args, kwargs, level)
    kwargs = {k: v for k, v in kwargs.items() if k != "weight"}
    reduction = kwargs.pop("reduction", "mean")
    ignore_index = kwargs.get("ignore_index", -100)
    x, t = materialize(input, level), materialize(target, level)
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
