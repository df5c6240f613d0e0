"""OptimizedModule, what torch.compile(module) returns: a Module whose only child is the
original (_orig_mod, so state_dict keys gain the "_orig_mod." prefix) and whose other
attributes are the original's (torch/_dynamo/eval_frame.py). Calling it runs the original
module eagerly; outputs are renamed as the backend's would be."""
import functools

import torch
from torch.nn.modules.module import Module


def _rename_compiled_outputs(result, backend):
    """AOTAutograd (every backend but "eager") returns outputs whose grad_fn is its own
    CompiledFunctionBackward; the values are the eager ones."""
    if backend == "eager":
        return result
    outputs = result if isinstance(result, (tuple, list)) else (result,)
    for out in outputs:
        if isinstance(out, torch.Tensor) and out.grad_fn is not None:
            torch._C._nn._rename_grad_fn(out, "CompiledFunctionBackward")
    return result


def _eager_callable(fn, backend):
    @functools.wraps(fn)
    def compiled(*args, **kwargs):
        return _rename_compiled_outputs(fn(*args, **kwargs), backend)
    return compiled


class OptimizedModule(Module):
    _opt_mod_attributes = {"_orig_mod", "dynamo_ctx", "_torchdynamo_orig_callable", "get_compiler_config",
                           "forward", "_forward", "__dict__", "named_children_walk", "_super_module_initialized"}

    def __init__(self, mod, backend="inductor"):
        # _orig_mod first: attribute access on self reads it (Module.__init__ sets training).
        object.__setattr__(self, "_orig_mod", mod)
        self._super_module_initialized = False
        super().__init__()
        self._super_module_initialized = True
        self._orig_mod = mod  # registered as the only child
        self._torchdynamo_orig_callable = mod.__call__
        self.forward = _eager_callable(mod.__call__, backend)
        self._forward = self.forward

    @property
    def training(self):
        return self._orig_mod.training

    @training.setter
    def training(self, value):
        # Module.__init__'s default is ignored: training mirrors the original's.
        if self._super_module_initialized:
            self._orig_mod.training = value

    def __getattr__(self, name):
        if name == "_orig_mod":
            return self._modules["_orig_mod"]
        return getattr(self._orig_mod, name)

    def __setattr__(self, name, val):
        # Class attributes and the wrapper's own go to the wrapper; the rest to the original.
        if hasattr(type(self), name) or name in OptimizedModule._opt_mod_attributes:
            return super().__setattr__(name, val)
        return setattr(self._orig_mod, name, val)

    def __delattr__(self, name):
        if hasattr(type(self), name) or name in OptimizedModule._opt_mod_attributes:
            return super().__delattr__(name)
        return delattr(self._orig_mod, name)

    def __dir__(self):
        orig_mod_attrs = self._orig_mod.__dir__()
        return orig_mod_attrs + [attr for attr in super().__dir__() if attr not in orig_mod_attrs]
