"""More of torch.nn.functional, composed of tensor ops in ATen's steps (Loss.cpp's kl_div,
layer_norm.cpp's rms_norm, Distance.cpp's pdist, ChanelShuffle.cpp, EmbeddingBag.cpp's bags) or
as torch/nn/functional.py writes them (local_response_norm, kl_div's reductions,
embedding_bag's checks), with PyTorch's checks and texts."""
import warnings

import torch
from torch.nn._loss_functions import _reduce, _shown_as


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


def native_channel_shuffle(input, groups):
    return channel_shuffle(input, groups)


def conv_tbc(input, weight, bias, pad=0):
    """A 1-D convolution over time-batch-channel input (T, B, C_in) with a (K, C_in, C_out)
    weight, as fairseq uses it: conv1d over the permuted tensors (its grad_fns are conv1d's, not
    ATen's ConvTbcBackward0)."""
    if input.dim() != 3:
        raise RuntimeError("Input must have 3 dims: time, batch, in_channel")
    if weight.dim() != 3:
        raise RuntimeError("Weight tensor must have 3 dims: kernel_width, in_channels, out_channels.")
    if bias.dim() != 1 or bias.shape[0] != weight.shape[2]:
        raise RuntimeError("Bias size must equal dim 2 in the weight tensor (output channels).")
    if input.shape[2] != weight.shape[1]:
        raise RuntimeError("Input dim 2 (input channels) is not == dim 1 in the weight tensor")
    out = torch.nn.functional.conv1d(input.permute(1, 2, 0), weight.permute(2, 1, 0), bias, padding=pad)
    return out.permute(2, 0, 1)


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


def embedding_bag(input, weight, offsets=None, max_norm=None, norm_type=2, scale_grad_by_freq=False, mode="mean",
                  sparse=False, per_sample_weights=None, include_last_offset=False, padding_idx=None):
    """The rows of weight that each bag of indices names, summed, averaged or maxed per bag: a 2-D
    input's rows are the bags, a 1-D input is cut into bags at offsets; empty bags give zeros and
    padding_idx entries count for nothing."""
    if weight.dtype == torch.long and input.is_floating_point():
        warnings.warn("Argument order of nn.functional.embedding_bag was changed. Usage `embedding_bag(weight, "
                      "input, ...)` is deprecated, and should now be `embedding_bag(input, weight, ...)`.",
                      stacklevel=2)
        weight, input = input, weight
    if per_sample_weights is not None and input.size() != per_sample_weights.size():
        raise ValueError(f"embedding_bag: If per_sample_weights ({per_sample_weights.shape}) is not None, then it "
                         f"must have the same shape as the input ({input.shape})")
    if weight.dim() != 2:
        raise ValueError(f"weight has to be a 2D Tensor, but got Tensor of dimension {weight.dim()}")
    if input.dim() == 2:
        if offsets is not None:
            raise ValueError("if input is 2D, then offsets has to be None, as input is treated is a mini-batch of "
                             f"fixed length sequences. However, found offsets of type {type(offsets)}")
        offsets = torch.arange(0, input.numel(), input.size(1), dtype=input.dtype, device=input.device)
        include_last_offset = False
        input = input.reshape(-1)
        if per_sample_weights is not None:
            per_sample_weights = per_sample_weights.reshape(-1)
    elif input.dim() == 1:
        if offsets is None:
            raise ValueError("offsets has to be a 1D Tensor but got None")
        if offsets.dim() != 1:
            raise ValueError("offsets has to be a 1D Tensor")
    else:
        raise ValueError(f"input has to be 1D or 2D Tensor, but got Tensor of dimension {input.dim()}")
    if mode not in ("sum", "mean", "max"):
        raise ValueError("mode has to be one of sum, mean or max")
    if mode == "max" and scale_grad_by_freq:
        raise ValueError("max mode does not support scaling the gradient by the frequency")
    if mode == "max" and sparse:
        raise ValueError("max mode does not support sparse weights")
    if max_norm is not None:
        from torch.nn.functional import _no_grad_embedding_renorm_
        _no_grad_embedding_renorm_(weight, input, max_norm, norm_type)
    if per_sample_weights is not None and mode != "sum":
        raise NotImplementedError("embedding_bag: per_sample_weights was not None. per_sample_weights is only "
                                  f"supported for mode='sum' (got mode='{mode}'). Please open a feature request on "
                                  "GitHub.")
    return _bags(input, weight, offsets, mode, per_sample_weights, include_last_offset, padding_idx)


def _bags(input, weight, offsets, mode, per_sample_weights, include_last_offset, padding_idx):
    """EmbeddingBag.cpp's reduction: element j belongs to the last bag starting at or before it."""
    count = input.numel()
    if offsets.numel() and int(offsets[0]) != 0:
        # ATen streams the 0-dim tensor into the text, as C++ prints it.
        raise RuntimeError("offsets[0] has to be 0, i.e., the first sequence in the mini-batch has to start from "
                           f"position 0. However, got {int(offsets[0])}\n[ {offsets.type()}{{}} ]")
    offsets = offsets.to(torch.int64)
    if offsets.numel() and int(offsets[-1]) > count:
        raise RuntimeError(f"offsets[-1] can not be greater than input's length {count}, but got offsets[-1] of "
                           f"{int(offsets[-1])}")
    starts = offsets[:-1] if include_last_offset else offsets
    end = int(offsets[-1]) if include_last_offset and offsets.numel() else count
    bags = starts.numel()
    position = torch.arange(count, device=input.device)
    bag = torch.searchsorted(starts, position, right=True) - 1
    keep = (bag >= 0) & (position < end)
    if padding_idx is not None:
        keep = keep & (input != (padding_idx % weight.shape[0]))
    rows = weight.index_select(0, input.reshape(-1).long())
    if per_sample_weights is not None:
        rows = rows * per_sample_weights.unsqueeze(1).to(rows.dtype)
    bag, rows = bag[keep], rows[keep]
    dim = weight.shape[1]
    sizes = torch.bincount(bag, minlength=bags)[:bags].unsqueeze(1) if bags else torch.zeros(0, 1, device=weight.device)
    if mode == "max":
        lowest = torch.full((bags, dim), -torch.inf, dtype=weight.dtype, device=weight.device)
        out = lowest.scatter_reduce(0, bag.unsqueeze(1).expand(-1, dim), rows, "amax")
        return _shown_as(torch.where(sizes > 0, out, torch.zeros_like(out)), "EmbeddingBagBackward0")
    out = torch.zeros(bags, dim, dtype=weight.dtype, device=weight.device).index_add(0, bag, rows)
    out = out / sizes.clamp(min=1).to(out.dtype) if mode == "mean" else out
    return _shown_as(out, "EmbeddingBagBackward0")

