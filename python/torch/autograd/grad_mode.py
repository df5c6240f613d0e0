"""Grad mode as PyTorch spells it: torch.no_grad, enable_grad, set_grad_enabled and
inference_mode, each a context manager and a function decorator, over torch._C's switch."""
import functools

from torch import _C

__all__ = ["no_grad", "enable_grad", "set_grad_enabled", "inference_mode"]


class _GradModeContext:
    """Sets grad mode to `self.mode` inside a `with` block (restoring the previous mode after)
    or around each call of a decorated function."""

    mode = False

    def __enter__(self):
        self.prev = _C.is_grad_enabled()
        _C._set_grad_enabled(self.mode)

    def __exit__(self, exc_type, exc_value, traceback):
        _C._set_grad_enabled(self.prev)
        return False

    def clone(self):
        return self.__class__()

    def __call__(self, func):
        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            with self.clone():
                return func(*args, **kwargs)
        return wrapper


class _NoParamContext(_GradModeContext):
    def __new__(cls, orig_func=None):
        # `@torch.no_grad` without parentheses decorates directly, as in PyTorch 2.x.
        if orig_func is None:
            return super().__new__(cls)
        return cls()(orig_func)


class no_grad(_NoParamContext):
    """Operations inside record no graph: `with torch.no_grad():` or `@torch.no_grad()`."""


class enable_grad(_NoParamContext):
    """Turns recording back on inside a no_grad block."""

    mode = True


class set_grad_enabled(_GradModeContext):
    """torch.set_grad_enabled(mode): takes effect at once; as a context manager the previous
    mode comes back at the end of the block."""

    def __init__(self, mode):
        self.prev = _C.is_grad_enabled()
        self.mode = bool(mode)
        _C._set_grad_enabled(self.mode)

    def __call__(self, func):
        # As a decorator the mode applies to the calls only, not from the decoration on.
        _C._set_grad_enabled(self.prev)
        return super().__call__(func)

    def __enter__(self):
        _C._set_grad_enabled(self.mode)

    def clone(self):
        return self.__class__(self.mode)

    def __repr__(self):
        return f"torch.autograd.grad_mode.set_grad_enabled(mode={self.mode})"


class inference_mode(_GradModeContext):
    """torch.inference_mode(mode=True): tensorplay treats it as no_grad (it has no separate
    inference tensors); inference_mode(False) leaves grad mode as it is."""

    def __new__(cls, mode=True):
        # `@torch.inference_mode` without parentheses decorates directly.
        if isinstance(mode, bool):
            return super().__new__(cls)
        return cls()(mode)

    def __init__(self, mode=True):
        self.inference = mode

    def __enter__(self):
        self.prev = _C.is_grad_enabled()
        _C._set_grad_enabled(self.prev and not self.inference)

    def clone(self):
        return self.__class__(self.inference)
