"""The torch.* names of ATen's nn ops that code calls without torch.nn.functional:
torch.conv1d/2d/3d, torch.conv_transpose1d/2d/3d, torch.max_pool1d/2d/3d (values only) and
max_pool1d_with_indices, avg_pool1d, adaptive_avg_pool1d / adaptive_max_pool1d, batch_norm,
instance_norm, layer_norm, group_norm, embedding, dropout, grid_sampler(_2d/_3d),
affine_grid_generator and the native_*_norm forms that also return the statistics, with ATen's
signatures, each the same C++ op (torch._C._nn) or
functional as torch.nn.functional's."""
import torch
from torch._C import _nn


def max_pool1d(input, kernel_size, stride=(), padding=0, dilation=1, ceil_mode=False):
    return _nn.max_pool1d(input, kernel_size, stride, padding, dilation, ceil_mode, False)


def max_pool2d(input, kernel_size, stride=(), padding=0, dilation=1, ceil_mode=False):
    return _nn.max_pool2d(input, kernel_size, stride, padding, dilation, ceil_mode, False)


def max_pool3d(input, kernel_size, stride=(), padding=0, dilation=1, ceil_mode=False):
    return _nn.max_pool3d(input, kernel_size, stride, padding, dilation, ceil_mode, False)


def max_pool1d_with_indices(input, kernel_size, stride=(), padding=0, dilation=1, ceil_mode=False):
    return _nn.max_pool1d(input, kernel_size, stride, padding, dilation, ceil_mode, True)


def adaptive_max_pool1d(input, output_size):
    """(values, indices), as ATen's op returns them."""
    return _nn.adaptive_max_pool1d(input, output_size, True)


def instance_norm(input, weight, bias, running_mean, running_var, use_input_stats, momentum, eps, cudnn_enabled):
    from torch.nn import functional as F
    return F.instance_norm(input, running_mean, running_var, weight, bias, use_input_stats, momentum, eps)


def embedding(weight, indices, padding_idx=-1, scale_grad_by_freq=False, sparse=False):
    """ATen's argument order (weight first); padding_idx -1 is none."""
    from torch.nn import functional as F
    return F.embedding(indices, weight, None if padding_idx == -1 else padding_idx,
                       scale_grad_by_freq=scale_grad_by_freq, sparse=sparse)


def dropout(input, p, train):
    from torch.nn import functional as F
    return F.dropout(input, p, train)


_GRID_MODES = ("bilinear", "nearest", "bicubic")
_GRID_PADDINGS = ("zeros", "border", "reflection")


def grid_sampler(input, grid, interpolation_mode, padding_mode, align_corners):
    """F.grid_sample with ATen's integer codes for the mode and the padding."""
    from torch.nn import functional as F
    return F.grid_sample(input, grid, _GRID_MODES[interpolation_mode], _GRID_PADDINGS[padding_mode], align_corners)


def affine_grid_generator(theta, size, align_corners):
    from torch.nn import functional as F
    return F.affine_grid(theta, size, align_corners)


def _statistics(x, dims, eps):
    """The biased mean and 1 / sqrt(var + eps) over dims, kept (no gradient: ATen saves them)."""
    with torch.no_grad():
        return x.mean(dims, keepdim=True), torch.rsqrt(x.var(dims, unbiased=False, keepdim=True) + eps)


def native_batch_norm(input, weight, bias, running_mean, running_var, training, momentum, eps):
    """(output, save_mean, save_invstd): the batch's statistics per channel when training,
    empty tensors otherwise."""
    from torch.nn import functional as F
    out = F.batch_norm(input, running_mean, running_var, weight, bias, training, momentum, eps)
    if not training:
        return out, input.new_empty(0), input.new_empty(0)
    mean, invstd = _statistics(input, [0] + list(range(2, input.dim())), eps)
    return out, mean.reshape(-1), invstd.reshape(-1)


def _native_batch_norm_legit(input, weight, bias, *args):
    """Its two overloads: (running_mean, running_var, training, momentum, eps) or, without
    running statistics, (training, momentum, eps)."""
    running_mean, running_var = (None, None) if len(args) == 3 else args[:2]
    training, momentum, eps = args[-3:]
    return native_batch_norm(input, weight, bias, running_mean, running_var, training, momentum, eps)


def native_layer_norm(input, normalized_shape, weight, bias, eps):
    """(output, mean, rstd), the statistics shaped as the input with the normalized dims 1."""
    dims = list(range(input.dim() - len(normalized_shape), input.dim()))
    mean, rstd = _statistics(input, dims, eps)
    return _nn.layer_norm(input, list(normalized_shape), weight, bias, eps), mean, rstd


def native_group_norm(input, weight, bias, N, C, HxW, group, eps):
    """(output, mean, rstd), the statistics (N, group)."""
    mean, rstd = _statistics(input.reshape(N, group, -1), [2], eps)
    return _nn.group_norm(input, group, weight, bias, eps), mean.reshape(N, group), rstd.reshape(N, group)


def _install():
    for name in ("conv1d", "conv2d", "conv3d", "conv_transpose1d", "conv_transpose2d", "conv_transpose3d",
                 "avg_pool1d", "adaptive_avg_pool1d", "batch_norm", "layer_norm", "group_norm"):
        setattr(torch, name, getattr(_nn, name))
    for fn in (max_pool1d, max_pool2d, max_pool3d, max_pool1d_with_indices, adaptive_max_pool1d, instance_norm,
               embedding, dropout, grid_sampler, affine_grid_generator, native_batch_norm, _native_batch_norm_legit,
               native_layer_norm, native_group_norm):
        setattr(torch, fn.__name__, fn)
    torch.grid_sampler_2d = torch.grid_sampler_3d = grid_sampler
    from torch.nn._more_functions import conv_tbc, native_channel_shuffle
    torch.conv_tbc, torch.native_channel_shuffle = conv_tbc, native_channel_shuffle
