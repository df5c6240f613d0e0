"""More of torch.nn.functional, composed of tensor ops in ATen's steps (Loss.cpp's kl_div,
layer_norm.cpp's rms_norm, Distance.cpp's pdist, ChanelShuffle.cpp) or as torch/nn/functional.py
writes them (local_response_norm, kl_div's reductions), with PyTorch's checks and texts."""
import warnings

import torch
from torch.nn._loss_functions import _reduce


def kl_div(input, target, size_average=None, reduce=None, reduction="mean", log_target=False):
    """The pointwise KL divergence target * (log target - input), reduced; 'batchmean' divides
    the sum by the batch size (input holds log-probabilities)."""
    from torch.nn._reduction import legacy_get_string
    if size_average is not None or reduce is not None:
        reduction = legacy_get_string(size_average, reduce)
        batchmean = False
    else:
        if reduction == "mean":
            warnings.warn("reduction: 'mean' divides the total loss by both the batch size and the support size."
                          "'batchmean' divides only by the batch size, and aligns with the KL div math definition."
                          "'mean' will be changed to behave the same as 'batchmean' in the next major release.",
                          stacklevel=2)
        batchmean = reduction == "batchmean"
        if batchmean:
            reduction = "sum"
        elif reduction not in ("none", "mean", "sum"):
            raise ValueError(f"{reduction} is not a valid value for reduction")
    if not input.is_floating_point() or not target.is_floating_point():
        raise RuntimeError("kl_div: Integral inputs not supported.")
    if log_target:
        output = torch.exp(target) * (target - input)
    else:
        output = torch.xlogy(target, target) - target * input
    reduced = _reduce(output, reduction)
    if batchmean and input.dim() != 0:
        reduced = reduced / input.size()[0]
    return reduced


def rms_norm(input, normalized_shape, weight=None, eps=None):
    """input / sqrt(mean(input ** 2 over normalized_shape) + eps) * weight; eps defaults to the
    dtype's machine epsilon."""
    shape = (normalized_shape,) if isinstance(normalized_shape, int) else tuple(normalized_shape)
    if tuple(input.shape[input.dim() - len(shape):]) != shape or input.dim() < len(shape):
        sizes = ", ".join(str(s) for s in shape)
        raise RuntimeError(f"Given normalized_shape=[{sizes}], expected input with shape [*{sizes}], but got input "
                           f"of size[{', '.join(str(s) for s in input.shape)}]")
    compute = torch.float32 if input.dtype in (torch.float16, torch.bfloat16) else input.dtype
    x = input.to(compute)
    dims = list(range(input.dim() - len(shape), input.dim()))
    eps = torch.finfo(compute).eps if eps is None else eps
    result = (x * torch.rsqrt(x.pow(2).mean(dims, keepdim=True).add_(eps))).type_as(input)
    return result * weight if weight is not None else result


def pdist(input, p=2):
    """The p-norm distances between each pair of rows (i < j), in row-major order of the pairs."""
    if input.dim() != 2:
        raise RuntimeError(f"pdist only supports 2D tensors, got: {input.dim()}D")
    if not input.is_floating_point():
        raise RuntimeError("pdist only supports floating-point dtypes")
    if p < 0:
        raise RuntimeError("pdist only supports non-negative p values")
    n = input.shape[0]
    if n <= 1:
        return torch.empty(0, dtype=input.dtype, device=input.device)
    i, j = torch.triu_indices(n, n, 1, device=input.device)
    return torch.linalg.vector_norm(input[i] - input[j], p, dim=1)


def channel_shuffle(input, groups):
    """The channels (dim 1) split in `groups` groups and interleaved."""
    if input.dim() <= 2:
        raise RuntimeError(f"channel_shuffle expects input to have at least 3 dimensions, but got input with sizes "
                           f"[{', '.join(str(s) for s in input.shape)}]")
    if groups <= 0:
        raise RuntimeError(f"Number of groups to divide channels in must be positive. Value of groups:{groups}")
    channels = input.shape[1]
    if channels % groups != 0:
        raise RuntimeError(f"Number of channels must be divisible by groups. Got {channels} channels and {groups} "
                           "groups.")
    n, rest = input.shape[0], list(input.shape[2:])
    return input.reshape(n, groups, channels // groups, *rest).transpose(1, 2).reshape(input.shape)


def local_response_norm(input, size, alpha=1e-4, beta=0.75, k=1.0):
    """Each element divided by (k + alpha * the mean square over `size` neighbouring channels) ** beta."""
    from torch.nn.functional import avg_pool2d, pad
    dim = input.dim()
    if dim < 3:
        raise ValueError(f"Expected 3D or higher dimensionality                          input (got {dim} dimensions)")
    if input.numel() == 0:
        return input
    div = input.mul(input)
    sizes = input.size()
    # The channel window as a (size, 1) average pool over (channels, everything else), which is
    # what PyTorch's 3-D pool of kernel (size, 1, 1) computes for inputs past 3-D.
    div = div.reshape(sizes[0], 1, sizes[1], -1)
    div = pad(div, (0, 0, size // 2, (size - 1) // 2))
    div = avg_pool2d(div, (size, 1), stride=1).squeeze(1)
    div = div.view(sizes)
    div = div.mul(alpha).add(k).pow(beta)
    return input / div
