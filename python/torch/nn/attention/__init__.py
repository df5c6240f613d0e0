"""torch.nn.attention: SDPBackend and sdpa_kernel, which choose the kernels
scaled_dot_product_attention may use (the flags of torch.backends.cuda) for a block."""
import contextlib
import enum

import torch.backends.cuda as _cuda

__all__ = ["SDPBackend", "sdpa_kernel"]


class SDPBackend(enum.IntEnum):
    ERROR = -1
    MATH = 0
    FLASH_ATTENTION = 1
    EFFICIENT_ATTENTION = 2
    CUDNN_ATTENTION = 3
    OVERRIDEABLE = 4

    def __str__(self):
        return f"SDPBackend.{self.name}"


# Each backend's flag in torch.backends.cuda (OVERRIDEABLE has none here).
_FLAGS = {SDPBackend.CUDNN_ATTENTION: "cudnn", SDPBackend.FLASH_ATTENTION: "flash",
          SDPBackend.EFFICIENT_ATTENTION: "mem_efficient", SDPBackend.MATH: "math"}


@contextlib.contextmanager
def sdpa_kernel(backends, set_priority=False):
    """Only `backends` (one SDPBackend or a list) enabled for the block; the flags are restored after."""
    if not isinstance(backends, (list, SDPBackend)):
        raise AssertionError("Backend must be an instance of SDPBackend or a list of SDPBackend instances, got "
                             f"{type(backends).__name__}")
    if isinstance(backends, SDPBackend):
        backends = [backends]
    previous = dict(_cuda._sdp)
    try:
        for backend, flag in _FLAGS.items():
            _cuda._sdp[flag] = backend in backends
        yield {}
    finally:
        _cuda._sdp.update(previous)
