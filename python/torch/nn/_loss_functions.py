"""The margin, embedding and likelihood losses of torch.nn.functional (cosine_embedding_loss,
margin_ranking_loss, triplet_margin_loss, poisson_nll_loss, gaussian_nll_loss, the soft/multi
margin losses, ctc_loss, ...), composed of tensor ops in the order ATen's Loss.cpp,
LossMultiMargin.cpp, LossMultiLabelMargin.cpp, LossCTC.cpp and torch/nn/functional.py compute
them, with PyTorch's checks and texts. Losses that PyTorch computes with one kernel show that kernel's grad_fn."""
import math

import torch
from torch.nn._reduction import legacy_get_string

_REDUCTIONS = ("none", "mean", "sum")


def _reduction_arg(size_average, reduce, reduction):
    """_Reduction.get_enum / legacy_get_enum: the checked reduction name."""
    if size_average is not None or reduce is not None:
        return legacy_get_string(size_average, reduce)
    if reduction not in _REDUCTIONS:
        raise ValueError(f"{reduction} is not a valid value for reduction")
    return reduction


def _reduce(loss, reduction):
    """ATen's apply_loss_reduction."""
    if reduction == "mean":
        return loss.mean()
    if reduction == "sum":
        return loss.sum()
    return loss


def _shown_as(result, name):
    if result.grad_fn is not None:
        torch._C._nn._rename_grad_fn(result, name)
    return result


def _sizes(shape):
    return "[" + ", ".join(str(s) for s in shape) + "]"


def cosine_embedding_loss(input1, input2, target, margin=0, size_average=None, reduce=None, reduction="mean"):
    reduction = _reduction_arg(size_average, reduce, reduction)
    targ_dim = target.dim()
    if targ_dim not in (0, 1):
        raise RuntimeError("0D or 1D target tensor expected, multi-target not supported")
    if targ_dim == 1 and input1.dim() != 2:
        raise RuntimeError("1D target tensor expects 2D input tensors, but found inputs with sizes "
                           f"{_sizes(input1.shape)} and {_sizes(input2.shape)}.")
    if targ_dim == 0 and input1.dim() != 1:
        raise RuntimeError("0D target tensor expects 1D input tensors, but found inputs with sizes "
                           f"{_sizes(input1.shape)} and {_sizes(input2.shape)}.")
    eps = 1e-12  # ATen's EPSILON, a float
    prod_sum = (input1 * input2).sum(targ_dim)
    mag_square1 = (input1 * input1).sum(targ_dim) + eps
    mag_square2 = (input2 * input2).sum(targ_dim) + eps
    denom = (mag_square1 * mag_square2).sqrt_()
    cos = prod_sum / denom
    zeros = torch.zeros_like(cos)
    pos = 1 - cos
    neg = (cos - margin).clamp_min_(0)
    output_pos = torch.where(target == 1, pos, zeros)
    output_neg = torch.where(target == -1, neg, zeros)
    return _reduce(output_pos + output_neg, reduction)


def margin_ranking_loss(input1, input2, target, margin=0, size_average=None, reduce=None, reduction="mean"):
    reduction = _reduction_arg(size_average, reduce, reduction)
    if input1.dim() != input2.dim() or input1.dim() != target.dim():
        raise RuntimeError(
            f"margin_ranking_loss : All input tensors should have same dimension but got sizes: "
            f"input1: {input1.size()}, input2: {input2.size()}, target: {target.size()} ")
    output = (-target * (input1 - input2) + margin).clamp_min_(0)
    return _reduce(output, reduction)


def hinge_embedding_loss(input, target, margin=1.0, size_average=None, reduce=None, reduction="mean"):
    reduction = _reduction_arg(size_average, reduce, reduction)
    zeros = torch.zeros_like(input)
    margin_clamp = (margin - input).clamp_min_(0)
    output_margin = torch.where(target != 1, margin_clamp, zeros)
    output_self = torch.where(target != -1, input, zeros)
    return _reduce(output_margin + output_self, reduction)


