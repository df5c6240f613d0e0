"""torch.nn.utils: gradient clipping (clip_grad_norm_, clip_grad_value_), parameters <-> one
vector, and torch.nn.utils.rnn.pad_sequence, written over tensor ops as PyTorch's are."""
from torch.nn.utils import rnn  # noqa: F401
from torch.nn.utils.clip_grad import (  # noqa: F401
    _clip_grads_with_norm_ as clip_grads_with_norm_,
    _get_total_norm as get_total_norm,
    clip_grad_norm_,
    clip_grad_value_,
)
from torch.nn.utils.convert_parameters import parameters_to_vector, vector_to_parameters  # noqa: F401
