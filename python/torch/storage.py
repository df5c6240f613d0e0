"""torch.FloatStorage and the other legacy storage types: a PyTorch checkpoint names the one of
each storage's dtype in its pickle (("storage", torch.FloatStorage, key, location, numel)), so
torch.save writes them by name and torch.load reads the dtype from them. And UntypedStorage,
what x.untyped_storage() returns."""
import torch
from torch import _C  # the dtypes (torch/__init__.py imports this file)

_STORAGE_NAMES = {
    "FloatStorage": _C.float32, "DoubleStorage": _C.float64, "HalfStorage": _C.float16,
    "BFloat16Storage": _C.bfloat16, "LongStorage": _C.int64, "IntStorage": _C.int32,
    "ShortStorage": _C.int16, "CharStorage": _C.int8, "ByteStorage": _C.uint8, "BoolStorage": _C.bool,
}


def _make(name, dtype):
    return type(name, (), {"__module__": "torch", "dtype": dtype,
                           "__doc__": f"The storage type of {dtype} tensors in a saved file."})


_STORAGE_TYPES = {name: _make(name, dtype) for name, dtype in _STORAGE_NAMES.items()}
# The storage type a tensor of each dtype is saved with.
_TYPE_OF_DTYPE = {cls.dtype: cls for cls in _STORAGE_TYPES.values()}


class UntypedStorage:
    """x.untyped_storage(): the bytes a tensor and all its views share; made by the C++ binding
    with the storage's address, size and device (the tensor it came from keeps it alive)."""

    def __init__(self, *args, **kwargs):
        raise TypeError("tensorplay makes UntypedStorage objects only through Tensor.untyped_storage()")

    @classmethod
    def _over(cls, owner, data_ptr, nbytes, device):
        storage = cls.__new__(cls)
        storage._owner, storage._data_ptr, storage._nbytes, storage.device = owner, data_ptr, nbytes, device
        return storage

    def data_ptr(self):
        return self._data_ptr

    def nbytes(self):
        return self._nbytes

    def size(self):
        return self._nbytes

    def __len__(self):
        return self._nbytes

    def element_size(self):
        return 1

    @property
    def is_cuda(self):
        return self.device.type == "cuda"



_warned_typed_storage = False


def _warn_typed_storage_removal():
    """PyTorch's warning, once per process, as its own is."""
    global _warned_typed_storage
    if not _warned_typed_storage:
        _warned_typed_storage = True
        import warnings
        warnings.warn("TypedStorage is deprecated. It will be removed in the future and UntypedStorage will be the only "
                      "storage class. This should only matter to you if you are using storages directly.  To access "
                      "UntypedStorage directly, use tensor.untyped_storage() instead of tensor.storage()", stacklevel=3)


class TypedStorage:
    """x.storage(): the elements of x's whole storage, in x's dtype (PyTorch's deprecated
    typed view of it); reading and writing it reads and writes every tensor over it."""

    def __init__(self, *args, **kwargs):
        raise TypeError("tensorplay makes TypedStorage objects only through Tensor.storage()")

    @classmethod
    def _of(cls, tensor):
        storage = cls.__new__(cls)
        count = tensor.untyped_storage().nbytes() // tensor.element_size()
        storage._flat = tensor.detach().as_strided((count,), (1,), 0)
        storage.dtype, storage.device = tensor.dtype, tensor.device
        return storage

    def size(self):
        return self._flat.numel()

    def __len__(self):
        return self._flat.numel()

    def __getitem__(self, index):
        return self._flat[index].tolist()

    def __setitem__(self, index, value):
        self._flat[index] = value

    def tolist(self):
        return self._flat.tolist()

    def element_size(self):
        return self._flat.element_size()

    def nbytes(self):
        return self._flat.numel() * self._flat.element_size()

    def data_ptr(self):
        return self._flat.untyped_storage().data_ptr()

    def untyped(self):
        return self._flat.untyped_storage()

    @property
    def is_cuda(self):
        return self.device.type == "cuda"

    def __repr__(self):
        body = "".join(f" {value}\n" for value in self.tolist())
        return f"{body}[torch.storage.TypedStorage(dtype={self.dtype}, device={self.device}) of size {len(self)}]"


def _storage(self):
    _warn_typed_storage_removal()
    return TypedStorage._of(self)


def _storage_type(self):
    _warn_typed_storage_removal()
    return _TYPE_OF_DTYPE[self.dtype]
