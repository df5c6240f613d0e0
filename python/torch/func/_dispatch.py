"""vmap's dispatcher: every op called with a BatchedTensor (torch._C's hook, or a BatchedTensor's
method) lands here, finds its family's batching rule (torch.func._batching_rules), and without
one runs PyTorch's fallback: the op once per sample, the results stacked, with PyTorch's
performance warning."""
import operator
import warnings

import torch
from torch.func import _batching_rules as rules
from torch.func._batched_tensor import BatchedTensor, batch_size, current_level, unwrap, wrap

_PERFORMANCE = ("There is a performance drop because we have not yet implemented the batching rule for aten::{}. "
                "Please file us an issue on GitHub so that we can prioritize its implementation. (Triggered "
                "internally at /__w/pytorch/pytorch/aten/src/ATen/functorch/BatchedFallback.cpp:82.)")


def _caller(qualname):
    """The op itself, to run on unwrapped values (which may be batched at an outer level)."""
    where, name = qualname.split(".", 1)
    if where == "Tensor":
        if name == "__getitem__":
            return operator.getitem
        if name == "__setitem__":
            return operator.setitem
        return lambda self, *args, **kwargs: getattr(self, name)(*args, **kwargs)
    return getattr(torch._C if where == "torch" else getattr(torch._C, where), name)


def _level_of(args, kwargs):
    levels = [0]
    for v in list(args) + list(kwargs.values()):
        items = v if isinstance(v, (list, tuple)) and type(v) is not BatchedTensor else [v]
        levels += [x._level for x in items if type(x) is BatchedTensor]
    return max(levels) or current_level()


def dispatch(qualname, *args, **kwargs):
    name = qualname.split(".", 1)[1]
    level = _level_of(args, kwargs)
    call = _caller(qualname)
    rule = rules.rule_for(name)
    if rule is None:
        return fallback(name, call, args, kwargs, level)
    return rule(name, call, args, kwargs, level)


def _sample(x, b, level):
    if isinstance(x, (list, tuple)) and type(x) is not BatchedTensor:
        return type(x)(_sample(v, b, level) for v in x)
    value, batched = unwrap(x, level)
    return value[b] if batched else x


def _stack(outs, level):
    first = outs[0]
    if isinstance(first, torch.Tensor):
        return wrap(torch.stack(outs), level)
    if isinstance(first, (tuple, list)):
        parts = [_stack([o[i] for o in outs], level) for i in range(len(first))]
        return type(first)(*parts) if hasattr(first, "_fields") else type(first)(parts)
    return first


def fallback(name, call, args, kwargs, level):
    """PyTorch's BatchedFallback: the op on each sample in turn, the results stacked."""
    warnings.warn(_PERFORMANCE.format(name), UserWarning, stacklevel=3)
    outs = [call(*_sample(args, b, level), **{k: _sample(v, b, level) for k, v in kwargs.items()})
            for b in range(batch_size(level))]
    if name.endswith("_") and args and type(args[0]) is BatchedTensor:
        return args[0]  # an in-place op changed each sample of self
    return _stack(outs, level)
