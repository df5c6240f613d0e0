"""The activations and dropouts of torch.nn.functional that PyTorch writes in Python (softsign,
tanhshrink, softmin, dropout3d, ...) and those that tensorplay composes of tensor ops in the
order of ATen's kernels (hardswish, hardsigmoid, hard/softshrink, threshold, glu, prelu, rrelu,
alpha dropout), so float32 values are PyTorch's bit for bit, gradients and every device come
from the ops, and the result shows the grad_fn of PyTorch's kernel."""
import warnings

import torch
from torch._C import _nn
from torch.nn._functional_utils import _check_p, _feature_dropout_batched


def _shown_as(result, name):
    """The composed result's grad_fn shows the node of the ATen kernel it stands for."""
    if result.grad_fn is not None:
        _nn._rename_grad_fn(result, name)
    return result


def _check_floating(kernel, input):
    if not input.dtype.is_floating_point:
        raise NotImplementedError(f"\"{kernel}\" not implemented for '{_scalar_name(input.dtype)}'")


def _write_back(input, result, name):
    """An in-place form: result (computed from a clone of input) written into input."""
    return _shown_as(input.copy_(result), name)


def _threshold(input, threshold, value, inplace=False):
    # ATen's kernel: x <= threshold ? value : x, with both numbers cast to the input's dtype
    # first; the gradient passes where x > threshold.
    if input.dtype == torch.bool:
        raise NotImplementedError("\"threshold_cpu\" not implemented for 'Bool'")
    if not input.dtype.is_floating_point:
        threshold, value = int(threshold), int(value)
    if inplace:
        return _shown_as(input.masked_fill_(input <= threshold, value), "ThresholdBackward1")
    fill = torch.full_like(input, value)
    return _shown_as(torch.where(input <= threshold, fill, input), "ThresholdBackward0")


threshold = _threshold


def threshold_(input, threshold, value):
    return _threshold(input, threshold, value, True)


def hardshrink(input, lambd=0.5):
    # 0 where -lambd <= x <= lambd (NaN passes), the gradient outside.
    _check_floating("hardshrink_cpu", input)
    inside = (input >= -lambd) & (input <= lambd)
    return _shown_as(torch.where(inside, torch.zeros_like(input), input), "HardshrinkBackward0")


def softshrink(input, lambd=0.5):
    _check_floating("softshrink_check", input)
    largest = torch.finfo(input.dtype).max
    if not (0 <= lambd <= largest):
        raise RuntimeError(f"lambda must be in range [0, {largest:g}] for input dtype "
                           f"{_scalar_name(input.dtype)}, but found {lambd:g}")
    # ATen's kernel: x - lambd above, x + lambd below, 0 between; the gradient passes outside
    # [-lambd, lambd], NaN included.
    inside = (input >= -lambd) & (input <= lambd)
    result = torch.where(inside, _softshrink_zero(input), torch.where(input > lambd, input - lambd, input + lambd))
    return _shown_as(result, "SoftshrinkBackward0")


def _softshrink_zero(input):
    """softshrink's value inside the band: ATen's vectorized loop gives +0.0, its scalar loop x * 0
    (-0.0 for a negative x). PyTorch's CPU kernel runs vectors over a contiguous input in steps
    of two 256-bit vectors (16 floats, 8 doubles, 32 halves) and the scalar loop over the rest,
    and over a strided input."""
    scalar_zero = input * 0
    step = {torch.float32: 16, torch.float64: 8}.get(input.dtype, 32)
    if not input.is_contiguous() or input.numel() < step:
        return scalar_zero
    vectorized = torch.arange(input.numel(), device=input.device).reshape(input.shape) < input.numel() // step * step
    return torch.where(vectorized, torch.zeros_like(input), scalar_zero)


def _hardswish(input):
    # ATen's kernel: x * min(max(x + 3, 0), 6) / 6. Below 3 the clamp's gradient (strictly
    # inside) is hardswish_backward's (x <= -3: 0, else x / 3 + 0.5); from 3 on, and for NaN,
    # the value is x * 6 / 6 with gradient 1. The low branch sees 0 where unused, so no NaN
    # leaks into the gradient.
    _check_floating("hardswish_cpu", input)
    low = input < 3
    x_low = torch.where(low, input, torch.zeros_like(input))
    return torch.where(low, x_low * (x_low + 3).clamp(0, 6) / 6, input * 6 / 6)


