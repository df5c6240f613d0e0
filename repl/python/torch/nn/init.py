"""torch.nn.init: in-place initialisers over core/nn/init, which draws from the same generator
calls as PyTorch, so after torch.manual_seed the values are PyTorch's. Each returns its tensor."""
from torch._C._nn import _calculate_fan_in_and_fan_out, calculate_gain  # noqa: F401
from torch._C import _nn


def uniform_(tensor, a=0.0, b=1.0):
    return _nn._init_uniform_(tensor, a, b)


def normal_(tensor, mean=0.0, std=1.0):
    return _nn._init_normal_(tensor, mean, std)


def constant_(tensor, val):
    return _nn._init_constant_(tensor, val)


def zeros_(tensor):
    return _nn._init_zeros_(tensor)


def ones_(tensor):
    return _nn._init_ones_(tensor)


def kaiming_uniform_(tensor, a=0, mode="fan_in", nonlinearity="leaky_relu"):
    return _nn._init_kaiming_uniform_(tensor, a, mode, nonlinearity)


def kaiming_normal_(tensor, a=0, mode="fan_in", nonlinearity="leaky_relu"):
    return _nn._init_kaiming_normal_(tensor, a, mode, nonlinearity)


def xavier_uniform_(tensor, gain=1.0):
    return _nn._init_xavier_uniform_(tensor, gain)


def xavier_normal_(tensor, gain=1.0):
    return _nn._init_xavier_normal_(tensor, gain)
