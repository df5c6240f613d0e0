"""torch.range(start, end, step=1): the deprecated inclusive range, end included, in the default
float dtype unless dtype= says otherwise; values start + i * step computed in double as ATen's
range kernel does, with PyTorch's deprecation warning at the caller's line."""
import math
import warnings

import torch

_DEPRECATED = ("torch.range is deprecated and will be removed in a future release because its behavior is "
               "inconsistent with Python's range builtin. Instead, use torch.arange, which produces values in "
               "[start, end).")


def range(start, end, step=1, *, out=None, dtype=None, layout=None, device=None, pin_memory=False,
          requires_grad=False):
    warnings.warn(_DEPRECATED, UserWarning, stacklevel=2)
    start, end, step = (float(v) if isinstance(v, torch.Tensor) else v for v in (start, end, step))
    if step == 0:
        raise RuntimeError("step must be nonzero")
    if not ((step > 0 and end >= start) or (step < 0 and end <= start)):
        raise RuntimeError("upper bound and lower bound inconsistent with step sign")
    count = int((end - start) / step + 1)
    values = torch.arange(count, dtype=torch.float64, device=device) * step + start
    result = values.to(dtype if dtype is not None else torch.get_default_dtype())
    if out is not None:
        return out.resize_(result.shape).copy_(result)
    return result.requires_grad_(requires_grad)
