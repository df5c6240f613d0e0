"""torch.autograd: gradients of tensors with respect to others (grad, backward) and grad mode."""
from torch import _C
from torch.autograd import functional  # noqa: F401
from torch.autograd.function import Function  # noqa: F401
from torch.autograd.gradcheck import gradcheck, gradgradcheck  # noqa: F401
from torch.autograd.grad_mode import enable_grad, inference_mode, no_grad, set_grad_enabled  # noqa: F401
from torch.autograd.variable import Variable  # noqa: F401



def __getattr__(name):
    # torch.autograd.profiler loads on first use (it brings torch.profiler): start-up time counts.
    if name == "profiler":
        import importlib
        return importlib.import_module("torch.autograd.profiler")
    raise AttributeError(f"module 'torch.autograd' has no attribute '{name}'")


__all__ = ["Function", "Variable", "gradcheck", "gradgradcheck", "backward", "grad", "no_grad", "enable_grad", "set_grad_enabled", "inference_mode"]


def _as_tuple(x):
    if x is None or isinstance(x, (list, tuple)):
        return x
    return (x,)


def backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False, inputs=None):
    """Adds the gradients of `tensors` into the .grad of the leaves they were computed from."""
    if inputs is not None:
        raise NotImplementedError("backward(inputs=...) is not supported by tensorplay")
    if retain_graph is None:
        retain_graph = create_graph
    _C._autograd_backward(_as_tuple(tensors), _as_tuple(grad_tensors), retain_graph, create_graph)


def grad(outputs, inputs, grad_outputs=None, retain_graph=None, create_graph=False, only_inputs=True,
         allow_unused=None, is_grads_batched=False, materialize_grads=False):
    """The gradients of `outputs` with respect to each of `inputs`, as a tuple (.grad untouched)."""
    if is_grads_batched:
        raise NotImplementedError("grad(is_grads_batched=True) is not supported by tensorplay")
    if retain_graph is None:
        retain_graph = create_graph
    if allow_unused is None:
        allow_unused = materialize_grads
    result = _C._autograd_grad(_as_tuple(outputs), _as_tuple(inputs), _as_tuple(grad_outputs), retain_graph,
                               create_graph, allow_unused)
    if materialize_grads:
        from torch import zeros_like
        result = tuple(zeros_like(i) if g is None else g for g, i in zip(result, _as_tuple(inputs)))
    return result
