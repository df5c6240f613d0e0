"""The legacy tensor types of PyTorch before 0.4 that old tutorials still call:
torch.FloatTensor([1, 2]) (a tensor of that dtype from data), torch.LongTensor(2, 3) (an
uninitialised one of that size), isinstance(t, torch.LongTensor). Each is a class whose
instances are ordinary torch.Tensor objects, as in PyTorch."""
import torch
from torch import _C  # the dtypes (torch/__init__.py imports this file)

__all__ = ["FloatTensor", "DoubleTensor", "HalfTensor", "BFloat16Tensor", "LongTensor", "IntTensor",
           "ByteTensor", "BoolTensor"]


def _options_str(dtype):
    """How PyTorch's TypeError names a tensor type's options."""
    names = {torch.float32: "float", torch.float64: "double", torch.float16: "c10::Half",
             torch.bfloat16: "c10::BFloat16", torch.int64: "long int", torch.int32: "int",
             torch.uint8: "unsigned char", torch.bool: "bool"}
    return (f"TensorOptions(dtype={names[dtype]}, device=cpu, layout=Strided, requires_grad=false (default), "
            "pinned_memory=false (default), memory_format=(nullopt))")


class _LegacyTensorType(type):
    def __instancecheck__(cls, instance):
        return isinstance(instance, torch.Tensor) and instance.dtype == cls.dtype and instance.device.type == "cpu"

    def __call__(cls, *args, device=None):
        if device is not None and torch.device(device).type != "cpu":
            raise RuntimeError(f"legacy constructor expects device type: cpu but device type: "
                               f"{torch.device(device).type} was passed")
        if not args:
            return torch.empty(0, dtype=cls.dtype)
        if len(args) == 1 and isinstance(args[0], torch.Tensor):
            other = args[0]
            if other.dtype != cls.dtype or other.device.type != "cpu":
                raise TypeError(f"expected {_options_str(cls.dtype)} (got {_options_str(other.dtype)})")
            return other.detach()
        if len(args) == 1 and isinstance(args[0], torch.Size):
            return torch.empty(args[0], dtype=cls.dtype)
        if all(isinstance(a, int) and not isinstance(a, bool) for a in args):
            return torch.empty(args, dtype=cls.dtype)
        if len(args) == 1:
            data = args[0]
            if isinstance(data, str):
                raise TypeError("new(): invalid data type 'str'")
            if isinstance(data, (int, float, bool)):
                raise TypeError(f"new(): data must be a sequence (got {type(data).__name__})")
            return torch.tensor(data, dtype=cls.dtype)
        raise TypeError(f"new() received an invalid combination of arguments - got "
                        f"({', '.join(type(a).__name__ for a in args)}, )")

    def __repr__(cls):
        return f"<class 'torch.{cls.__name__}'>"


def _make(name, dtype):
    return _LegacyTensorType(name, (), {"dtype": dtype, "__module__": "torch"})


FloatTensor = _make("FloatTensor", _C.float32)
DoubleTensor = _make("DoubleTensor", _C.float64)
HalfTensor = _make("HalfTensor", _C.float16)
BFloat16Tensor = _make("BFloat16Tensor", _C.bfloat16)
LongTensor = _make("LongTensor", _C.int64)
IntTensor = _make("IntTensor", _C.int32)
ByteTensor = _make("ByteTensor", _C.uint8)
BoolTensor = _make("BoolTensor", _C.bool)
