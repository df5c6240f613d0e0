"""The padding layers (torch/nn/modules/padding.py): nn.ZeroPad1d/2d/3d, ConstantPad1d/2d/3d,
ReflectionPad1d/2d/3d, ReplicationPad1d/2d/3d and CircularPad1d/2d/3d, each F.pad with its mode
and the padding given at construction, (left, right[, top, bottom[, front, back]])."""
from torch.nn import functional as F
from torch.nn.modules.module import Module
from torch.nn.modules.utils import _ntuple, _pair, _quadruple

_sextuple = _ntuple(6, "_sextuple")


class _CircularPadNd(Module):
    __constants__ = ["padding"]

    def _check_input_dim(self, input):
        raise NotImplementedError

    def forward(self, input):
        self._check_input_dim(input)
        return F.pad(input, self.padding, "circular")

    def extra_repr(self):
        return f"{self.padding}"


class CircularPad1d(_CircularPadNd):
    def __init__(self, padding):
        super().__init__()
        self.padding = _pair(padding)

    def _check_input_dim(self, input):
        if input.dim() != 2 and input.dim() != 3:
            raise ValueError(f"expected 2D or 3D input (got {input.dim()}D input)")


class CircularPad2d(_CircularPadNd):
    def __init__(self, padding):
        super().__init__()
        self.padding = _quadruple(padding)

    def _check_input_dim(self, input):
        if input.dim() != 3 and input.dim() != 4:
            raise ValueError(f"expected 3D or 4D input (got {input.dim()}D input)")


class CircularPad3d(_CircularPadNd):
    def __init__(self, padding):
        super().__init__()
        self.padding = _sextuple(padding)

    def _check_input_dim(self, input):
        if input.dim() != 4 and input.dim() != 5:
            raise ValueError(f"expected 4D or 5D input (got {input.dim()}D input)")


class _ConstantPadNd(Module):
    __constants__ = ["padding", "value"]

    def __init__(self, value):
        super().__init__()
        self.value = value

    def forward(self, input):
        return F.pad(input, self.padding, "constant", self.value)

    def extra_repr(self):
        return f"padding={self.padding}, value={self.value}"


class ConstantPad1d(_ConstantPadNd):
    def __init__(self, padding, value):
        super().__init__(value)
        self.padding = _pair(padding)


class ConstantPad2d(_ConstantPadNd):
    def __init__(self, padding, value):
        super().__init__(value)
        self.padding = _quadruple(padding)


class ConstantPad3d(_ConstantPadNd):
    def __init__(self, padding, value):
        super().__init__(value)
        self.padding = _sextuple(padding)


class _ReflectionPadNd(Module):
    __constants__ = ["padding"]

    def forward(self, input):
        return F.pad(input, self.padding, "reflect")

    def extra_repr(self):
        return f"{self.padding}"


class ReflectionPad1d(_ReflectionPadNd):
    def __init__(self, padding):
        super().__init__()
        self.padding = _pair(padding)


class ReflectionPad2d(_ReflectionPadNd):
    def __init__(self, padding):
        super().__init__()
        self.padding = _quadruple(padding)


class ReflectionPad3d(_ReflectionPadNd):
    def __init__(self, padding):
        super().__init__()
        self.padding = _sextuple(padding)


class _ReplicationPadNd(Module):
    __constants__ = ["padding"]

    def forward(self, input):
        return F.pad(input, self.padding, "replicate")

    def extra_repr(self):
        return f"{self.padding}"


class ReplicationPad1d(_ReplicationPadNd):
    def __init__(self, padding):
        super().__init__()
        self.padding = _pair(padding)


class ReplicationPad2d(_ReplicationPadNd):
    def __init__(self, padding):
        super().__init__()
        self.padding = _quadruple(padding)


class ReplicationPad3d(_ReplicationPadNd):
    def __init__(self, padding):
        super().__init__()
        self.padding = _sextuple(padding)


class ZeroPad1d(ConstantPad1d):
    def __init__(self, padding):
        super().__init__(padding, 0.0)

    def extra_repr(self):
        return f"{self.padding}"


class ZeroPad2d(ConstantPad2d):
    def __init__(self, padding):
        super().__init__(padding, 0.0)

    def extra_repr(self):
        return f"{self.padding}"


class ZeroPad3d(ConstantPad3d):
    def __init__(self, padding):
        super().__init__(padding, 0.0)

    def extra_repr(self):
        return f"{self.padding}"
