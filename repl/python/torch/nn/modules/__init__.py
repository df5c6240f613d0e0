"""The module classes of torch.nn, one file per family as in PyTorch."""
from torch.nn.modules.module import Module  # noqa: F401
from torch.nn.modules.container import ModuleDict, ModuleList, ParameterList, Sequential  # noqa: F401
from torch.nn.modules.linear import Identity, Linear  # noqa: F401
from torch.nn.modules.activation import LogSoftmax, ReLU, Sigmoid, Softmax, Tanh  # noqa: F401
from torch.nn.modules.dropout import Dropout  # noqa: F401
from torch.nn.modules.flatten import Flatten  # noqa: F401
from torch.nn.modules.loss import (  # noqa: F401
    BCELoss, BCEWithLogitsLoss, CrossEntropyLoss, HuberLoss, L1Loss, MSELoss, NLLLoss, SmoothL1Loss,
)

__all__ = [
    "Module", "Sequential", "ModuleList", "ModuleDict", "ParameterList", "Identity", "Linear", "ReLU", "Sigmoid",
    "Tanh", "Softmax", "LogSoftmax", "Dropout", "Flatten", "L1Loss", "MSELoss", "NLLLoss", "CrossEntropyLoss",
    "BCELoss", "BCEWithLogitsLoss", "SmoothL1Loss", "HuberLoss",
]
