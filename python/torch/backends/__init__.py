"""torch.backends: which backends this build has (torch.backends.mps) and the cuDNN switches
(torch.backends.cudnn)."""
from torch.backends import cudnn, mps  # noqa: F401
from torch.backends import mha  # noqa: F401,E402
