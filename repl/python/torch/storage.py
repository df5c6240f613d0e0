"""torch.FloatStorage and the other legacy storage types: a PyTorch checkpoint names the one of
each storage's dtype in its pickle (("storage", torch.FloatStorage, key, location, numel)), so
torch.save writes them by name and torch.load reads the dtype from them."""
import torch

_STORAGE_NAMES = {
    "FloatStorage": torch.float32, "DoubleStorage": torch.float64, "HalfStorage": torch.float16,
    "BFloat16Storage": torch.bfloat16, "LongStorage": torch.int64, "IntStorage": torch.int32,
    "ByteStorage": torch.uint8, "BoolStorage": torch.bool,
}


def _make(name, dtype):
    return type(name, (), {"__module__": "torch", "dtype": dtype,
                           "__doc__": f"The storage type of {dtype} tensors in a saved file."})


_STORAGE_TYPES = {name: _make(name, dtype) for name, dtype in _STORAGE_NAMES.items()}
# The storage type a tensor of each dtype is saved with.
_TYPE_OF_DTYPE = {cls.dtype: cls for cls in _STORAGE_TYPES.values()}
