"""torch.backends.mps: Apple's GPU backend, present only as a simulated device (--sim-mps)."""
from torch import _C


def is_available():
    return _C._mps_is_available()


def is_built():
    return _C._mps_is_available()
