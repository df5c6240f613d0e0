"""numba.cuda on tensorplay's simulated GPUs: @cuda.jit kernels (compiled from their Python
by _compiler.py, run warp by warp by the C++ interpreter), device arrays that share memory
with torch's 'cuda' tensors, streams, events and the device queries. Inside a kernel, the
names below (threadIdx, syncthreads, atomic.add, ...) are read by the compiler; called on the
host they say so."""
import numpy as np
import torch

from numba.cuda._device_array import (DeviceNDArray, device_array, device_array_like, is_cuda_array,  # noqa: F401
                                      pinned_array, pinned_array_like, to_device)
from numba.cuda._dispatcher import Dispatcher, jit, last_report  # noqa: F401
from numba.cuda._host import (Event, Stream, close, current_context, default_stream, detect, event,  # noqa: F401
                              event_elapsed_time, get_current_device, gpus, is_available, list_devices,
                              select_device, stream, synchronize, defer_cleanup, pinned, profile_start,
                              profile_stop)
from numba.cuda._host import _in_kernel_only
from numba.cuda._compiler import CompileError  # noqa: F401

threadIdx = blockIdx = blockDim = gridDim = None  # replaced below
warpsize = 32

for _name in ['grid', 'gridsize', 'syncthreads', 'syncthreads_count', 'syncthreads_and', 'syncthreads_or',
              'syncwarp', 'threadfence', 'threadfence_block', 'threadfence_system', 'shfl_sync', 'shfl_up_sync',
              'shfl_down_sync', 'shfl_xor_sync', 'ballot_sync', 'activemask', 'fma', 'laneid']:
    globals()[_name] = _in_kernel_only(_name)
threadIdx, blockIdx, blockDim, gridDim = (_in_kernel_only(n) for n in ['threadIdx', 'blockIdx', 'blockDim', 'gridDim'])


class _Namespace:
    def __init__(self, name, members):
        self._name = name
        for m in members:
            setattr(self, m, _in_kernel_only(f"{name}.{m}"))

    def __repr__(self):
        return f"<numba.cuda.{self._name}>"


shared = _Namespace('shared', ['array'])
local = _Namespace('local', ['array'])
const = _Namespace('const', ['array_like'])
atomic = _Namespace('atomic', ['add', 'sub', 'max', 'min', 'exch', 'compare_and_swap', 'cas', 'and_', 'or_',
                               'xor', 'inc', 'dec'])
del _name