def _check_triplet_dims(anchor, positive, negative):
    a_dim, p_dim, n_dim = anchor.dim(), positive.dim(), negative.dim()
    if not (a_dim == p_dim and p_dim == n_dim):
        raise RuntimeError(
            f"The anchor, positive, and negative tensors are expected to have "
            f"the same number of dimensions, but got: anchor {a_dim}D, "
            f"positive {p_dim}D, and negative {n_dim}D inputs")


def triplet_margin_loss(anchor, positive, negative, margin=1.0, p=2, eps=1e-6, swap=False, size_average=None,
                        reduce=None, reduction="mean"):
    reduction = _reduction_arg(size_average, reduce, reduction)
    if margin <= 0:
        raise ValueError(f"margin must be greater than 0, got {margin}")
    _check_triplet_dims(anchor, positive, negative)
    dist_pos = torch.pairwise_distance(anchor, positive, p, eps)
    dist_neg = torch.pairwise_distance(anchor, negative, p, eps)
    if swap:
        dist_swap = torch.pairwise_distance(positive, negative, p, eps)
        dist_neg = torch.min(dist_neg, dist_swap)
    return _reduce(torch.clamp_min(margin + dist_pos - dist_neg, 0), reduction)


def triplet_margin_with_distance_loss(anchor, positive, negative, *, distance_function=None, margin=1.0, swap=False,
                                      reduction="mean"):
    if reduction not in _REDUCTIONS:
        raise ValueError(f"{reduction} is not a valid value for reduction")
    if margin <= 0:
        raise ValueError(f"margin must be greater than 0, got {margin}")
    _check_triplet_dims(anchor, positive, negative)
    if distance_function is None:
        distance_function = torch.pairwise_distance
    dist_pos = distance_function(anchor, positive)
    dist_neg = distance_function(anchor, negative)
    if swap:
        dist_swap = distance_function(positive, negative)
        dist_neg = torch.minimum(dist_neg, dist_swap)
    loss = torch.clamp_min(margin + dist_pos - dist_neg, 0)
    if reduction == "sum":
        return torch.sum(loss)
    if reduction == "mean":
        return torch.mean(loss)
    return loss


def poisson_nll_loss(input, target, log_input=True, full=False, size_average=None, eps=1e-8, reduce=None,
                     reduction="mean"):
    if size_average is not None or reduce is not None:
        reduction = legacy_get_string(size_average, reduce)
    if reduction not in _REDUCTIONS:
        raise ValueError(reduction + " is not a valid value for reduction")
    if log_input:
        loss = torch.exp(input) - target * input
    else:
        loss = input - target * torch.log(input + eps)
    if full:
        stirling_term = target * torch.log(target) - target + 0.5 * torch.log(2 * math.pi * target)
        loss += stirling_term.masked_fill(target <= 1, 0)
    return _reduce(loss, reduction)


def gaussian_nll_loss(input, target, var, full=False, eps=1e-6, reduction="mean"):
    if isinstance(var, float):
        if var < 0:
            raise ValueError("var has negative entry/entries")
        var = var * torch.ones_like(input)
    elif torch.any(var < 0):
        raise ValueError("var has negative entry/entries")
    if var.size() != input.size():
        if input.size()[:-1] == var.size():
            var = torch.unsqueeze(var, -1)
        elif input.ndim == var.ndim and sum(y for x, y in zip(input.size(), var.size()) if x != y) == 1:
            pass
        else:
            raise ValueError("var is of incorrect size")
    if reduction not in _REDUCTIONS:
        raise ValueError(reduction + " is not valid")
    var = var.clone()
    with torch.no_grad():
        var.clamp_(min=eps)
    loss = 0.5 * (torch.log(var) + (input - target) ** 2 / var)
    if full:
        loss += 0.5 * math.log(2 * math.pi)
    return _reduce(loss, reduction)


def soft_margin_loss(input, target, size_average=None, reduce=None, reduction="mean"):
    reduction = _reduction_arg(size_average, reduce, reduction)
    # ATen's soft_margin_loss_out: neg(input).mul_(target).exp_().add_(1).log_()
    output = _reduce((-input * target).exp().add(1).log(), reduction)
    return _shown_as(output, "SoftMarginLossBackward0")


