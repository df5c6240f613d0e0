"""torch.compiler: the compiler's switches. Nothing is ever being compiled in tensorplay (code
runs eagerly), so is_compiling() is False and disable() leaves a function as it is."""
import torch

__all__ = ["reset", "disable", "is_compiling", "is_dynamo_compiling"]


def reset():
    torch._dynamo.reset()


def disable(fn=None, recursive=True, *, reason=None):
    if fn is None:
        return lambda f: f
    return fn


def is_compiling():
    return False


def is_dynamo_compiling():
    return False
