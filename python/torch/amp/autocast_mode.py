"""torch.autocast / torch.amp.autocast: inside the block, ops on that device type run in lower
precision where PyTorch's autocast policy says so (core/amp decides per op); also a decorator."""
import functools
import warnings

from torch import _C


class autocast:
    def __init__(self, device_type, dtype=None, enabled=True, cache_enabled=None):
        if not isinstance(device_type, str):
            raise ValueError(f"Expected `device_type` of type `str`, got: `{type(device_type)}`")
        self.fast_dtype = _C.get_autocast_dtype(device_type) if dtype is None else dtype
        self.device = device_type
        self._cache_enabled = True if cache_enabled is None else cache_enabled
        if enabled:
            if device_type == "cuda":
                if not _C._cuda_is_available():
                    warnings.warn("CUDA is not available or torch_xla is imported. Disabling autocast.", stacklevel=2)
                    enabled = False
            elif self.fast_dtype not in (_C.bfloat16, _C.float16):
                name = device_type.upper()
                warnings.warn(f"In {name} autocast, but the target dtype is not supported. Disabling autocast.\n"
                              f"{name} Autocast only supports dtypes of torch.bfloat16, torch.float16 currently.",
                              stacklevel=2)
                enabled = False
        self._enabled = enabled

    def __enter__(self):
        self._prev_enabled = _C.is_autocast_enabled(self.device)
        self._prev_dtype = _C.get_autocast_dtype(self.device)
        _C.set_autocast_enabled(self.device, self._enabled)
        _C.set_autocast_dtype(self.device, self.fast_dtype)

    def __exit__(self, exc_type, exc_value, traceback):
        _C.set_autocast_enabled(self.device, self._prev_enabled)
        _C.set_autocast_dtype(self.device, self._prev_dtype)
        return False

    def __call__(self, func):
        @functools.wraps(func)
        def decorate_autocast(*args, **kwargs):
            with self:
                return func(*args, **kwargs)
        return decorate_autocast
