"""nn.Parameter: a Tensor subclass that nn.Module registers as one of its parameters."""
import torch


class Parameter(torch.Tensor):
    def __new__(cls, data=None, requires_grad=True):
        if data is None:
            data = torch.empty(0)
        return torch.Tensor._make_subclass(cls, data, requires_grad)

    def __init__(self, *args, **kwargs):
        pass

    def __repr__(self):
        return "Parameter containing:\n" + super().__repr__()
