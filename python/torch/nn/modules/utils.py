"""Argument helpers of the layer modules (torch/nn/modules/utils.py): _single/_pair turn an
int or an iterable into a tuple of 1 or 2, _reverse_repeat_tuple gives F.pad's order. They live
in torch/nn/_functional_utils.py, which torch.nn.functional shares without loading this package."""
from torch.nn._functional_utils import (  # noqa: F401
    _list_with_default, _ntuple, _pair, _quadruple, _reverse_repeat_tuple, _single, _triple,
)