def _hardsigmoid(input):
    _check_floating("hardsigmoid_cpu", input)
    return (input + 3).clamp(0, 6) / 6


def hardswish(input, inplace=False):
    if inplace:
        return _write_back(input, _hardswish(input.clone()), "HardswishBackward0")
    return _shown_as(_hardswish(input), "HardswishBackward0")


def hardsigmoid(input, inplace=False):
    if inplace:
        return _write_back(input, _hardsigmoid(input.clone()), "HardsigmoidBackward0")
    return _shown_as(_hardsigmoid(input), "HardsigmoidBackward0")


def tanhshrink(input):
    return input - input.tanh()


def softsign(input):
    return input / (input.abs() + 1)


def softmin(input, dim=None, _stacklevel=3, dtype=None):
    if dim is None:
        warnings.warn("Implicit dimension choice for softmin has been deprecated. "
                      "Change the call to include dim=X as an argument.", stacklevel=_stacklevel)
        ndim = input.dim()
        dim = 0 if ndim in (0, 1, 3) else 1
    if dtype is None:
        return (-input).softmax(dim)
    return (-input).softmax(dim, dtype=dtype)


def gumbel_softmax(logits, tau=1, hard=False, eps=1e-10, dim=-1):
    """A sample of the Gumbel-softmax distribution: softmax((logits + g) / tau) with g = -log(E),
    E exponential (PyTorch's draws after manual_seed); hard=True gives the one-hot of its argmax
    with the soft sample's gradient (straight-through)."""
    if eps != 1e-10:
        warnings.warn("`eps` parameter is deprecated and has no effect.", stacklevel=2)
    gumbels = -torch.empty_like(logits).exponential_().log()
    soft = ((logits + gumbels) / tau).softmax(dim)
    if not hard:
        return soft
    index = soft.max(dim, keepdim=True)[1]
    one_hot = torch.zeros_like(logits).scatter_(dim, index, 1.0)
    return one_hot - soft.detach() + soft


