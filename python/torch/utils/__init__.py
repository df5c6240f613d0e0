"""torch.utils: data loading (torch.utils.data) and activation checkpointing
(torch.utils.checkpoint), both reachable after `import torch` as in PyTorch."""
from torch.utils import checkpoint, data  # noqa: F401
