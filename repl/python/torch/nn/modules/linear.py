"""nn.Linear (y = x W^T + b) and nn.Identity. Linear draws its initial weights as PyTorch's
reset_parameters does, so after torch.manual_seed they equal PyTorch's CPU values."""
import math

import torch
from torch.nn import functional as F
from torch.nn import init
from torch.nn.modules.module import Module
from torch.nn.parameter import Parameter


class Identity(Module):
    def __init__(self, *args, **kwargs):
        super().__init__()

    def forward(self, input):
        return input


class Linear(Module):
    def __init__(self, in_features, out_features, bias=True, device=None, dtype=None):
        super().__init__()
        self.in_features = in_features
        self.out_features = out_features
        # Drawn on the CPU, then moved: the values do not depend on the device.
        kwargs = {} if dtype is None else {"dtype": dtype}
        self.weight = Parameter(torch.empty((out_features, in_features), **kwargs))
        if bias:
            self.bias = Parameter(torch.empty(out_features, **kwargs))
        else:
            self.register_parameter("bias", None)
        self.reset_parameters()
        if device is not None:
            self.to(device)

    def reset_parameters(self):
        init.kaiming_uniform_(self.weight, a=math.sqrt(5))
        if self.bias is not None:
            fan_in, _ = init._calculate_fan_in_and_fan_out(self.weight)
            bound = 1 / math.sqrt(fan_in) if fan_in > 0 else 0
            init.uniform_(self.bias, -bound, bound)

    def forward(self, input):
        return F.linear(input, self.weight, self.bias)

    def extra_repr(self):
        return f"in_features={self.in_features}, out_features={self.out_features}, bias={self.bias is not None}"
