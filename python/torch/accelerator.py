"""torch.accelerator: the device-generic API of PyTorch 2.6+ (is_available, current_accelerator,
device_count, ...). tensorplay's accelerator is CUDA, real or simulated, so each call is
torch.cuda's."""
import torch

__all__ = ["current_accelerator", "current_device_idx", "current_device_index", "device_count", "device_index",
           "empty_cache", "is_available", "max_memory_allocated", "memory_allocated", "memory_reserved",
           "reset_peak_memory_stats", "set_device_idx", "set_device_index", "synchronize"]


def is_available():
    """True when a (real or simulated) GPU is present."""
    return torch.cuda.is_available()


def current_accelerator(check_available=False):
    """torch.device('cuda'): the kind this build accelerates with; None when check_available
    is set and no GPU is present."""
    if check_available and not is_available():
        return None
    return torch.device("cuda")


def device_count():
    return torch.cuda.device_count()


def current_device_index():
    return torch.cuda.current_device()


def set_device_index(device):
    torch.cuda.set_device(device)


current_device_idx = current_device_index
set_device_idx = set_device_index
device_index = torch.cuda.device


def synchronize(device=None):
    torch.cuda.synchronize(device)


def empty_cache():
    torch.cuda.empty_cache()


def memory_allocated(device_index=None):
    return torch.cuda.memory_allocated(device_index)


def max_memory_allocated(device_index=None):
    return torch.cuda.max_memory_allocated(device_index)


def memory_reserved(device_index=None):
    return torch.cuda.memory_reserved(device_index)


def reset_peak_memory_stats(device_index=None):
    torch.cuda.reset_peak_memory_stats(device_index)
