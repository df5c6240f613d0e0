"""torch.backends.cudnn: the cuDNN switches learner scripts set (benchmark, deterministic, enabled,
allow_tf32). cuDNN comes with a GPU here: is_available() and version() are those of PyTorch's CUDA
build when a (simulated) GPU is present, and of a CPU-only build otherwise. The switches are
kept and type-checked with PyTorch's errors; no kernel here reads them."""
import sys
import types

import torch

_CUDNN_VERSION = 92600  # the cuDNN of the PyTorch 2.x CUDA build tensorplay follows


def is_available():
    return torch.cuda.is_available()


def version():
    return _CUDNN_VERSION if is_available() else None


def is_acceptable(tensor):
    return tensor.is_cuda and is_available()


def _checked_bool(setter):
    def check(value):
        if not isinstance(value, bool):
            raise RuntimeError(f"{setter} expects a bool, but got {type(value).__name__}")
        return value
    return check


def _checked_int(setter):
    def check(value):
        if isinstance(value, bool) or not isinstance(value, int):
            raise RuntimeError(f"{setter} expects an int, but got {type(value).__name__}")
        return value
    return check


# name: (default, check); the setter names are PyTorch's (allow_tf32's names cuBLAS, as there).
_FLAGS = {
    "enabled": (True, _checked_bool("set_enabled_cudnn")),
    "benchmark": (False, _checked_bool("set_benchmark_cudnn")),
    "deterministic": (False, _checked_bool("set_deterministic_cudnn")),
    "allow_tf32": (True, _checked_bool("set_allow_tf32_cublas")),
    "benchmark_limit": (10, _checked_int("set_benchmark_limit_cudnn")),
}


class CudnnModule(types.ModuleType):
    """The module's class, as in PyTorch: assigning a switch goes through its type check."""

    def __setattr__(self, name, value):
        if name in _FLAGS:
            value = _FLAGS[name][1](value)
        super().__setattr__(name, value)


for _name, (_default, _check) in _FLAGS.items():
    globals()[_name] = _default
sys.modules[__name__].__class__ = CudnnModule
