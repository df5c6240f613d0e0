"""torch.autograd.Variable, kept as PyTorch 2.x keeps it for old code: since PyTorch 0.4 a
Variable is a Tensor. Variable(t) gives t's data detached, with requires_grad as asked (a
torch.Tensor, not a Variable); isinstance(x, Variable) holds for every tensor."""
import warnings

import torch


class _VariableMeta(type):
    def __instancecheck__(cls, other):
        return isinstance(other, torch.Tensor)


class Variable(metaclass=_VariableMeta):
    def __new__(cls, data=None, requires_grad=False, volatile=False, _grad_fn=None, name=None):
        if volatile:
            warnings.warn("volatile was removed and now has no effect. Use `with torch.no_grad():` instead.",
                          UserWarning, stacklevel=2)
        if data is None:
            data = torch.empty(0)
        elif not isinstance(data, torch.Tensor):
            raise TypeError(f"Variable data has to be a tensor, but got {type(data).__name__}")
        return torch.Tensor._legacy_variable(data, bool(requires_grad))
