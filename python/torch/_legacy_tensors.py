"""The legacy tensor types of PyTorch before 0.4 that old tutorials still call:
torch.FloatTensor([1, 2]) (a tensor of that dtype from data), torch.LongTensor(2, 3) (an
uninitialised one of that size), torch.cuda.FloatTensor(...) (the same on the GPU, with PyTorch's
warning), isinstance(t, torch.cuda.LongTensor), and what x.type(torch.DoubleTensor) or
x.type('torch.cuda.FloatTensor') converts to. Each is a class whose instances are ordinary
torch.Tensor objects, as in PyTorch."""
import warnings

import torch
from torch import _C  # the dtypes (torch/__init__.py imports this file)

__all__ = ["FloatTensor", "DoubleTensor", "HalfTensor", "BFloat16Tensor", "LongTensor", "IntTensor",
           "ShortTensor", "CharTensor", "ByteTensor", "BoolTensor", "tensortype"]


def _options_str(dtype):
    """How PyTorch's TypeError names a tensor type's options."""
    return (f"TensorOptions(dtype={_C._dtype_cpp_name(dtype)}, device=cpu, layout=Strided, requires_grad=false (default), "
            "pinned_memory=false (default), memory_format=(nullopt))")


_CONSTRUCTOR_WARNING = ("The torch.cuda.*DtypeTensor constructors are no longer recommended. It's best to use "
                        "methods such as torch.tensor(data, dtype=*, device='cuda') to create tensors. (Triggered "
                        "internally at /__w/pytorch/pytorch/torch/csrc/tensor/python_tensor.cpp:74.)")
_warned = []  # PyTorch warns once per process (TORCH_WARN_ONCE)


class tensortype(type):
    """The class of the legacy types, as PyTorch's torch.tensortype: isinstance checks dtype and
    device kind; calling one builds a tensor of its dtype on its device."""

    def __instancecheck__(cls, instance):
        return (isinstance(instance, torch.Tensor) and instance.dtype == cls.dtype
                and instance.device.type == ("cuda" if cls.is_cuda else "cpu"))

    def __call__(cls, *args, device=None):
        kind = "cuda" if cls.is_cuda else "cpu"
        if cls.is_cuda:
            _check_available(cls)
            if not _warned:
                _warned.append(True)
                warnings.warn(_CONSTRUCTOR_WARNING, UserWarning, stacklevel=2)
        if device is not None and torch.device(device).type != kind:
            raise RuntimeError(f"legacy constructor expects device type: {kind} but device type: "
                               f"{torch.device(device).type} was passed")
        device = device if device is not None else kind
        if not args:
            return torch.empty(0, dtype=cls.dtype, device=device)
        if len(args) == 1 and isinstance(args[0], torch.Tensor):
            other = args[0]
            if other.dtype != cls.dtype or other.device.type != kind:
                raise TypeError(f"expected {_options_str(cls.dtype)} (got {_options_str(other.dtype)})")
            return other.detach()
        if len(args) == 1 and isinstance(args[0], torch.Size):
            return torch.empty(args[0], dtype=cls.dtype, device=device)
        if all(isinstance(a, int) and not isinstance(a, bool) for a in args):
            return torch.empty(args, dtype=cls.dtype, device=device)
        if len(args) == 1:
            data = args[0]
            if isinstance(data, str):
                raise TypeError("new(): invalid data type 'str'")
            if isinstance(data, (int, float, bool)):
                raise TypeError(f"new(): data must be a sequence (got {type(data).__name__})")
            return torch.tensor(data, dtype=cls.dtype, device=device)
        raise TypeError(f"new() received an invalid combination of arguments - got "
                        f"({', '.join(type(a).__name__ for a in args)}, )")

    def __repr__(cls):
        return f"<class '{cls.__module__}.{cls.__name__}'>"


tensortype.__module__ = "torch"


def _check_available(cls):
    if not torch.cuda.is_available():
        raise TypeError(f"type torch.cuda.{cls.__name__} not available. Torch not compiled with CUDA enabled.")


_DTYPES = {"Float": _C.float32, "Double": _C.float64, "Half": _C.float16, "BFloat16": _C.bfloat16,
           "Long": _C.int64, "Int": _C.int32, "Short": _C.int16, "Char": _C.int8, "Byte": _C.uint8,
           "Bool": _C.bool}
_BY_NAME = {}  # "torch.FloatTensor", "torch.cuda.FloatTensor": the type


def _make(prefix, is_cuda):
    types = {}
    for kind, dtype in _DTYPES.items():
        name = kind + "Tensor"
        types[name] = tensortype(name, (), {"dtype": dtype, "is_cuda": is_cuda, "__module__": prefix})
        _BY_NAME[f"{prefix}.{name}"] = types[name]
    return types


globals().update(_make("torch", False))
cuda_types = _make("torch.cuda", True)  # torch.cuda exports them


def _type_target(obj):
    """What x.type(obj) converts to, for a legacy type or its name: (dtype, device kind)."""
    if isinstance(obj, str):
        if obj not in _BY_NAME:
            raise ValueError(f"invalid type: '{obj}'")
        obj = _BY_NAME[obj]
    if not isinstance(obj, tensortype):
        raise TypeError("dtype must be a type, str, or dtype object")
    if obj.is_cuda:
        _check_available(obj)
    return obj.dtype, "cuda" if obj.is_cuda else "cpu"
