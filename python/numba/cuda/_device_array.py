"""Device arrays (numba.cuda.to_device, device_array, ...): a numba DeviceNDArray over a
tensorplay torch tensor on the simulated 'cuda' device, so both name the same device memory:
torch.as_tensor(d, device='cuda') shares it and a kernel may take either."""
import numpy as np
import torch

_TORCH_DTYPES = {np.dtype(n): getattr(torch, n) for n in
                 ['float32', 'float64', 'float16', 'int64', 'int32', 'uint8', 'bool']}


def torch_dtype(dtype):
    dtype = np.dtype(dtype)
    if dtype not in _TORCH_DTYPES:
        raise TypeError(f"tensorplay's simulated GPU has no {dtype} arrays "
                        f"(it has {', '.join(str(d) for d in _TORCH_DTYPES)})")
    return _TORCH_DTYPES[dtype]


def numpy_dtype(tensor):
    return np.dtype(str(tensor.dtype).replace('torch.', ''))


class DeviceNDArray:
    """An array in the simulated GPU's memory (numba.cuda.cudadrv.devicearray.DeviceNDArray)."""
    __module__ = 'numba.cuda.cudadrv.devicearray'

    def __init__(self, tensor, stream=0):
        self._tensorplay_tensor = tensor
        self.stream = stream

    @property
    def shape(self):
        return tuple(self._tensorplay_tensor.shape)

    @property
    def dtype(self):
        return numpy_dtype(self._tensorplay_tensor)

    @property
    def size(self):
        return self._tensorplay_tensor.numel()

    @property
    def ndim(self):
        return self._tensorplay_tensor.dim()

    @property
    def strides(self):
        t = self._tensorplay_tensor
        return tuple(s * t.element_size() for s in t.stride())

    @property
    def nbytes(self):
        return self.size * self.dtype.itemsize

    @property
    def __cuda_array_interface__(self):
        return self._tensorplay_tensor.__cuda_array_interface__

    def __len__(self):
        return self.shape[0]

    def copy_to_host(self, ary=None, stream=0):
        host = self._tensorplay_tensor.cpu().numpy().copy()
        if ary is None:
            return host
        ary[...] = host
        return ary

    def copy_to_device(self, ary, stream=0):
        src = ary._tensorplay_tensor if isinstance(ary, DeviceNDArray) else torch.from_numpy(
            np.ascontiguousarray(np.asarray(ary, dtype=self.dtype)))
        self._tensorplay_tensor.copy_(src.reshape(self.shape))

    def reshape(self, *shape):
        return DeviceNDArray(self._tensorplay_tensor.reshape(*shape))

    def ravel(self):
        return DeviceNDArray(self._tensorplay_tensor.reshape(-1))

    def __getitem__(self, index):
        return DeviceNDArray(self._tensorplay_tensor[index])

    def __setitem__(self, index, value):
        if isinstance(value, DeviceNDArray):
            value = value._tensorplay_tensor
        elif isinstance(value, np.ndarray):
            value = torch.from_numpy(np.ascontiguousarray(value))
        self._tensorplay_tensor[index] = value

    def __array__(self, dtype=None):
        host = self.copy_to_host()
        return host if dtype is None else host.astype(dtype)

    def __repr__(self):
        return f"<numba.cuda.cudadrv.devicearray.DeviceNDArray object at {hex(id(self))}>"


def to_device(obj, stream=0, copy=True, to=None):
    if isinstance(obj, DeviceNDArray):
        return obj
    arr = np.ascontiguousarray(np.asarray(obj))
    tensor = torch.from_numpy(arr).to(device='cuda', dtype=torch_dtype(arr.dtype))
    if to is not None:
        to.copy_to_device(arr)
        return to
    return DeviceNDArray(tensor, stream)


def _shape(shape):
    return (shape,) if isinstance(shape, (int, np.integer)) else tuple(shape)


def device_array(shape, dtype=np.float64, strides=None, order='C', stream=0):
    return DeviceNDArray(torch.empty(_shape(shape), dtype=torch_dtype(dtype), device='cuda'), stream)


def device_array_like(ary, stream=0):
    return device_array(ary.shape, ary.dtype, stream=stream)


def pinned_array(shape, dtype=np.float64, strides=None, order='C'):
    """Page-locked host memory; on the simulated machine an ordinary numpy array."""
    return np.empty(_shape(shape), dtype=dtype, order=order)


def pinned_array_like(ary):
    return pinned_array(ary.shape, ary.dtype)


def is_cuda_array(obj):
    return hasattr(obj, '__cuda_array_interface__')
