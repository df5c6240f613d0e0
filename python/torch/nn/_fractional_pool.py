"""F.fractional_max_pool2d / 3d, as ATen's FractionalMaxPool2d/3d.cpp compute them: per plane,
one random sample per dim (drawn with torch.rand, as torch/nn/functional.py draws them, or
given) places the windows along that dim at floor((i + u) * alpha) - floor(u * alpha),
alpha = (input - pool) / (output - 1), the last at the end; the maximum of each window (the
first one among ties), gathered so that gradients reach the input (the grad_fn is the
gather's, not FractionalMaxPool2DBackward0)."""
import struct

import torch
from torch.nn._functional_utils import _pair, _triple


def _float32(value):
    """value rounded to float32 (each step below rounds once, as float32 arithmetic does: a double
    holds the exact sum, product or quotient of two float32s closely enough)."""
    return struct.unpack("f", struct.pack("f", value))[0]


def _intervals(sample, in_size, out_size, pool, dtype):
    """generate_intervals in the input's dtype (float32 rounding for float32)."""
    t = _float32 if dtype == torch.float32 else float
    seq = [0] * out_size
    if out_size > 1:
        alpha = t(t(in_size - pool) / t(out_size - 1))
        for i in range(out_size - 1):
            seq[i] = int(t(t(i + t(sample)) * alpha)) - int(t(t(sample) * alpha))
    if out_size > 0:
        seq[-1] = in_size - pool
    return seq


def _fractional_max_pool(name, input, kernel, output_size, samples, return_indices):
    k = len(kernel)
    batched = input.dim() == k + 2
    x = input if batched else input.unsqueeze(0)
    spatial = list(x.shape[2:])
    labels = ["time", "height", "width"][3 - k:]
    # ATen checks height before width (and time first for volumes).
    for j in range(k):
        if output_size[j] + kernel[j] - 1 > spatial[j]:
            raise RuntimeError(f"{name}: pool {labels[j]} {kernel[j]} too large relative to input {labels[j]} "
                               f"{spatial[j]}")
    N, C = x.shape[:2]
    if N * C == 0:  # an empty batch: nothing to place
        values = x.new_empty((N, C, *output_size))
        indices = torch.empty((N, C, *output_size), dtype=torch.int64, device=x.device)
        if not batched:
            values, indices = values.squeeze(0), indices.squeeze(0)
        return (values, indices) if return_indices else values
    # The sample of each dim: W is [0] and H [1] for 2-d; T, H, W in order for 3-d.
    order = [1, 0] if k == 2 else [0, 1, 2]
    u = samples.detach().to("cpu", torch.float64).reshape(N * C, k).tolist()
    starts = [[_intervals(u[p][order[j]], spatial[j], output_size[j], kernel[j], x.dtype) for p in range(N * C)]
              for j in range(k)]
    device = x.device
    # For every window element (offsets in row-major order): its flat input position, (N, C, *out).
    flat_positions = []
    offsets = [[]]
    for j in range(k):
        offsets = [o + [d] for o in offsets for d in range(kernel[j])]
    start_tensors = []
    for j in range(k):
        shape = [N * C] + [1] * k
        shape[1 + j] = output_size[j]
        start_tensors.append(torch.tensor(starts[j], dtype=torch.int64).reshape(shape))
    for off in offsets:
        flat = None
        for j in range(k):
            pos = start_tensors[j] + off[j]
            flat = pos if flat is None else flat * spatial[j] + pos
        flat_positions.append(flat.expand(N * C, *output_size))
    table = torch.stack(flat_positions, -1).to(device)  # (N*C, *out, window)
    planes = x.reshape(N * C, -1)
    windows = planes.gather(1, table.reshape(N * C, -1)).reshape(table.shape)
    values, which = windows.max(-1)
    indices = table.gather(-1, which.unsqueeze(-1)).squeeze(-1)
    values = values.reshape(N, C, *output_size)
    indices = indices.reshape(N, C, *output_size)
    if not batched:
        values, indices = values.squeeze(0), indices.squeeze(0)
    return (values, indices) if return_indices else values


def _output_size(name, input, k, output_size, output_ratio):
    if output_size is None and output_ratio is None:
        raise ValueError(f"{name} requires specifying either an output_size or an output_ratio")
    if output_size is None:
        if isinstance(output_ratio, (list, tuple)) and len(output_ratio) > k:
            raise ValueError(f"{name} requires output_ratio to either be a single Int or tuple of Ints.")
        ratio = (_pair if k == 2 else _triple)(output_ratio)
        return [int(input.size(-k + j) * ratio[j]) for j in range(k)]
    return list((_pair if k == 2 else _triple)(output_size))


def _samples(input, k, random_samples):
    if random_samples is not None:
        return random_samples
    n_batch = 1 if input.dim() == k + 1 else input.size(0)
    return torch.rand(n_batch, input.size(-k - 1), k, dtype=input.dtype, device=input.device)


def fractional_max_pool2d(input, kernel_size, output_size=None, output_ratio=None, return_indices=False,
                          _random_samples=None):
    size = _output_size("fractional_max_pool2d", input, 2, output_size, output_ratio)
    samples = _samples(input, 2, _random_samples)
    return _fractional_max_pool("fractional_max_pool2d()", input, list(_pair(kernel_size)), size, samples,
                                return_indices)


def fractional_max_pool3d(input, kernel_size, output_size=None, output_ratio=None, return_indices=False,
                          _random_samples=None):
    size = _output_size("fractional_max_pool3d", input, 3, output_size, output_ratio)
    samples = _samples(input, 3, _random_samples)
    return _fractional_max_pool("fractional_max_pool3d_out()", input, list(_triple(kernel_size)), size, samples,
                                return_indices)


def fractional_max_pool2d_with_indices(input, kernel_size, output_size=None, output_ratio=None, return_indices=False,
                                       _random_samples=None):
    return fractional_max_pool2d(input, kernel_size, output_size, output_ratio, True, _random_samples)


def fractional_max_pool3d_with_indices(input, kernel_size, output_size=None, output_ratio=None, return_indices=False,
                                       _random_samples=None):
    return fractional_max_pool3d(input, kernel_size, output_size, output_ratio, True, _random_samples)
