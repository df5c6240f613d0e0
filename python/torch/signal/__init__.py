"""torch.signal: the window functions (torch.signal.windows)."""
from torch.signal import windows  # noqa: F401
