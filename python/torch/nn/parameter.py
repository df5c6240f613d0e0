"""nn.Parameter: a Tensor subclass that nn.Module registers as one of its parameters."""
import torch
from torch import _C  # torch.Tensor (torch/__init__.py imports this file)


class Parameter(_C.Tensor):
    def __new__(cls, data=None, requires_grad=True):
        if data is None:
            data = torch.empty(0)
        return torch.Tensor._make_subclass(cls, data, requires_grad)

    def __init__(self, *args, **kwargs):
        pass

    def __deepcopy__(self, memo):
        # copy.deepcopy(model): a new parameter with copied values, shared within one deepcopy.
        if id(self) not in memo:
            memo[id(self)] = type(self)(self.detach().clone(), self.requires_grad)
        return memo[id(self)]

    def __repr__(self):
        return "Parameter containing:\n" + super().__repr__()


class UninitializedTensorMixin:
    """A parameter or buffer of a lazy module before its first forward: no shape yet.
    materialize(shape) gives it its storage and turns it into cls_to_become."""

    def materialize(self, shape, device=None, dtype=None):
        if device is None:
            device = self.data.device
        if dtype is None:
            dtype = self.data.dtype
        self.data = torch.empty(shape, device=device, dtype=dtype)
        self.__class__ = self.cls_to_become

    @property
    def shape(self):
        raise RuntimeError(
            "Can't access the shape of an uninitialized parameter or buffer. This error usually happens in "
            "`load_state_dict` when trying to load an uninitialized parameter into an initialized one. Call "
            "`forward` to initialize the parameters before accessing their attributes.")

    def share_memory_(self):
        raise RuntimeError(
            "Can't share memory on an uninitialized parameter or buffer. Call `forward` to initialize the "
            "parameters before calling `module.share_memory()`.")

    def __repr__(self):
        return f"<{self.__class__.__name__}>"

    def __reduce_ex__(self, proto):
        return (self.__class__, (self.requires_grad,))


def is_lazy(param):
    """Whether param is an UninitializedParameter or UninitializedBuffer."""
    return isinstance(param, UninitializedTensorMixin)


class UninitializedParameter(UninitializedTensorMixin, Parameter):
    cls_to_become = Parameter

    def __new__(cls, requires_grad=True, device=None, dtype=None):
        data = torch.empty(0, device=device, dtype=dtype)
        return torch.Tensor._make_subclass(cls, data, requires_grad)

    def __deepcopy__(self, memo):
        if id(self) not in memo:
            memo[id(self)] = type(self)(self.requires_grad, self.data.device, self.data.dtype)
        return memo[id(self)]


class UninitializedBuffer(UninitializedTensorMixin, _C.Tensor):
    cls_to_become = _C.Tensor

    def __new__(cls, requires_grad=False, device=None, dtype=None, persistent=True):
        data = torch.empty(0, device=device, dtype=dtype)
        ret = torch.Tensor._make_subclass(cls, data, requires_grad)
        ret.persistent = persistent
        ret._is_buffer = True
        return ret
