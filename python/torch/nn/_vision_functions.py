"""The vision layers of torch.nn.functional: transposed convolutions, group and instance norm,
interpolation, pixel shuffle, unfold / fold, max unpooling, affine_grid / grid_sample (composed
of gathers, so differentiable on every device), as torch/nn/functional.py writes them (its
Python-level checks), over torch._C._nn."""
import warnings

import torch
from torch._C import _nn
from torch.nn._functional_utils import _pair, _single, _triple, _verify_batch_size


def conv_transpose1d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1):
    return _nn.conv_transpose1d(input, weight, bias, stride, padding, output_padding, groups, dilation)


def conv_transpose2d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1):
    return _nn.conv_transpose2d(input, weight, bias, stride, padding, output_padding, groups, dilation)


def conv_transpose3d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1):
    return _nn.conv_transpose3d(input, weight, bias, stride, padding, output_padding, groups, dilation)


def _verify_spatial_size(size):
    size_prods = 1
    for i in range(2, len(size)):
        size_prods *= size[i]
    if size_prods == 1:
        raise ValueError(f"Expected more than 1 spatial element when training, got input size {size}")


def group_norm(input, num_groups, weight=None, bias=None, eps=1e-5):
    if input.dim() < 2:
        raise RuntimeError(f"Expected at least 2 dimensions for input tensor but received {input.dim()}")
    _verify_batch_size([input.size(0) * input.size(1) // num_groups, num_groups] + list(input.size()[2:]))
    return _nn.group_norm(input, num_groups, weight, bias, eps, True)


def _repeat_if_defined(t, repeat):
    return None if t is None else t.repeat(repeat)


def _instance_norm(input, weight, bias, running_mean, running_var, use_input_stats, momentum, eps):
    """ATen's at::instance_norm: a batch norm of the (1, N*C, *) view, the per-channel tensors
    repeated for each sample; the running statistics become their mean over the samples."""
    if not use_input_stats and (running_mean is None or running_var is None):
        raise RuntimeError("Expected running_mean and running_var to be defined when use_input_stats is false")
    b, c = input.size(0), input.size(1)
    shape = [1, b * c] + list(input.size()[2:])
    running_mean_ = _repeat_if_defined(running_mean, b)
    running_var_ = _repeat_if_defined(running_var, b)
    out = _nn.batch_norm(input.contiguous().view(shape), _repeat_if_defined(weight, b), _repeat_if_defined(bias, b),
                         running_mean_, running_var_, use_input_stats, momentum, eps, False)
    with torch.no_grad():
        if running_mean is not None:
            running_mean.copy_(running_mean_.view(b, c).mean(0, False))
        if running_var is not None:
            running_var.copy_(running_var_.view(b, c).mean(0, False))
    return out.view(input.size())


def instance_norm(input, running_mean=None, running_var=None, weight=None, bias=None, use_input_stats=True,
                  momentum=0.1, eps=1e-5):
    if use_input_stats:
        _verify_spatial_size(input.size())
    return _instance_norm(input, weight, bias, running_mean, running_var, use_input_stats, momentum, eps)


def _is_integer(x):
    if isinstance(x, int):
        return True
    return isinstance(x, torch.Tensor) and not x.is_floating_point()


_INTERPOLATE_MODES = "nearest | linear | bilinear | bicubic | trilinear | lanczos | area | nearest-exact"


def interpolate(input, size=None, scale_factor=None, mode="nearest", align_corners=None, recompute_scale_factor=None,
                antialias=False):
    """torch/nn/functional.py's interpolate: its argument checks, then the upsample op of the mode
    (nearest, nearest-exact, linear, bilinear, bicubic, trilinear, area)."""
    if mode in ("nearest", "area", "nearest-exact"):
        if align_corners is not None:
            raise ValueError("align_corners option can only be set with the "
                             "interpolating modes: linear | bilinear | bicubic | trilinear")
    elif align_corners is None:
        align_corners = False
    dim = input.dim() - 2
    if size is not None and scale_factor is not None:
        raise ValueError("only one of size or scale_factor should be defined")
    elif size is not None:
        scale_factors = None
        if isinstance(size, (list, tuple)):
            if len(size) != dim:
                raise ValueError(
                    "Input and output must have the same number of spatial dimensions, but got "
                    f"input with spatial dimensions of {list(input.shape[2:])} and output size of {size}. "
                    "Please provide input tensor in (N, C, d1, d2, ...,dK) format and "
                    "output size in (o1, o2, ...,oK) format.")
            if not all(_is_integer(x) for x in size):
                raise TypeError("expected size to be one of int or Tuple[int] or Tuple[int, int] or "
                                f"Tuple[int, int, int], but got size with types {[type(x) for x in size]}")
            output_size = size
        else:
            output_size = [size for _ in range(dim)]
    elif scale_factor is not None:
        output_size = None
        if isinstance(scale_factor, (list, tuple)):
            if len(scale_factor) != dim:
                raise ValueError(
                    "Input and scale_factor must have the same number of spatial dimensions, but "
                    f"got input with spatial dimensions of {list(input.shape[2:])} and "
                    f"scale_factor of shape {scale_factor}. "
                    "Please provide input tensor in (N, C, d1, d2, ...,dK) format and "
                    "scale_factor in (s1, s2, ...,sK) format.")
            scale_factors = scale_factor
        else:
            scale_factors = [scale_factor for _ in range(dim)]
    else:
        raise ValueError("either size or scale_factor should be defined")
    if recompute_scale_factor is not None and recompute_scale_factor and size is not None:
        raise ValueError("recompute_scale_factor is not meaningful with an explicit size.")
    if mode == "area" and output_size is None:
        recompute_scale_factor = True
    if recompute_scale_factor is not None and recompute_scale_factor:
        output_size = [int(input.size(i + 2) * scale_factors[i]) for i in range(dim)]
        scale_factors = None
    if antialias and not (mode in ("bilinear", "bicubic", "lanczos") and input.ndim == 4):
        raise ValueError("Anti-alias option is restricted to bilinear, bicubic, and lanczos modes and requires a "
                         "4-D tensor as input")
    if output_size is not None:
        output_size = [int(s) for s in output_size]
    if scale_factors is not None:
        scale_factors = [float(s) for s in scale_factors]
    if antialias or mode == "lanczos":  # not written yet
        raise NotImplementedError(f"tensorplay: interpolate(mode={mode!r}, antialias={antialias}) on a "
                                  f"{input.dim()}D input is not supported")
    if input.dim() == 3 and mode == "nearest":
        return _nn.upsample_nearest1d(input, output_size, scale_factors)
    if input.dim() == 4 and mode == "nearest":
        return _nn.upsample_nearest2d(input, output_size, scale_factors)
    if input.dim() == 3 and mode == "nearest-exact":
        return _nn._upsample_nearest_exact1d(input, output_size, scale_factors)
    if input.dim() == 4 and mode == "nearest-exact":
        return _nn._upsample_nearest_exact2d(input, output_size, scale_factors)
    if input.dim() == 5 and mode == "nearest":
        return _nn.upsample_nearest3d(input, output_size, scale_factors)
    if input.dim() == 5 and mode == "nearest-exact":
        return _nn._upsample_nearest_exact3d(input, output_size, scale_factors)
    if input.dim() == 5 and mode == "area":
        return torch.nn.functional.adaptive_avg_pool3d(input, output_size)
    if input.dim() == 5 and mode == "trilinear":
        return _nn.upsample_trilinear3d(input, output_size, align_corners, scale_factors)
    if input.dim() == 3 and mode == "area":
        return torch.nn.functional.adaptive_avg_pool1d(input, output_size)
    if input.dim() == 4 and mode == "area":
        return torch.nn.functional.adaptive_avg_pool2d(input, output_size)
    if input.dim() == 3 and mode == "linear":
        return _nn.upsample_linear1d(input, output_size, align_corners, scale_factors)
    if input.dim() == 4 and mode == "bilinear":
        return _nn.upsample_bilinear2d(input, output_size, align_corners, scale_factors)
    if input.dim() == 4 and mode == "bicubic":
        return _nn.upsample_bicubic2d(input, output_size, align_corners, scale_factors)
    if input.dim() == 3 and mode == "bilinear":
        raise NotImplementedError("Got 3D input, but bilinear mode needs 4D input")
    if input.dim() == 4 and mode == "linear":
        raise NotImplementedError("Got 4D input, but linear mode needs 3D input")
    if input.dim() == 5 and mode == "linear":
        raise NotImplementedError("Got 5D input, but linear mode needs 3D input")
    if input.dim() == 5 and mode == "bilinear":
        raise NotImplementedError("Got 5D input, but bilinear mode needs 4D input")
    if input.dim() in (3, 4) and mode == "trilinear":
        raise NotImplementedError(f"Got {input.dim()}D input, but trilinear mode needs 5D input")
    raise NotImplementedError(f"Input Error: Only 3D, 4D and 5D input Tensors supported (got {input.dim()}D) for the "
                              f"modes: {_INTERPOLATE_MODES} (got {mode})")


def upsample(input, size=None, scale_factor=None, mode="nearest", align_corners=None):
    warnings.warn("`nn.functional.upsample` is deprecated. Use `nn.functional.interpolate` instead.", stacklevel=2)
    return interpolate(input, size, scale_factor, mode, align_corners)


def upsample_nearest(input, size=None, scale_factor=None):
    warnings.warn("`nn.functional.upsample_nearest` is deprecated. Use `nn.functional.interpolate` instead.",
                  stacklevel=2)
    return interpolate(input, size, scale_factor, mode="nearest")


def upsample_bilinear(input, size=None, scale_factor=None):
    warnings.warn("`nn.functional.upsample_bilinear` is deprecated. Use `nn.functional.interpolate` instead.",
                  stacklevel=2)
    return interpolate(input, size, scale_factor, mode="bilinear", align_corners=True)


def pixel_shuffle(input, upscale_factor):
    return torch.pixel_shuffle(input, upscale_factor)


def pixel_unshuffle(input, downscale_factor):
    return torch.pixel_unshuffle(input, downscale_factor)


def unfold(input, kernel_size, dilation=1, padding=0, stride=1):
    return _nn.im2col(input, _pair(kernel_size), _pair(dilation), _pair(padding), _pair(stride))


def fold(input, output_size, kernel_size, dilation=1, padding=0, stride=1):
    return _nn.col2im(input, _pair(output_size), _pair(kernel_size), _pair(dilation), _pair(padding), _pair(stride))


def _unpool_output_size(input, kernel_size, stride, padding, output_size):
    input_size = input.size()
    default_size = []
    for d in range(len(kernel_size)):
        default_size.append((input_size[-len(kernel_size) + d] - 1) * stride[d] + kernel_size[d] - 2 * padding[d])
    if output_size is None:
        return default_size
    if len(output_size) == len(kernel_size) + 2:
        output_size = output_size[2:]
    if len(output_size) != len(kernel_size):
        raise ValueError("output_size should be a sequence containing "
                         f"{len(kernel_size)} or {len(kernel_size) + 2} elements, but it has a length of "
                         f"'{len(output_size)}'")
    for d in range(len(kernel_size)):
        min_size = default_size[d] - stride[d]
        max_size = default_size[d] + stride[d]
        if not (min_size < output_size[d] < max_size):
            raise ValueError(f'invalid output_size "{output_size}" (dim {d} must be between {min_size} and {max_size})')
    return output_size


def max_unpool1d(input, indices, kernel_size, stride=None, padding=0, output_size=None):
    kernel_size = _single(kernel_size)
    _stride = _single(stride) if stride is not None else kernel_size
    padding = _single(padding)
    output_size = _unpool_output_size(input, kernel_size, _stride, padding, output_size)
    output_size = list(output_size) + [1]
    return _nn.max_unpool2d(input.unsqueeze(-1), indices.unsqueeze(-1), output_size).squeeze(-1)


def max_unpool2d(input, indices, kernel_size, stride=None, padding=0, output_size=None):
    kernel_size = _pair(kernel_size)
    _stride = _pair(stride) if stride is not None else kernel_size
    padding = _pair(padding)
    output_size = _unpool_output_size(input, kernel_size, _stride, padding, output_size)
    return _nn.max_unpool2d(input, indices, output_size)


def max_unpool3d(input, indices, kernel_size, stride=None, padding=0, output_size=None):
    kernel_size = _triple(kernel_size)
    _stride = _triple(stride) if stride is not None else kernel_size
    padding = _triple(padding)
    output_size = _unpool_output_size(input, kernel_size, _stride, padding, output_size)
    return _nn.max_unpool3d(input, indices, output_size, _stride, padding)


_ALIGN_CORNERS_WARNING = ("Default grid_sample and affine_grid behavior has changed to align_corners=False since 1.3.0. "
                          "Please specify align_corners=True if the old behavior is desired. See the documentation of "
                          "grid_sample for details.")


def _linspace_from_neg_one(n, align_corners, like):
    """ATen's linspace_from_neg_one: -1..1 over n points, shrunk by (n - 1) / n without
    align_corners (the pixels' centres)."""
    if n <= 1:
        return torch.zeros(n, dtype=like.dtype, device=like.device)
    steps = torch.linspace(-1, 1, n, dtype=like.dtype, device=like.device)
    return steps if align_corners else steps * (n - 1) / n


def affine_grid(theta, size, align_corners=None):
    """The sampling grid of the affine maps theta for an output of `size`: (N, H, W, 2) from
    theta (N, 2, 3) for (N, C, H, W), (N, D, H, W, 3) from (N, 3, 4) for (N, C, D, H, W); each
    pixel's (x, y[, z], 1) times theta's rows."""
    if align_corners is None:
        warnings.warn(_ALIGN_CORNERS_WARNING, stacklevel=2)
        align_corners = False
    if not theta.is_floating_point():
        raise ValueError(f"Expected theta to have floating point type, but got {theta.dtype}")
    if len(size) not in (4, 5):
        raise NotImplementedError("affine_grid only supports 4D and 5D sizes, for 2D and 3D affine transforms, "
                                  f"respectively. Got size {tuple(size)}.")
    k = len(size) - 2  # spatial dims
    if theta.dim() != 3 or theta.shape[-2] != k or theta.shape[-1] != k + 1:
        raise ValueError(f"Expected a batch of {k}D affine matrices of shape Nx{k}x{k + 1} for size {tuple(size)}. "
                         f"Got {theta.shape}.")
    if min(size) <= 0:
        raise ValueError(f"Expected non-zero, positive output size. Got {tuple(size)}")
    N, spatial = size[0], list(size[2:])
    # The coordinates (x, y[, z], 1) of every output position, x along the last dim.
    axes = [_linspace_from_neg_one(n, align_corners, theta) for n in spatial]
    columns = []
    for j in reversed(range(k)):
        shape = [1] * k
        shape[j] = spatial[j]
        columns.append(axes[j].view(shape).expand(spatial))
    columns.append(torch.ones(spatial, dtype=theta.dtype, device=theta.device))
    base = torch.stack(columns, -1).reshape(1, -1, k + 1)
    count = base.shape[1]
    return torch.bmm(base.expand(N, count, k + 1), theta.transpose(1, 2)).view(N, *spatial, k)


def _source_index(coord, size, padding_mode, align_corners):
    """grid_sampler_compute_source_index: a normalized coordinate as a pixel position, clipped
    (border) or reflected (reflection) into the input."""
    if align_corners:
        coord = (coord + 1) / 2 * (size - 1)
    else:
        coord = ((coord + 1) * size - 1) / 2
    if padding_mode == "reflection":
        low, high = (0, 2 * (size - 1)) if align_corners else (-1, 2 * size - 1)
        if low == high:
            coord = torch.zeros_like(coord)
        else:
            lo, span = low / 2, (high - low) / 2
            d = (coord - lo).abs()
            extra = torch.fmod(d, span)
            flips = torch.floor(d / span)
            coord = torch.where(flips % 2 == 0, extra + lo, span - extra + lo)
    if padding_mode in ("border", "reflection"):
        coord = coord.clamp(0, size - 1)
    return coord


def _gather_pixels(input, positions):
    """input's pixels at integer positions (one (N, *out) tensor per spatial dim, first dim
    first), zero where outside: (N, C, *out)."""
    N, C = input.shape[:2]
    spatial = input.shape[2:]
    inside = None
    flat = None
    for p, n in zip(positions, spatial):
        ok = (p >= 0) & (p < n)
        inside = ok if inside is None else inside & ok
        q = p.clamp(0, n - 1)
        flat = q if flat is None else flat * n + q
    out_shape = positions[0].shape[1:]
    index = flat.long().reshape(N, 1, -1).expand(N, C, -1)
    values = input.reshape(N, C, -1).gather(2, index).reshape(N, C, *out_shape)
    return values * inside.unsqueeze(1).to(input.dtype)


def grid_sample(input, grid, mode="bilinear", padding_mode="zeros", align_corners=None):
    """Samples input (N, C, H, W) or (N, C, D, H, W) at grid's normalized (x, y[, z]) positions
    (N, *out, 2 or 3), as ATen's grid_sampler_2d / 3d: bilinear (trilinear for volumes) or
    nearest, zeros, border or reflection padding."""
    if mode not in ("bilinear", "nearest", "bicubic"):
        raise ValueError("nn.functional.grid_sample(): expected mode to be 'bilinear', 'nearest' or 'bicubic', "
                         f"but got: '{mode}'")
    if padding_mode not in ("zeros", "border", "reflection"):
        raise ValueError("nn.functional.grid_sample(): expected padding_mode to be 'zeros', 'border', or "
                         f"'reflection', but got: '{padding_mode}'")
    if align_corners is None:
        warnings.warn(_ALIGN_CORNERS_WARNING, stacklevel=2)
        align_corners = False
    if grid.dim() != input.dim() or grid.shape[0] != input.shape[0]:
        raise RuntimeError("grid_sampler(): expected grid and input to have same batch size, but got input with "
                           f"sizes {list(input.shape)} and grid with sizes {list(grid.shape)}")
    k = input.dim() - 2
    if grid.shape[-1] != k:
        raise RuntimeError(f"grid_sampler(): expected grid to have size {k} in last dimension, but got grid with "
                           f"sizes {list(grid.shape)}")
    if mode == "bicubic":
        raise NotImplementedError("tensorplay: grid_sample(mode='bicubic') is not supported (bilinear and nearest are)")
    # Source positions, first spatial dim first (the grid holds x, the last dim's, first).
    sizes = input.shape[2:]
    pos = [_source_index(grid[..., k - 1 - j], sizes[j], padding_mode, align_corners) for j in range(k)]
    if mode == "nearest":
        return _gather_pixels(input, [torch.round(p) for p in pos])
    low = [torch.floor(p) for p in pos]
    out = None
    for corner in range(1 << k):  # ATen's order: the first dim's low corner first, the last dim's fastest
        at, weight = [], None
        for j in range(k):
            high = (corner >> (k - 1 - j)) & 1
            at.append(low[j] + high)
        for j in reversed(range(k)):  # the weight's factors x first, as ATen multiplies them
            high = (corner >> (k - 1 - j)) & 1
            w = (pos[j] - low[j]) if high else (low[j] + 1 - pos[j])
            weight = w if weight is None else weight * w
        term = _gather_pixels(input, at) * weight.unsqueeze(1)
        out = term if out is None else out + term
    return out
