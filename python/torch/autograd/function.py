"""torch.autograd.Function: custom differentiable operations written in Python, with PyTorch's
ctx API (save_for_backward, needs_input_grad, mark_non_differentiable, mark_dirty,
set_materialize_grads) and texts. The node that calls backward lives in C++
(torch._C._function_attach); an output's grad_fn is the ctx object, of class <Name>Backward,
as in PyTorch."""
import functools
import warnings

import torch
from torch import _C

__all__ = ["FunctionCtx", "BackwardCFunction", "FunctionMeta", "Function", "once_differentiable",
           "InplaceFunction"]


class FunctionCtx:
    """What forward and backward share: tensors saved for backward and flags set in forward."""

    materialize_grads = True

    def save_for_backward(self, *tensors):
        self.to_save = tensors

    def mark_dirty(self, *args):
        self.dirty_tensors = args

    def mark_non_differentiable(self, *args):
        self.non_differentiable = args

    def set_materialize_grads(self, value):
        self.materialize_grads = value


class BackwardCFunction(FunctionCtx):
    """The ctx of one call, and the grad_fn of its outputs (a node of the backward graph)."""

    def name(self):
        return type(self).__name__

    @property
    def next_functions(self):
        return _C._function_next_functions(self._cdata)

    @property
    def saved_tensors(self):
        if not hasattr(self, "_cdata"):
            return tuple(getattr(self, "to_save", ()))
        return _C._function_saved_tensors(self._cdata)

    def _run_backward(self, *grad_outputs):
        """Called by the node: the user's backward, checked as PyTorch checks it; returns the
        gradients of the tensor inputs only."""
        name = self.name()
        result = self._forward_cls.backward(self, *grad_outputs)
        if not isinstance(result, tuple):
            result = (result,)
        expected = len(self._is_tensor_input)
        if len(result) > expected and all(g is None for g in result[expected:]):
            result = result[:expected]
        if len(result) != expected:
            raise RuntimeError(f"function {name} returned an incorrect number of gradients "
                               f"(expected {expected}, got {len(result)})")
        grads = []
        for i, (g, is_tensor) in enumerate(zip(result, self._is_tensor_input)):
            if not is_tensor:
                if g is not None:
                    raise RuntimeError(f"function {name} returned a gradient different than None at position "
                                       f"{i + 1}, but the corresponding forward input was not a Variable")
                continue
            if g is not None and not isinstance(g, torch.Tensor):
                raise RuntimeError(f"expected Variable or None (got {type(g).__name__})")
            grads.append(g)
        return grads


class FunctionMeta(type):
    """Gives each Function subclass its backward class, <Name>Backward."""

    def __init__(cls, name, bases, attrs):
        cls._backward_cls = type(name + "Backward", (BackwardCFunction,),
                                 {"_forward_cls": cls, "__module__": __name__})
        super().__init__(name, bases, attrs)


class Function(FunctionCtx, metaclass=FunctionMeta):
    """Subclass with @staticmethod forward(ctx, *args) and backward(ctx, *grad_outputs); call
    it as MyFunction.apply(*args)."""

    def __init__(self, *args, **kwargs):
        warnings.warn(f"{self.__class__} should not be instantiated. Methods on autograd functions are all "
                      "static, so you should invoke them on the class itself. Instantiating an autograd function "
                      "will raise an error in a future version of PyTorch.", DeprecationWarning, stacklevel=2)

    def __call__(self, *args, **kwargs):
        raise RuntimeError("Legacy autograd function with non-static forward method is deprecated. Please use "
                           "new-style autograd function with static forward method. (Example: "
                           "https://pytorch.org/docs/stable/autograd.html#torch.autograd.Function)")

    @staticmethod
    def forward(*args, **kwargs):
        raise NotImplementedError("You must implement the forward function for custom autograd.Function.")

    @staticmethod
    def setup_context(ctx, inputs, output):
        raise NotImplementedError("setup_context is not implemented.")

    @staticmethod
    def backward(ctx, *grad_outputs):
        raise NotImplementedError("You must implement either the backward or vjp method for your custom "
                                  "autograd.Function to use it with backward mode AD.")

    vjp = backward

    @classmethod
    def apply(cls, *args, **kwargs):
        ctx = cls._backward_cls()
        is_tensor = tuple(isinstance(a, torch.Tensor) for a in args)
        ctx._is_tensor_input = is_tensor
        ctx.needs_input_grad = tuple(t and a.requires_grad for t, a in zip(is_tensor, args))
        with torch.no_grad():
            if cls.setup_context is Function.setup_context:
                output = cls.forward(ctx, *args, **kwargs)
            else:
                output = cls.forward(*args, **kwargs)
                cls.setup_context(ctx, args, output)
        if not (torch.is_grad_enabled() and any(ctx.needs_input_grad)):
            return output
        outputs = output if isinstance(output, tuple) else (output,)
        inputs = [a for a in args if isinstance(a, torch.Tensor)]
        saved = getattr(ctx, "to_save", ())
        for i, t in enumerate(saved):
            if not (t is None or isinstance(t, torch.Tensor)):
                raise TypeError(f"save_for_backward can only save variables, but argument {i} is of type "
                                f"{type(t).__name__}")
        if hasattr(ctx, "to_save"):
            del ctx.to_save
        outputs = _C._function_attach(ctx, inputs, outputs, getattr(ctx, "non_differentiable", ()),
                                      getattr(ctx, "dirty_tensors", ()), saved)
        return outputs if isinstance(output, tuple) else outputs[0]


class InplaceFunction(Function):
    def __init__(self, inplace=False):
        super().__init__()
        self.inplace = inplace


def once_differentiable(fn):
    """Decorates a backward whose own computation is not differentiated (runs without grad)."""

    @functools.wraps(fn)
    def wrapper(ctx, *args):
        with torch.no_grad():
            return fn(ctx, *args)
    return wrapper
