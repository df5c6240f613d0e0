"""Tensor.resize_ and resize_as_: a tensor takes a new shape in place, contiguous, over its own
storage from its offset on (the values it had there stay; elements past them are new and
uninitialised, as in PyTorch). Growing past the storage moves the tensor to a larger one, so
views taken before no longer share it (PyTorch grows the storage itself)."""
import math

import torch


def _sizes(args):
    if len(args) == 1 and not isinstance(args[0], int):
        args = args[0]
        if isinstance(args, torch.Tensor) and args.dim() == 0:
            args = (int(args),)
    try:
        sizes = tuple(args)
    except TypeError:
        sizes = None
    if sizes is None or not all(isinstance(s, int) or (isinstance(s, torch.Tensor) and s.dim() == 0) for s in sizes):
        bad = args if sizes is None else next(s for s in sizes if not isinstance(s, int))
        raise TypeError(f"resize_(): argument 'size' (position 1) must be tuple of ints, not {type(bad).__name__}")
    sizes = tuple(int(s) for s in sizes)
    if any(s < 0 for s in sizes):
        raise RuntimeError("numel: integer multiplication overflow")
    return sizes


def resize_(self, *size, memory_format=None):
    """x.resize_(*sizes): x reshaped in place to sizes, contiguous; returns x."""
    sizes = _sizes(size)
    if self.requires_grad:
        raise RuntimeError("cannot resize variables that require grad")
    strides, step = [], 1
    for s in reversed(sizes):
        strides.insert(0, step)
        step *= max(s, 1)
    count = math.prod(sizes)
    held = self.untyped_storage().nbytes() // self.element_size() - self.storage_offset()
    with torch.no_grad():
        if count <= held:
            self.data = self.as_strided(sizes, strides)
        else:
            grown = torch.empty(count, dtype=self.dtype, device=self.device)
            if held > 0:
                grown[:held] = self.as_strided((held,), (1,))
            self.data = grown.view(sizes)
    return self


def resize_as_(self, the_template, memory_format=None):
    """x.resize_as_(other): x.resize_(other.shape)."""
    if not isinstance(the_template, torch.Tensor):
        raise TypeError("resize_as_(): argument 'the_template' (position 1) must be Tensor, not "
                        f"{type(the_template).__name__}")
    return resize_(self, the_template.shape)


def _install():
    torch.Tensor.resize_ = resize_
    torch.Tensor.resize_as_ = resize_as_