def multilabel_soft_margin_loss(input, target, weight=None, size_average=None, reduce=None, reduction="mean"):
    if size_average is not None or reduce is not None:
        reduction = legacy_get_string(size_average, reduce)
    logsigmoid = torch._C._nn.log_sigmoid
    loss = -(target * logsigmoid(input) + (1 - target) * logsigmoid(-input))
    if weight is not None:
        loss = loss * weight
    class_dim = input.dim() - 1
    C = input.size(class_dim)
    loss = loss.sum(dim=class_dim) / C
    if reduction == "none":
        return loss
    if reduction == "mean":
        return loss.mean()
    if reduction == "sum":
        return loss.sum()
    raise ValueError(reduction + " is not valid")


def _check_margin_input(input):
    ndims = input.dim()
    if not ((ndims == 2 and input.size(1) != 0) or (ndims == 1 and input.size(0) != 0) or ndims == 0):
        raise RuntimeError("Expected non-empty vector or matrix with optional 0-dim batch size, but got: "
                           f"{_sizes(input.shape)}")


def _check_kernel_dtype(kernel, input):
    if not input.dtype.is_floating_point:
        from torch.nn._activation_functions import _scalar_name
        raise NotImplementedError(f"\"{kernel}\" not implemented for '{_scalar_name(input.dtype)}'")


def _check_long(target, input):
    if target.dtype != torch.int64:
        from torch.nn._activation_functions import _scalar_name
        raise RuntimeError(f"expected scalar type Long but found {_scalar_name(target.dtype)}")


def multi_margin_loss(input, target, p=1, margin=1.0, weight=None, size_average=None, reduce=None, reduction="mean"):
    reduction = _reduction_arg(size_average, reduce, reduction)
    if p != 1 and p != 2:
        raise ValueError("only p == 1 and p == 2 supported")
    if weight is not None and weight.dim() != 1:
        raise ValueError("weight must be one-dimensional")
    if weight is not None and weight.requires_grad and torch.is_grad_enabled():
        raise RuntimeError("The function 'multi_margin_loss' is not differentiable with respect to argument "
                           "'weight'. This input cannot have requires_grad True.")
    _check_margin_input(input)
    ndims = input.dim()
    nframe = 1 if ndims <= 1 else input.size(0)
    dim = (1 if ndims == 0 else input.size(0)) if ndims <= 1 else input.size(1)
    if not (target.dim() <= 1 and target.numel() == nframe):
        raise RuntimeError(
            "multi_margin_loss: target tensor should be 1-D with size equal to the number of input samples "
            f"(batch size). Expected target size [{nframe}], but got {_sizes(target.shape)}. "
            f"Input has shape {_sizes(input.shape)}.")
    if weight is not None and weight.numel() != dim:
        raise RuntimeError(f"inconsistent weight size, expected {dim} but got {_sizes(weight.shape)}")
    _check_kernel_dtype("multi_margin_loss_cpu_kernel", input)
    _check_long(target, input)
    if weight is not None and weight.dtype != input.dtype:
        from torch.nn._activation_functions import _scalar_name
        raise RuntimeError(f"expected scalar type {_scalar_name(input.dtype)} but found "
                           f"{_scalar_name(weight.dtype)}")
    x = input.reshape(nframe, dim)
    t = target.reshape(nframe)
    if ((t < 0) | (t >= dim)).any().item():
        raise RuntimeError("target out of range")
    # The kernel's loop: for each class d != target, z = margin - x[target] + x[d], summed
    # (squared for p == 2, times weight[target]) where z > 0, then divided by dim.
    x_target = x.gather(1, t.unsqueeze(1))
    z = margin - x_target + x
    h = z.clamp_min(0)
    if p == 2:
        h = h * h
    if weight is not None:
        h = h * weight[t].unsqueeze(1)
    others = torch.ones_like(h, dtype=torch.bool).scatter_(1, t.unsqueeze(1), False)
    per_sample = torch.where(others, h, torch.zeros_like(h)).sum(1) / dim
    if reduction == "none":
        out = per_sample if target.dim() > 0 else per_sample.reshape(())
    else:
        out = _reduce(per_sample, reduction)
    return _shown_as(out, "MultiMarginLossBackward0")


