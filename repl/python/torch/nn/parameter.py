"""nn.Parameter: a Tensor subclass that nn.Module registers as one of its parameters."""
import torch


class Parameter(torch.Tensor):
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
