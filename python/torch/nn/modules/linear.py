"""nn.Linear (y = x W^T + b), nn.LazyLinear and nn.Identity. Linear draws its initial weights as PyTorch's
reset_parameters does, so after torch.manual_seed they equal PyTorch's CPU values."""
import math

import torch
from torch.nn import functional as F
from torch.nn import init
from torch.nn.modules.lazy import LazyModuleMixin
from torch.nn.modules.module import Module
from torch.nn.parameter import Parameter, UninitializedParameter


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


class LazyLinear(LazyModuleMixin, Linear):
    """A Linear whose in_features is inferred from its first input (input.shape[-1]); it becomes
    an nn.Linear then, its weight and bias drawn as Linear draws them."""

    cls_to_become = Linear

    def __init__(self, out_features, bias=True, device=None, dtype=None):
        # bias False here: the empty tensors made now are replaced at once.
        super().__init__(0, 0, False)
        self.weight = UninitializedParameter(device=device, dtype=dtype)
        self.out_features = out_features
        if bias:
            self.bias = UninitializedParameter(device=device, dtype=dtype)

    def reset_parameters(self):
        if not self.has_uninitialized_params() and self.in_features != 0:
            super().reset_parameters()

    def initialize_parameters(self, input):
        if self.has_uninitialized_params():
            with torch.no_grad():
                self.in_features = input.shape[-1]
                self.weight.materialize((self.out_features, self.in_features))
                if self.bias is not None:
                    self.bias.materialize((self.out_features,))
                self.reset_parameters()
        if self.in_features == 0:
            if input.shape[-1] != self.weight.shape[-1]:
                raise AssertionError(f"The in_features inferred from input: {input.shape[-1]} is not equal to "
                                     f"in_features from self.weight: {self.weight.shape[-1]}")
            self.in_features = input.shape[-1]


class NonDynamicallyQuantizableLinear(Linear):
    """A Linear under another name (PyTorch uses it to keep quantization tools off out_proj)."""

    def __init__(self, in_features, out_features, bias=True, device=None, dtype=None):
        super().__init__(in_features, out_features, bias=bias, device=device, dtype=dtype)