def glu(input, dim=-1):
    if input.dim() == 0:
        raise RuntimeError("glu does not support scalars because halving size must be even")
    wrap_dim = dim + input.dim() if dim < 0 else dim
    if wrap_dim < 0 or wrap_dim >= input.dim():
        raise IndexError(f"Dimension out of range (expected to be in range of [{-input.dim()}, "
                         f"{input.dim() - 1}], but got {dim})")
    n = input.size(wrap_dim)
    if n % 2 != 0:
        raise RuntimeError(f"Halving dimension must be even, but dimension {wrap_dim} is size {n}")
    first, second = input.narrow(wrap_dim, 0, n // 2), input.narrow(wrap_dim, n // 2, n // 2)
    # ATen's glu kernel: a * (1 / (1 + exp(-b))), which is sigmoid's formula.
    return _shown_as(first * second.sigmoid(), "GluBackward0")


def prelu(input, weight):
    if input.dtype != weight.dtype:
        raise RuntimeError(f"prelu: Type promoting not supported. Got {_scalar_name(input.dtype)} and "
                           f"{_scalar_name(weight.dtype)}")
    if weight.numel() != 1:
        if input.dim() == 0:
            raise RuntimeError("Not allow zero-dim input tensor.")
        channel_size = input.size(1) if input.dim() > 1 else 1
        if channel_size != weight.numel():
            raise RuntimeError("Mismatch of parameter numbers and input channel size. Found parameter numbers = "
                               f"{weight.numel()} and channel size = {channel_size}.")
    if weight.dim() > 1:
        raise RuntimeError(f"prelu: Expected `weight` to be a scalar or 1D tensor, but got: ndim = {weight.dim()}")
    # weight broadcast over the channel dim (dim 1), then ATen's _prelu_kernel: x > 0 ? x : w * x.
    if input.dim() != weight.dim():
        shape = [1] * input.dim()
        if input.dim() > 1:
            shape[1] = weight.numel()
        weight = weight.reshape(shape)
    return _shown_as(torch.where(input > 0, input, weight * input), "PreluKernelBackward0")


def rrelu(input, lower=1.0 / 8, upper=1.0 / 3, training=False, inplace=False):
    node = "RreluWithNoiseBackward1" if inplace else "RreluWithNoiseBackward0"
    if not training:
        # rrelu_with_noise in eval mode is leaky_relu with the mean slope.
        result = _nn.leaky_relu(input, (lower + upper) / 2, inplace)
        return _shown_as(result, node)
    if not input.dtype.is_floating_point:
        raise NotImplementedError(f"\"rrelu_with_noise_out_cpu\" not implemented for '{_scalar_name(input.dtype)}'")
    if lower > upper:
        raise RuntimeError("Lower bound should be less than or equal to the upper bound")
    if input.device.type == "meta":  # no values: only the result's shape and dtype
        return _shown_as(input.mul_(torch.empty_like(input)) if inplace else input * torch.empty_like(input), node)
    # ATen's CPU loop: one uniform(lower, upper) double per element <= 0, in element order,
    # which is a float64 uniform_ over as many elements.
    with torch.no_grad():
        flat = input.detach().reshape(-1).cpu()
        nonpositive = flat <= 0
        draws = torch.empty(int(nonpositive.sum().item()), dtype=torch.float64).uniform_(lower, upper)
        noise = torch.ones(flat.shape, dtype=input.dtype)
        noise[nonpositive] = draws.to(input.dtype)
        noise = noise.reshape(input.shape).to(input.device)
    result = input.mul_(noise) if inplace else input * noise
    return _shown_as(result, node)


def rrelu_(input, lower=1.0 / 8, upper=1.0 / 3, training=False):
    return rrelu(input, lower, upper, training, True)


def _alpha_dropout(input, p, training, inplace, feature):
    """ATen's _dropout_impl with alpha: noise ~ bernoulli(1 - p), then input * a * noise + b
    (b = alpha * a * (noise - 1 + p)) keeps SELU's mean and variance."""
    _check_p(p)
    if p == 0 or not training or input.numel() == 0:
        return input
    if p == 1:
        zero = torch.zeros((), dtype=input.dtype, device=input.device)
        return input.mul_(zero) if inplace else input.mul(zero)
    if feature:
        if input.dim() < 2:
            raise RuntimeError("Feature dropout requires at least 2 dimensions in the input")
        shape = [input.size(0), input.size(1)] + [1] * (input.dim() - 2)
    else:
        shape = list(input.shape)
    alpha = 1.7580993408473766
    a = 1.0 / ((alpha * alpha * p + 1) * (1 - p)) ** 0.5
    with torch.no_grad():
        noise = torch.empty(shape, dtype=input.dtype).bernoulli_(1 - p).to(input.device)
        b = noise.add(-1).mul_(alpha * a).add_(alpha * a * p)
        noise.mul_(a)
    return (input.mul_(noise) if inplace else input.mul(noise)).add_(b)


def alpha_dropout(input, p=0.5, training=False, inplace=False):
    return _alpha_dropout(input, p, training, inplace, feature=False)


def feature_alpha_dropout(input, p=0.5, training=False, inplace=False):
    return _alpha_dropout(input, p, training, inplace, feature=True)


def dropout3d(input, p=0.5, training=True, inplace=False):
    _check_p(p)
    inp_dim = input.dim()
    if inp_dim not in (4, 5):
        warn_msg = (
            f"dropout3d: Received a {inp_dim}-D input to dropout3d, which is deprecated "
            "and will result in an error in a future release. To retain the behavior "
            "and silence this warning, please use dropout instead. Note that dropout3d "
            "exists to provide channel-wise dropout on inputs with 3 spatial dimensions, "
            "a channel dimension, and an optional batch dimension (i.e. 4D or 5D inputs).")
        warnings.warn(warn_msg, stacklevel=2)
    return _feature_dropout_batched(input, p, training, inplace, inp_dim == 5)


def _scalar_name(dtype):
    """c10's ScalarType name (Float, Double, Long, ...)."""
    names = {"float32": "Float", "float64": "Double", "float16": "Half", "bfloat16": "BFloat16", "int64": "Long",
             "int32": "Int", "int16": "Short", "int8": "Char", "uint8": "Byte", "bool": "Bool"}
    key = str(dtype).replace("torch.", "")
    return names.get(key, key)
