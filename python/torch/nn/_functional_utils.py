"""Helpers shared by torch.nn.functional, the files it is split into and the layer modules: the
argument helpers (_single, _pair, ...; torch/nn/modules/utils.py names them too, where PyTorch
keeps them) and the dropouts' and batch norm's checks. A leaf: it imports nothing from torch.nn,
so functional.py and its parts import from it without an import circle."""
import collections
from itertools import repeat

from torch._C import _nn


def _ntuple(n, name="parse"):
    def parse(x):
        if isinstance(x, collections.abc.Iterable):
            return tuple(x)
        return tuple(repeat(x, n))

    parse.__name__ = name
    return parse


_single = _ntuple(1, "_single")
_pair = _ntuple(2, "_pair")
_triple = _ntuple(3, "_triple")
_quadruple = _ntuple(4, "_quadruple")


def _reverse_repeat_tuple(t, n):
    """Reverses t and repeats each element n times: Conv padding (h, w) -> F.pad's (w, w, h, h)."""
    return tuple(x for x in reversed(t) for _ in range(n))


def _list_with_default(out_size, defaults):
    """An adaptive pool's output size with None entries replaced by the input's own sizes."""
    if isinstance(out_size, int):
        return out_size
    if len(defaults) <= len(out_size):
        raise ValueError(f"Input dimension should be at least {len(out_size) + 1}")
    return [v if v is not None else d for v, d in zip(out_size, defaults[-len(out_size):])]


def _verify_batch_size(size):
    size_prods = size[0]
    for i in range(len(size) - 2):
        size_prods *= size[i + 2]
    if size_prods == 1:
        raise ValueError(f"Expected more than 1 value per channel when training, got input size {size}")


def _check_p(p):
    if p < 0.0 or p > 1.0:
        raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")


def _feature_dropout_batched(input, p, training, inplace, is_batched):
    """Channel dropout on a batch: an unbatched input gets a batch dim of one for the call."""
    if not is_batched:
        input = input.unsqueeze_(0) if inplace else input.unsqueeze(0)
    result = _nn.feature_dropout(input, p, training, inplace)
    if not is_batched:
        result = result.squeeze_(0) if inplace else result.squeeze(0)
    return result
