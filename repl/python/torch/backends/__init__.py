"""torch.backends: which backends this build has (torch.backends.mps)."""
from torch.backends import mps  # noqa: F401
