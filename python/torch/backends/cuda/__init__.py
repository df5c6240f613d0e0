"""torch.backends.cuda: the switches learner scripts set for CUDA: which kernels
scaled_dot_product_attention may pick (the SDP flags), cuBLAS's precision switches
(matmul.allow_tf32, ...) and the preferred linear-algebra library. They are kept and checked
with PyTorch's errors; tensorplay computes attention and matrix products one way on every
device, so no kernel reads them."""
import contextlib
import enum
import warnings

import torch

__all__ = ["is_built", "matmul", "preferred_linalg_library", "flash_sdp_enabled", "enable_flash_sdp",
           "mem_efficient_sdp_enabled", "enable_mem_efficient_sdp", "math_sdp_enabled", "enable_math_sdp",
           "cudnn_sdp_enabled", "enable_cudnn_sdp", "allow_fp16_bf16_reduction_math_sdp",
           "fp16_bf16_reduction_math_sdp_allowed", "is_flash_attention_available", "sdp_kernel"]


def is_built():
    """Whether this build has CUDA: as PyTorch's CUDA build with GPUs (real or simulated), and as a
    CPU-only build under --no-sim (torch.backends.cudnn answers the same way)."""
    return torch.cuda.is_available()


def _checked_bool(setter, value):
    if not isinstance(value, bool):
        raise RuntimeError(f"{setter} expects a bool, but got {type(value).__name__}")
    return value


# The SDP kernels and whether each may run. PyTorch's flash, mem_efficient and the fp16/bf16
# switch name set_sdp_use_math in their error (its setters share one check).
_sdp = {"flash": True, "mem_efficient": True, "math": True, "cudnn": True, "fp16_bf16_reduction_math": False}


def _setter(name, checked_as):
    def enable(enabled):
        _sdp[name] = _checked_bool(checked_as, enabled)
    return enable


enable_flash_sdp = _setter("flash", "set_sdp_use_math")
enable_mem_efficient_sdp = _setter("mem_efficient", "set_sdp_use_math")
enable_math_sdp = _setter("math", "set_sdp_use_math")
enable_cudnn_sdp = _setter("cudnn", "set_sdp_use_cudnn")
allow_fp16_bf16_reduction_math_sdp = _setter("fp16_bf16_reduction_math", "set_sdp_use_math")


def flash_sdp_enabled():
    return _sdp["flash"]


def mem_efficient_sdp_enabled():
    return _sdp["mem_efficient"]


def math_sdp_enabled():
    return _sdp["math"]


def cudnn_sdp_enabled():
    return _sdp["cudnn"]


def fp16_bf16_reduction_math_sdp_allowed():
    return _sdp["fp16_bf16_reduction_math"]


def is_flash_attention_available():
    return True


@contextlib.contextmanager
def sdp_kernel(enable_flash=True, enable_math=True, enable_mem_efficient=True, enable_cudnn=True):
    """Deprecated: the SDP flags for the block, then back as they were."""
    warnings.warn("`torch.backends.cuda.sdp_kernel()` is deprecated. In the future, this context manager will be "
                  "removed. Please see `torch.nn.attention.sdpa_kernel()` for the new context manager, with "
                  "updated signature.", FutureWarning, stacklevel=3)
    from torch.nn.attention import SDPBackend, sdpa_kernel
    chosen = [backend for backend, on in ((SDPBackend.FLASH_ATTENTION, enable_flash),
                                          (SDPBackend.EFFICIENT_ATTENTION, enable_mem_efficient),
                                          (SDPBackend.MATH, enable_math),
                                          (SDPBackend.CUDNN_ATTENTION, enable_cudnn)) if on]
    with sdpa_kernel(chosen) as context:
        yield context


class _LinalgBackend(enum.Enum):
    Default = 0
    Cusolver = 1
    Magma = 2

    def __repr__(self):
        return f"<_LinalgBackend.{self.name}: {self.value}>"

    def __str__(self):
        return f"_LinalgBackend.{self.name}"


_linalg_library = [_LinalgBackend.Default]


def preferred_linalg_library(backend=None):
    """The library CUDA linear algebra prefers ('default', 'cusolver', 'magma'); set when given."""
    if isinstance(backend, str):
        if backend not in ("default", "cusolver", "magma"):
            raise RuntimeError("Unknown input value. Choose from: default, cusolver, magma.")
        _linalg_library[0] = _LinalgBackend[backend.capitalize()]
    elif isinstance(backend, _LinalgBackend):
        _linalg_library[0] = backend
    elif backend is not None:
        raise RuntimeError("Unknown input value type.")
    return _linalg_library[0]


class cuBLASModule:
    """torch.backends.cuda.matmul: cuBLAS's precision switches, type-checked as PyTorch's."""
    _flags = {"allow_tf32": False, "allow_fp16_reduced_precision_reduction": True,
              "allow_fp16_reduced_precision_reduction_split_k": True,
              "allow_bf16_reduced_precision_reduction": True,
              "allow_bf16_reduced_precision_reduction_split_k": True, "allow_fp16_accumulation": False}

    def __getattr__(self, name):
        if name in cuBLASModule._flags:
            return cuBLASModule._flags[name]
        raise AttributeError("Unknown attribute " + name)

    def __setattr__(self, name, value):
        flags = cuBLASModule._flags
        if name == "allow_tf32":
            flags[name] = _checked_bool("set_allow_tf32_cublas", value)
        elif name == "allow_fp16_accumulation":
            flags[name] = _checked_bool("set_allow_fp16_accumulation_cublas", value)
        elif name in ("allow_fp16_reduced_precision_reduction", "allow_bf16_reduced_precision_reduction"):
            reduced, split_k = _reduction_setting(value, name)
            flags[name], flags[name + "_split_k"] = reduced, split_k
        else:
            raise AttributeError("Unknown attribute " + name)


def _reduction_setting(value, name):
    """A bool, or (allow_reduced_precision[, allow_splitk]), as PyTorch parses it."""
    def ensure_bool(obj, which):
        if isinstance(obj, bool):
            return obj
        raise TypeError(f"{name} expects a bool for {which}, but got {type(obj)!r}")
    if isinstance(value, bool):
        return value, True
    if not isinstance(value, (list, tuple)):
        raise TypeError(f"{name} expects a bool or a tuple/list of bools, but got {type(value)!r}")
    if not value:
        raise TypeError(f"{name} expects at least one boolean argument")
    if len(value) > 2:
        raise TypeError(f"{name} expects at most two boolean arguments")
    reduced = ensure_bool(value[0], "allow_reduced_precision")
    split_k = ensure_bool(value[1], "allow_splitk") if len(value) == 2 else True
    if reduced and not split_k:
        raise RuntimeError("allow_splitk=False is not supported when reduced precision reductions are enabled")
    return reduced, split_k


matmul = cuBLASModule()
