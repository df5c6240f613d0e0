"""The module classes of torch.nn, one file per family as in PyTorch."""
from torch.nn.modules.module import Module  # noqa: F401
from torch.nn.modules.container import ModuleDict, ModuleList, ParameterList, Sequential  # noqa: F401
from torch.nn.modules.linear import Identity, Linear  # noqa: F401
from torch.nn.modules.activation import LogSoftmax, ReLU, Sigmoid, Softmax, Tanh  # noqa: F401
from torch.nn.modules.dropout import Dropout  # noqa: F401
from torch.nn.modules.flatten import Flatten  # noqa: F401
from torch.nn.modules.loss import (  # noqa: F401
    BCELoss, BCEWithLogitsLoss, CrossEntropyLoss, L1Loss, MSELoss, NLLLoss,
)

__all__ = [
    "Module", "Sequential", "ModuleList", "ModuleDict", "ParameterList", "Identity", "Linear", "ReLU", "Sigmoid",
    "Tanh", "Softmax", "LogSoftmax", "Dropout", "Flatten", "L1Loss", "MSELoss", "NLLLoss", "CrossEntropyLoss",
    "BCELoss", "BCEWithLogitsLoss",
]

from torch.nn.modules.activation import (  # noqa: F401,E402
    CELU, ELU, GELU, Hardtanh, LeakyReLU, LogSigmoid, Mish, ReLU6, SELU, SiLU, Softplus,
)

__all__ += ["SiLU", "GELU", "LeakyReLU", "ELU", "SELU", "CELU", "Softplus", "Hardtanh", "ReLU6", "Mish", "LogSigmoid"]
