"""torch.cuda: the GPUs tensorplay sees (real ones, or simulated ones with --sim-gpus), their
properties and memory statistics, streams, events and synchronization, over torch._C's _cuda_*
functions."""
from torch._C import OutOfMemoryError, _CudaDeviceProperties  # noqa: F401
from torch import _C
from torch.cuda import amp  # noqa: F401
from torch.cuda.streams import (  # noqa: F401
    Event, Stream, StreamContext, current_stream, default_stream, set_stream, stream)
from torch.cuda import memory  # noqa: F401
from torch.cuda.memory import (  # noqa: F401
    max_memory_reserved, memory_snapshot, memory_stats, memory_stats_as_nested_dict, memory_summary,
    reset_accumulated_memory_stats)


def is_available():
    return _C._cuda_is_available()


def device_count():
    return _C._cuda_device_count()


def current_device():
    return _C._cuda_current_device()


def set_device(device):
    _C._cuda_set_device(device)


def get_device_name(device=None):
    return _C._cuda_get_device_name(device)


def get_device_properties(device=None):
    return _C._cuda_get_device_properties(device)


def is_bf16_supported(including_emulation=True):
    """As PyTorch: compute capability 8.0 and later natively, older GPUs by emulation."""
    if not is_available():
        return False
    if get_device_properties(current_device()).major >= 8:
        return True
    return including_emulation


def memory_allocated(device=None):
    return _C._cuda_memory_allocated(device)


def memory_reserved(device=None):
    return _C._cuda_memory_reserved(device)


def mem_get_info(device=None):
    """(free, total) bytes of the GPU. A simulated GPU's memory is used only by this process's
    caching allocator, so free is its total less what the allocator has reserved (a real GPU's
    driver would also count other processes and the CUDA context)."""
    reserved = memory_reserved(device)
    total = get_device_properties(device).total_memory
    return total - reserved, total


def max_memory_allocated(device=None):
    return _C._cuda_max_memory_allocated(device)


def reset_peak_memory_stats(device=None):
    _C._cuda_reset_peak_memory_stats(device)


def empty_cache():
    _C._cuda_empty_cache()


def synchronize(device=None):
    _C._cuda_synchronize(device)


def manual_seed(seed):
    # The simulated GPUs draw from the host generator, so there is nothing to seed here.
    int(seed)


manual_seed_all = manual_seed


class device:
    """`with torch.cuda.device(1):` makes that GPU the current one for the block."""

    def __init__(self, device):
        self.idx = -1 if device is None else _C._cuda_device_index(device)
        self.prev_idx = -1

    def __enter__(self):
        if self.idx >= 0:
            self.prev_idx = current_device()
            if self.prev_idx != self.idx:
                set_device(self.idx)

    def __exit__(self, *exc):
        if self.idx >= 0 and self.prev_idx != self.idx:
            set_device(self.prev_idx)
        return False


from torch._legacy_tensors import cuda_types as _cuda_types  # noqa: E402  (torch.cuda.FloatTensor, ...)

globals().update(_cuda_types)
