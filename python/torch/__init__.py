"""tensorplay's torch: PyTorch's API over tensorplay's C++ core (torch._C), with tensors on the
CPU and on real or simulated GPUs. Names, signatures, printing and errors follow PyTorch 2.x."""
import sys as _sys
from math import e, inf, nan, pi  # noqa: F401  (torch.e, torch.inf, torch.nan, torch.pi, as PyTorch)

import _tensorplay_C as _C

_sys.modules["torch._C"] = _C
from torch._C import (  # noqa: F401
    AcceleratorError,
    OutOfMemoryError,
    Tensor,
    device,
    dtype,
    finfo,
    iinfo,
    float32, float, float64, double, float16, half, bfloat16, int64, long, int32, int, int16, short, int8,
    uint8, uint16, uint32, uint64, bool,
)

__version__ = "2.8.0+tensorplay"


def _export_ops():
    """Every op of the table that is a function: torch.zeros, torch.matmul, ..."""
    for name, _ in _C._op_help:
        if name.startswith("torch."):
            globals()[name[6:]] = getattr(_C, name[6:])


_export_ops()

from torch._size import Size  # noqa: E402
from torch import return_types  # noqa: E402
from torch.nn.parameter import Parameter as _Parameter  # noqa: E402

_C._register_python_types(Size, _Parameter, return_types)

from torch import nn  # noqa: E402
from torch.nn.functional import cosine_similarity, pairwise_distance  # noqa: E402,F401
from torch.nn._activation_functions import hardshrink, prelu, rrelu, rrelu_, threshold, threshold_  # noqa: E402,F401
# Autograd, devices, numpy and mixed precision.
from torch._C import (  # noqa: E402,F401
    Generator, default_generator, initial_seed, manual_seed, seed,
    as_tensor, from_numpy, get_autocast_dtype, is_autocast_enabled, is_grad_enabled, set_autocast_dtype,
    set_autocast_enabled,
)
from torch import autograd, backends, cuda, amp, random  # noqa: E402,F401
from torch import _dynamo, compiler  # noqa: E402,F401
from torch._compile import compile  # noqa: E402,F401  (runs the model eagerly)
from torch.random import get_rng_state, set_rng_state  # noqa: E402,F401
from torch.autograd.grad_mode import enable_grad, inference_mode, no_grad, set_grad_enabled  # noqa: E402,F401
from torch.amp import autocast  # noqa: E402,F401
from torch._global_settings import (  # noqa: E402,F401
    are_deterministic_algorithms_enabled, get_num_interop_threads, get_num_threads,
    is_deterministic_algorithms_warn_only_enabled, set_num_threads, use_deterministic_algorithms,
)
from torch.storage import _STORAGE_TYPES  # noqa: E402
from torch import _utils as _tensor_utils  # noqa: E402
_C.Tensor.__reduce_ex__ = _tensor_utils._reduce_tensor  # copy.copy and pickle, as PyTorch's

globals().update(_STORAGE_TYPES)  # torch.FloatStorage, ...: a saved file names them
from torch._legacy_tensors import *  # noqa: E402,F401,F403  (torch.LongTensor(...), ...)
from torch._elementwise_aliases import fix, fix_, isreal, positive, _install as _install_aliases  # noqa: E402
from torch import (  # noqa: E402
    _alias_ops, _aten_private_ops, _composite_ops, _frexp_gradient_histogramdd, _householder_and_ldl,
    _inplace_forms, _inplace_functions, _inplace_views, _nn_functions, _pre_linalg, _removed_linalg,
    _tensor_queries, _tensor_resize,
)
from torch._pre_linalg import lu, lu_solve, lu_unpack, matrix_exp, matrix_power, svd  # noqa: E402,F401
from torch._range import range  # noqa: E402,F401  (the deprecated inclusive one)
from torch._window_functions import (  # noqa: E402,F401
    bartlett_window, blackman_window, hamming_window, hann_window, kaiser_window,
)
_tensor_resize._install()
_inplace_functions._install()
_install_aliases()
_pre_linalg._install()
_alias_ops._install()
_composite_ops._install()
_frexp_gradient_histogramdd._install()
_aten_private_ops._install()
_householder_and_ldl._install()
_inplace_forms._install()
_inplace_views._install()
_removed_linalg._install()
_tensor_queries._install()
_nn_functions._install()
from torch import special  # noqa: E402,F401
from torch import _overloads  # noqa: E402
_overloads.install()  # last: the Python-written functions above get the parser's errors


def __getattr__(name):
    # torch.optim, torch.utils, torch.distributed, torch.testing, torch.distributions and
    # torch.save/load load on first use: start-up time counts.
    if name in ("optim", "utils", "distributed", "serialization", "linalg", "accelerator", "functional",
                "testing", "distributions", "signal", "fft", "masked", "profiler", "func"):
        import importlib
        return importlib.import_module("torch." + name)
    if name == "ops":
        from torch._ops import ops
        return ops
    if name == "torch":  # PyTorch's torch.torch: its __init__ imports itself
        return _sys.modules[__name__]
    if name in ("save", "load"):
        from torch import serialization
        return getattr(serialization, name)
    if name == "vmap":  # torch.vmap is torch.func.vmap
        from torch.func import vmap
        return vmap
    raise AttributeError(f"module 'torch' has no attribute '{name}'")
