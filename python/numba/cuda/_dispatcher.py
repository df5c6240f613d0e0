"""@cuda.jit and kernel launches: kernel[blocks, threads](args) compiles the kernel for its
arguments' array types (python/numba/cuda/_compiler.py), runs it on the warp interpreter of
the current simulated GPU (torch._C._numba_launch) and keeps the launch's report
(_report.py). numpy arrays are copied to the device and back, as numba does."""
import contextlib

import numpy as np
import torch

from numba.cuda import _compiler, _report
from numba.cuda._device_array import DeviceNDArray, numpy_dtype, to_device

_last = {'report': None}

# numba-cuda's text (numba/cuda/errors.py)
MISSING_LAUNCH_CONFIG = """
Kernel launch configuration was not specified. Use the syntax:

kernel_function[blockspergrid, threadsperblock](arg0, arg1, ..., argn)

See https://numba.readthedocs.io/en/stable/cuda/kernels.html#kernel-invocation for help.

"""


class CudaAPIError(Exception):
    """numba.cuda.cudadrv.driver.CudaAPIError: a CUDA driver call failed."""
    __module__ = 'numba.cuda.cudadrv.driver'

    def __init__(self, code, msg):
        self.code, self.msg = code, msg
        super().__init__(code, msg)

    def __str__(self):
        return f"[{self.code}] {self.msg}"


def last_report():
    """The report of the last kernel launched in this session (None before the first)."""
    return _last['report']


def _dim3(value, what):
    if isinstance(value, (int, np.integer)):
        value = (int(value),)
    value = tuple(int(v) for v in value)
    if not 1 <= len(value) <= 3:
        raise ValueError(f"{what} must be a sequence of 1, 2 or 3 integers, got {list(value)!r}")
    return list(value) + [1] * (3 - len(value))


class _Launch:
    def __init__(self, dispatcher, griddim, blockdim, stream, sharedmem):
        self.dispatcher, self.griddim, self.blockdim = dispatcher, griddim, blockdim
        self.stream, self.sharedmem = stream, sharedmem

    def __call__(self, *args):
        return self.dispatcher._launch(self.griddim, self.blockdim, self.stream, self.sharedmem, args)