def multilabel_margin_loss(input, target, size_average=None, reduce=None, reduction="mean"):
    reduction = _reduction_arg(size_average, reduce, reduction)
    _check_margin_input(input)
    ndims = input.dim()
    nframe = 1 if ndims <= 1 else input.size(0)
    dim = (1 if ndims == 0 else input.size(0)) if ndims <= 1 else input.size(1)
    expected = tuple(input.shape) if ndims == 2 else ((dim,) if ndims == 1 else ())
    if ndims <= 1 and tuple(target.shape) != expected or ndims == 2 and tuple(target.shape) != expected:
        raise RuntimeError(f"inconsistent target size: {_sizes(target.shape)} for input of size: "
                           f"{_sizes(input.shape)}")
    _check_long(target, input)
    _check_kernel_dtype("multilabel_margin_loss_forward_out_frame", input)
    x = input.reshape(nframe, dim)
    t = target.reshape(nframe, dim)
    if ((t < -1) | (t >= dim)).any().item():
        raise RuntimeError("argument #2 'target' is out of range")
    # The targets of a sample are its target entries up to the first -1.
    valid = (t >= 0).to(torch.int64).cumprod(1).bool()
    classes = torch.arange(dim, device=input.device)
    is_target = ((t.unsqueeze(2) == classes) & valid.unsqueeze(2)).any(1)
    x_target = x.gather(1, t.clamp(min=0))
    # z[n, j, i] = 1 - (x[target_j] - x[i]) over targets j and non-target classes i.
    z = (1 - (x_target.unsqueeze(2) - x.unsqueeze(1))).clamp_min(0)
    keep = valid.unsqueeze(2) & ~is_target.unsqueeze(1)
    per_sample = torch.where(keep, z, torch.zeros_like(z)).sum((1, 2)) / dim
    if reduction == "none":
        out = per_sample if target.dim() > 1 else per_sample.reshape(())
    else:
        out = _reduce(per_sample, reduction)
    return _shown_as(out, "MultilabelMarginLossBackward0")


def _ctc_lengths(lengths):
    return [int(v) for v in (lengths.tolist() if isinstance(lengths, torch.Tensor) else lengths)]


def _ctc_check(lp, targets, input_lengths, target_lengths, blank):
    where = " (while checking arguments for ctc_loss_allocate_outputs)"
    if lp.dim() != 3:
        raise RuntimeError(f"Expected 3-dimensional tensor, but got {lp.dim()}-dimensional tensor for "
                           f"argument #1 'log_probs'{where}")
    if targets.dim() not in (1, 2):
        raise RuntimeError(f"Expected 1 to 2 dimensions, but got {targets.dim()}-dimensional tensor for "
                           f"argument #2 'targets'{where}")
    T, N, C = lp.shape
    if not 0 <= blank < C:
        raise RuntimeError("blank must be in label range")
    if len(input_lengths) != N:
        raise RuntimeError("input_lengths must be of size batch_size")
    if len(target_lengths) != N:
        raise RuntimeError("target_lengths must be of size batch_size")
    for n in target_lengths:
        if n < 0:
            raise RuntimeError(f"Expected target_lengths to have value at least 0, but got value {n}{where}")
    if targets.dim() == 1:
        if targets.size(0) != sum(target_lengths):
            raise RuntimeError(f"Expected tensor to have size {sum(target_lengths)} at dimension 0, but got size "
                               f"{targets.size(0)} for argument #2 'targets'{where}")
    else:
        if targets.size(0) != N:
            raise RuntimeError(f"Expected tensor to have size {N} at dimension 0, but got size {targets.size(0)} "
                               f"for argument #2 'targets'{where}")
        longest = max(target_lengths, default=0)
        if targets.size(1) < longest:
            raise RuntimeError(f"Expected tensor to have size at least {longest} at dimension 1, but got size "
                               f"{targets.size(1)} for argument #2 'targets'{where}")
    for n in input_lengths:
        if n < 0:
            raise RuntimeError(f"Expected input_lengths to have value at least 0, but got value {n}{where}")
        if n > T:
            raise RuntimeError(f"Expected input_lengths to have value at most {T}, but got value {n}{where}")


