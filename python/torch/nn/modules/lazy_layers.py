"""nn.LazyConv1d/2d/3d, nn.LazyConvTranspose1d/2d/3d, nn.LazyBatchNorm1d/2d/3d and
nn.LazyInstanceNorm1d/2d/3d (torch/nn/modules/conv.py, batchnorm.py, instancenorm.py): the
channels are read from the first input, then the parameters (and running statistics) are made
and drawn as the regular layer draws them, and the module becomes that layer."""
import torch
from torch.nn.modules.batchnorm import BatchNorm1d, BatchNorm2d, BatchNorm3d
from torch.nn.modules.conv import Conv1d, Conv2d, Conv3d, ConvTranspose1d, ConvTranspose2d, ConvTranspose3d
from torch.nn.modules.instancenorm import InstanceNorm1d, InstanceNorm2d, InstanceNorm3d
from torch.nn.modules.lazy import LazyModuleMixin
from torch.nn.parameter import UninitializedBuffer, UninitializedParameter


class _LazyConvXdMixin(LazyModuleMixin):
    def reset_parameters(self):
        if not self.has_uninitialized_params() and self.in_channels != 0:
            super().reset_parameters()

    def initialize_parameters(self, input, *args, **kwargs):
        if self.has_uninitialized_params():
            self.in_channels = self._get_in_channels(input)
            if self.in_channels % self.groups != 0:
                raise ValueError("in_channels must be divisible by groups")
            with torch.no_grad():
                if self.transposed:
                    self.weight.materialize((self.in_channels, self.out_channels // self.groups, *self.kernel_size))
                else:
                    self.weight.materialize((self.out_channels, self.in_channels // self.groups, *self.kernel_size))
                if self.bias is not None:
                    self.bias.materialize((self.out_channels,))
                self.reset_parameters()

    def _get_in_channels(self, input):
        no_batch = self._spatial + 1
        if input.dim() not in (no_batch, no_batch + 1):
            raise RuntimeError(f"Expected {no_batch}D (unbatched) or {no_batch + 1}D (batched) input to "
                               f"{self.__class__.__name__}, but got input of size: {input.shape}")
        return input.shape[1] if input.dim() == no_batch + 1 else input.shape[0]

    def _lazy_parameters(self, bias, device, dtype):
        self.weight = UninitializedParameter(device=device, dtype=dtype)
        if bias:
            self.bias = UninitializedParameter(device=device, dtype=dtype)


def _lazy_conv(base, spatial):
    class LazyConv(_LazyConvXdMixin, base):
        cls_to_become = base
        _spatial = spatial

        def __init__(self, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1, bias=True,
                     padding_mode="zeros", device=None, dtype=None):
            # Zero channels (and no bias) for now: the real ones are made at the first call.
            super().__init__(0, 0, kernel_size, stride, padding, dilation, groups, False, padding_mode)
            self._lazy_parameters(bias, device, dtype)
            self.out_channels = out_channels

    LazyConv.__name__ = LazyConv.__qualname__ = f"Lazy{base.__name__}"
    return LazyConv


def _lazy_conv_transpose(base, spatial):
    class LazyConvTranspose(_LazyConvXdMixin, base):
        cls_to_become = base
        _spatial = spatial

        def __init__(self, out_channels, kernel_size, stride=1, padding=0, output_padding=0, groups=1, bias=True,
                     dilation=1, padding_mode="zeros", device=None, dtype=None):
            super().__init__(0, 0, kernel_size, stride, padding, output_padding, groups, False, dilation, padding_mode)
            self._lazy_parameters(bias, device, dtype)
            self.out_channels = out_channels

    LazyConvTranspose.__name__ = LazyConvTranspose.__qualname__ = f"Lazy{base.__name__}"
    return LazyConvTranspose


LazyConv1d = _lazy_conv(Conv1d, 1)
LazyConv2d = _lazy_conv(Conv2d, 2)
LazyConv3d = _lazy_conv(Conv3d, 3)
LazyConvTranspose1d = _lazy_conv_transpose(ConvTranspose1d, 1)
LazyConvTranspose2d = _lazy_conv_transpose(ConvTranspose2d, 2)
LazyConvTranspose3d = _lazy_conv_transpose(ConvTranspose3d, 3)


class _LazyNormBase(LazyModuleMixin):
    def _lazy_init(self, affine, track_running_stats, device, dtype):
        self.affine = affine
        self.track_running_stats = track_running_stats
        if self.affine:
            self.weight = UninitializedParameter(device=device, dtype=dtype)
            self.bias = UninitializedParameter(device=device, dtype=dtype)
        if self.track_running_stats:
            self.running_mean = UninitializedBuffer(device=device, dtype=dtype)
            self.running_var = UninitializedBuffer(device=device, dtype=dtype)
            self.num_batches_tracked = torch.tensor(0, dtype=torch.long, device=device)

    def reset_parameters(self):
        if not self.has_uninitialized_params() and self.num_features != 0:
            super().reset_parameters()

    def initialize_parameters(self, input):
        if self.has_uninitialized_params():
            self.num_features = input.shape[1]
            with torch.no_grad():
                if self.affine:
                    self.weight.materialize((self.num_features,))
                    self.bias.materialize((self.num_features,))
                if self.track_running_stats:
                    # New plain buffers (an UninitializedBuffer cannot become a base Tensor in place).
                    for name in ("running_mean", "running_var"):
                        old = getattr(self, name)
                        setattr(self, name, torch.empty(self.num_features, dtype=old.dtype, device=old.device))
                self.reset_parameters()


def _lazy_norm(base, affine_default, stats_default):
    class LazyNorm(_LazyNormBase, base):
        cls_to_become = base

        def __init__(self, eps=1e-5, momentum=0.1, affine=affine_default, track_running_stats=stats_default,
                     device=None, dtype=None):
            super().__init__(0, eps, momentum, False, False)
            self._lazy_init(affine, track_running_stats, device, dtype)

    LazyNorm.__name__ = LazyNorm.__qualname__ = f"Lazy{base.__name__}"
    return LazyNorm


LazyBatchNorm1d = _lazy_norm(BatchNorm1d, True, True)
LazyBatchNorm2d = _lazy_norm(BatchNorm2d, True, True)
LazyBatchNorm3d = _lazy_norm(BatchNorm3d, True, True)
# PyTorch's lazy instance norms default to affine and tracked statistics, unlike the eager ones.
LazyInstanceNorm1d = _lazy_norm(InstanceNorm1d, True, True)
LazyInstanceNorm2d = _lazy_norm(InstanceNorm2d, True, True)
LazyInstanceNorm3d = _lazy_norm(InstanceNorm3d, True, True)
