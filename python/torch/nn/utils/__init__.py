"""torch.nn.utils: gradient clipping (clip_grad_norm_, clip_grad_value_), parameters <-> one
vector, torch.nn.utils.rnn.pad_sequence, parametrize and parametrizations, the older
weight_norm / spectral_norm hooks and prune, written over tensor ops as PyTorch's are."""
import importlib

from torch.nn.utils import rnn  # noqa: F401
from torch.nn.utils.clip_grad import (  # noqa: F401
    _clip_grads_with_norm_ as clip_grads_with_norm_,
    _get_total_norm as get_total_norm,
    clip_grad_norm_,
    clip_grad_value_,
)
from torch.nn.utils.convert_parameters import parameters_to_vector, vector_to_parameters  # noqa: F401

# Loaded on first use: they build on torch.nn's modules, which import this package (rnn).
_SUBMODULES = ("parametrize", "parametrizations", "prune")
_FUNCTIONS = {"weight_norm": "weight_norm", "remove_weight_norm": "weight_norm",
              "spectral_norm": "spectral_norm", "remove_spectral_norm": "spectral_norm"}


def __getattr__(name):
    if name in _SUBMODULES:
        return importlib.import_module(f"{__name__}.{name}")
    if name in _FUNCTIONS:
        module = importlib.import_module(f"{__name__}.{_FUNCTIONS[name]}")
        # The function, not its module of the same name, as PyTorch's torch.nn.utils has it.
        for function, source in _FUNCTIONS.items():
            if source == _FUNCTIONS[name]:
                globals()[function] = getattr(module, function)
        return globals()[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