def ctc_loss(log_probs, targets, input_lengths, target_lengths, blank=0, reduction="mean", zero_infinity=False):
    if reduction not in _REDUCTIONS:
        raise ValueError(f"{reduction} is not a valid value for reduction")
    input_lengths, target_lengths = _ctc_lengths(input_lengths), _ctc_lengths(target_lengths)
    is_batched = log_probs.dim() == 3
    lp = log_probs if is_batched else log_probs.unsqueeze(1)
    _ctc_check(lp, targets, input_lengths, target_lengths, blank)
    T, N, C = lp.shape
    device = lp.device
    # Each sample's targets, padded, then interleaved with blanks: l' = (blank, l1, blank, ...).
    longest = max(target_lengths, default=0)
    padded = torch.full((N, longest), blank, dtype=torch.int64)
    offset = 0
    for b, n in enumerate(target_lengths):
        row = targets[offset:offset + n] if targets.dim() == 1 else targets[b, :n]
        padded[b, :n] = row.to(torch.int64).cpu()
        offset += n
    states = 2 * longest + 1
    ext = torch.full((N, states), blank, dtype=torch.int64)
    ext[:, 1::2] = padded
    ext = ext.to(device)
    lp_ext = lp.gather(2, ext.unsqueeze(0).expand(T, N, states))
    # ATen's forward recursion (LossCTC.cpp) in log space: alpha[t, s] is
    # log(exp(a1 - m) + exp(a2 - m) + exp(a3 - m)) + m + lp[t, l'[s]]. Unreachable states hold a
    # huge negative number rather than -inf: exp() of it is 0 as well, and no NaN reaches
    # the gradient.
    lowest = -1e30
    s_idx = torch.arange(states, device=device)
    lengths_t = torch.tensor(target_lengths, device=device).unsqueeze(1)
    same_as_two_back = torch.cat([torch.ones(N, 2, dtype=torch.bool, device=device), ext[:, 2:] == ext[:, :-2]], 1)
    can_skip = (ext != blank) & ~same_as_two_back
    start = (s_idx == 0) | ((s_idx == 1) & (lengths_t > 0))
    alpha = torch.where(start, lp_ext[0], torch.full_like(lp_ext[0], lowest))
    filler = torch.full((N, 2), lowest, dtype=lp.dtype, device=device)
    steps = torch.tensor(input_lengths, device=device).unsqueeze(1)
    for t in range(1, T):
        a2 = torch.cat([filler[:, :1], alpha[:, :-1]], 1)
        a3 = torch.where(can_skip, torch.cat([filler, alpha[:, :-2]], 1), filler[:, :1])
        m = torch.maximum(torch.maximum(alpha, a2), a3).detach()
        new = torch.log(torch.exp(alpha - m) + torch.exp(a2 - m) + torch.exp(a3 - m)) + m + lp_ext[t]
        alpha = torch.where(t < steps, new, alpha)
    last = (2 * lengths_t).clamp(max=states - 1)
    l1 = alpha.gather(1, last).squeeze(1)
    l2 = torch.where(lengths_t.squeeze(1) > 0, alpha.gather(1, (last - 1).clamp(min=0)).squeeze(1),
                     torch.full_like(l1, lowest))
    m = torch.maximum(l1, l2).detach()
    nll = -(torch.log(torch.exp(l1 - m) + torch.exp(l2 - m)) + m)
    nll = torch.where(nll > 1e29, torch.full_like(nll, float("inf")), nll)
    # ATen's backward gives log_probs the gradient exp(lp) - exp(alpha + beta + nll - lp), the
    # gradient for logits behind a log_softmax: a term of value 0 adds the exp(lp) part.
    used = (torch.arange(T, device=device).unsqueeze(1) < steps.squeeze(1)).unsqueeze(2)
    mass = torch.where(used, lp.exp(), torch.zeros_like(lp)).sum((0, 2))
    res = _shown_as(nll + (mass - mass.detach()), "CtcLossBackward0")
    if zero_infinity:
        res = torch.where(res == float("inf"), torch.zeros((), dtype=res.dtype, device=device), res)
    if reduction == "mean":
        lengths = torch.tensor(target_lengths, dtype=res.dtype, device=device).clamp_min(1)
        return (res / lengths).mean()
    if reduction == "sum":
        return res.sum()
    return res if is_batched else res.squeeze(0)
