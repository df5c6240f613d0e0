"""PyTorch's BatchedFallback for an op with no batching rule: the op once per sample, the results
stacked, with PyTorch's performance warning."""
import warnings

import torch
from torch.func._batched_tensor import BatchedTensor, batch_size, unwrap, wrap

_PERFORMANCE = ("There is a performance drop because we have not yet implemented the batching rule for aten::{}. "
                "Please file us an issue on GitHub so that we can prioritize its implementation. (Triggered "
                "internally at /__w/pytorch/pytorch/aten/src/ATen/functorch/BatchedFallback.cpp:82.)")


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
