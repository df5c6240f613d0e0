"""Gradient clipping, following torch/nn/utils/clip_grad.py step by step so that the numbers are
PyTorch's bit for bit: one vector norm per gradient, the norm of those norms, then every gradient
multiplied in place by min(max_norm / (total_norm + 1e-6), 1)."""
import functools
import types
import warnings

import torch


def _no_grad(func):
    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        with torch.no_grad():
            return func(*args, **kwargs)
    return wrapper


def _grouped_by_device_and_dtype(tensors):
    """The tensors in groups of one (device, dtype), in order of first appearance."""
    groups = {}
    for t in tensors:
        groups.setdefault((t.device, t.dtype), []).append(t)
    return groups


@_no_grad
def _get_total_norm(tensors, norm_type=2.0, error_if_nonfinite=False, foreach=None):
    if isinstance(tensors, torch.Tensor):
        tensors = [tensors]
    else:
        tensors = list(tensors)
    norm_type = float(norm_type)
    if len(tensors) == 0:
        return torch.tensor(0.0)
    first_device = tensors[0].device
    norms = []
    for group in _grouped_by_device_and_dtype(tensors).values():
        norms.extend(torch.linalg.vector_norm(g, norm_type) for g in group)
    total_norm = torch.linalg.vector_norm(torch.stack([norm.to(first_device) for norm in norms]), norm_type)
    if error_if_nonfinite and torch.logical_or(total_norm.isnan(), total_norm.isinf()):
        raise RuntimeError(
            f"The total norm of order {norm_type} for gradients from "
            "`parameters` is non-finite, so it cannot be clipped. To disable "
            "this error and scale the gradients by the non-finite norm anyway, "
            "set `error_if_nonfinite=False`"
        )
    return total_norm


@_no_grad
def _clip_grads_with_norm_(parameters, max_norm, total_norm, foreach=None):
    if isinstance(parameters, torch.Tensor):
        parameters = [parameters]
    grads = [p.grad for p in parameters if p.grad is not None]
    max_norm = float(max_norm)
    if len(grads) == 0:
        return
    clip_coef = max_norm / (total_norm + 1e-6)
    # Multiplying by a coefficient clamped to 1 avoids a data-dependent branch, as in PyTorch.
    clip_coef_clamped = torch.clamp(clip_coef, max=1.0)
    for (device, _), group in _grouped_by_device_and_dtype(grads).items():
        clip_coef_clamped_device = clip_coef_clamped.to(device)
        for g in group:
            g.mul_(clip_coef_clamped_device)


@_no_grad
def clip_grad_norm_(parameters, max_norm, norm_type=2.0, error_if_nonfinite=False, foreach=None):
    if isinstance(parameters, torch.Tensor):
        parameters = [parameters]
    else:
        is_generator = isinstance(parameters, types.GeneratorType)
        parameters = list(parameters)  # a generator would be used up by the first pass
        if is_generator and len(parameters) == 0:
            warnings.warn("`parameters` is an empty generator, no gradient clipping will occur.", stacklevel=3)
    grads = [p.grad for p in parameters if p.grad is not None]
    total_norm = _get_total_norm(grads, norm_type, error_if_nonfinite, foreach)
    _clip_grads_with_norm_(parameters, max_norm, total_norm, foreach)
    return total_norm


@_no_grad
def clip_grad_value_(parameters, clip_value, foreach=None):
    if isinstance(parameters, torch.Tensor):
        parameters = [parameters]
    clip_value = float(clip_value)
    for grad in (p.grad for p in parameters if p.grad is not None):
        grad.clamp_(min=-clip_value, max=clip_value)