class Dispatcher:
    """A @cuda.jit function: a kernel to launch, or (device=True) a function kernels call."""

    def __init__(self, py_func, device=False, debug=False, sigs=None):
        self.py_func = py_func
        self.device = device
        self.debug = debug
        self.sigs = sigs
        self._cache = {}
        self._consts = []
        self.__name__ = py_func.__name__
        self.__doc__ = py_func.__doc__

    def __repr__(self):
        return f"<numba.cuda.dispatcher.CUDADispatcher object at {hex(id(self))}>"

    def __getitem__(self, config):
        if self.device:
            raise TypeError(f"'{self.__name__}' is a device function (device=True): call it from a kernel")
        if not isinstance(config, tuple) or len(config) < 2:
            raise ValueError("must specify at least the griddim and blockdim")
        if len(config) > 4:
            raise ValueError("can specify at most griddim, blockdim, stream, and sharedmem")
        griddim, blockdim = config[0], config[1]
        stream = config[2] if len(config) > 2 else 0
        sharedmem = config[3] if len(config) > 3 else 0
        return _Launch(self, _dim3(griddim, 'griddim'), _dim3(blockdim, 'blockdim'), stream, sharedmem)

    def __call__(self, *args):
        if self.device:
            raise TypeError(f"device function '{self.__name__}' can only be called from a kernel")
        raise ValueError(MISSING_LAUNCH_CONFIG)

    def inspect_cuda_source(self):
        """The kernel as CUDA C++ for each argument types it was launched with (tensorplay's own,
        beside numba's inspect_asm): what a real GPU compiles with NVRTC."""
        from numba.cuda._cuda_source import cuda_source
        return {key: cuda_source(prog) for key, prog in self._cache.items()}

    def _const_array(self, compiler, host):
        """cuda.const.array_like(ary): a copy of a host array in device (constant) memory."""
        arr = np.asarray(host)
        dev = to_device(arr)
        self._consts.append(dev)
        t = dev._tensorplay_tensor
        compiler.p.arrays.append({'name': 'const.array', 'space': _compiler.SPACE_CONST,
                                  'elem': _compiler.ELEM[arr.dtype], 'shape': list(arr.shape),
                                  'strides': [s * t.element_size() for s in t.stride()],
                                  'data': t.data_ptr(), 'dynamic': False})
        return _compiler.Array(len(compiler.p.arrays) - 1, arr.dtype, arr.ndim)

    def _launch(self, griddim, blockdim, stream, sharedmem, args):
        tensors, specs, copy_back = [], [], []
        for a in args:
            t = None
            if isinstance(a, DeviceNDArray):
                t = a._tensorplay_tensor
            elif isinstance(a, torch.Tensor):
                a.__cuda_array_interface__  # PyTorch's errors for CPU tensors and requires_grad
                t = a
            elif isinstance(a, np.ndarray):
                dev = to_device(a)
                t = dev._tensorplay_tensor
                copy_back.append((a, dev))
            elif hasattr(a, '__cuda_array_interface__'):
                raise TypeError(f"tensorplay's numba.cuda takes its own device arrays and torch cuda tensors; "
                                f"got a {type(a).__name__}")
            if t is not None:
                if numpy_dtype(t) not in _compiler.ELEM:
                    raise TypeError(f"kernels on tensorplay's simulated GPU take arrays of "
                                    f"{', '.join(str(d) for d in _compiler.ELEM)}; got {numpy_dtype(t)}")
                tensors.append(t)
                specs.append((numpy_dtype(t), t.dim()))
            elif isinstance(a, (bool, int, float, np.number, np.bool_)):
                tensors.append(None)
                specs.append(a)
            else:
                raise TypeError(f"cannot pass a {type(a).__name__} to a kernel")
        key = tuple(s if isinstance(s, tuple) else (type(s), s) for s in specs)
        prog = self._cache.get(key)
        if prog is None:
            prog = _compiler.compile_kernel(self, self.py_func, specs)
            self._cache[key] = prog
        arrays = [dict(a) for a in prog.arrays]
        slot = 0
        for t in tensors:
            if t is None:
                continue
            arrays[slot].update(shape=list(t.shape) or [1], data=t.data_ptr() if t.numel() else 0,
                                strides=[s * t.element_size() for s in t.stride()] or [0])
            slot += 1
        device = torch.cuda.current_device()
        if torch._C._numba_real_gpu():
            return self._launch_real(prog, arrays, griddim, blockdim, int(sharedmem), device, copy_back)
        program = {'name': prog.name, 'code': [tuple(c) for c in prog.code], 'reg_types': prog.reg_types,
                   'arrays': arrays}
        ctx = torch.cuda.stream(stream._torch) if hasattr(stream, '_torch') else contextlib.nullcontext()
        try:
            with ctx:
                result = torch._C._numba_launch(program, griddim, blockdim, int(sharedmem), device)
        except torch.AcceleratorError as err:
            if 'invalid configuration argument' not in str(err) and 'invalid argument' not in str(err):
                raise
            # numba's error for a launch the driver refuses (too many threads per block, ...)
            raise CudaAPIError(1, 'Call to cuLaunchKernel results in CUDA_ERROR_INVALID_VALUE') from None
        for number, values in result['prints']:
            print(_compiler.format_print(prog.prints[number], values), end='')
        _last['report'] = _report.KernelReport(self.py_func, prog, griddim, blockdim, int(sharedmem),
                                               torch.cuda.get_device_name(device), result)
        torch._C._numba_set_report(str(_last['report']))
        for host, dev in copy_back:
            host[...] = dev.copy_to_host()
        return None


    def _launch_real(self, prog, arrays, griddim, blockdim, sharedmem, device, copy_back):
        """On a real GPU: the kernel's CUDA C++ through NVRTC; the time is measured."""
        from numba.cuda._cuda_source import cuda_source
        params = [(a['data'], a['shape'], a['strides']) for a in arrays
                  if a['space'] in (_compiler.SPACE_GLOBAL, _compiler.SPACE_CONST)]
        ms = torch._C._numba_launch_cuda(cuda_source(prog), prog.name, params, griddim, blockdim, sharedmem)
        _last['report'] = _report.MeasuredReport(prog.name, griddim, blockdim, torch.cuda.get_device_name(device), ms)
        for host, dev in copy_back:
            host[...] = dev.copy_to_host()
        return None


def jit(func_or_sig=None, device=False, debug=False, opt=True, lineinfo=False, fastmath=False, cache=False,
        inline=False, link=None, **kws):
    """numba.cuda.jit: with or without a signature; device=True for functions kernels call."""
    def wrap(fn):
        return Dispatcher(fn, device=device, debug=debug, sigs=sigs)
    if callable(func_or_sig) and not hasattr(func_or_sig, 'dtype') and not isinstance(func_or_sig, (str, tuple, list)):
        sigs = None
        return wrap(func_or_sig)
    sigs = func_or_sig
    return wrap
