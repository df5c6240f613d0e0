"""torch.nn: nn.Module and the layers, containers and losses built on it (written in Python as
in PyTorch), nn.Parameter, and the functional and init submodules over the C++ core."""
from torch.nn.parameter import Parameter  # noqa: F401
from torch.nn.parameter import UninitializedBuffer, UninitializedParameter  # noqa: F401
from torch.nn.modules import *  # noqa: F401,F403
from torch.nn.modules import Module  # noqa: F401
from torch.nn import functional, init  # noqa: F401


def __getattr__(name):
    # Lazy: torch.nn.parallel and torch.nn.utils are imported only when first asked for.
    if name in ("DataParallel", "DistributedDataParallel"):
        import torch.nn.parallel as parallel
        return getattr(parallel, name)
    if name == "parallel":
        import torch.nn.parallel as parallel
        return parallel
    if name == "utils":
        import torch.nn.utils as utils
        return utils
    raise AttributeError(f"module 'torch.nn' has no attribute '{name}'")
