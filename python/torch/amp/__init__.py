"""torch.amp: automatic mixed precision (autocast, GradScaler)."""
from torch.amp.autocast_mode import autocast  # noqa: F401
from torch.amp.grad_scaler import GradScaler  # noqa: F401
