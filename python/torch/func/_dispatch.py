"""vmap's dispatcher: every op called with a BatchedTensor (torch._C's hook, or a BatchedTensor's
method) lands here and takes its family's batching rule (torch.func._batching_rules), or
without one PyTorch's fallback (torch.func._fallback)."""
import operator

import torch
from torch.func import _batching_rules as rules
from torch.func._batched_tensor import BatchedTensor, current_level
from torch.func._fallback import fallback


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
