"""torch.utils: the data loading utilities (torch.utils.data)."""
from torch.utils import data  # noqa: F401
