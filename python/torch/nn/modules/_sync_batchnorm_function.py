"""SyncBatchNorm's computation across processes: forward all-reduces each channel's sum, sum of
squares and count, so every process normalizes with the statistics of the whole batch (and
updates the running ones alike); backward all-reduces the gradient's two sums per channel. The
weight's and bias's gradients stay local, as in PyTorch, for DDP to average."""
import torch
import torch.distributed as dist


def _channel_sums(t):
    dims = [0] + list(range(2, t.dim()))
    return t.sum(dims)


def _per_channel(v, like):
    return v.reshape([1, -1] + [1] * (like.dim() - 2))


class SyncBatchNormFunction(torch.autograd.Function):
    @staticmethod
    def forward(ctx, input, weight, bias, running_mean, running_var, eps, momentum, group):
        channels = input.size(1)
        count = torch.full((1,), input.numel() // max(channels, 1), dtype=input.dtype, device=input.device)
        stats = torch.cat([_channel_sums(input), _channel_sums(input * input), count])
        dist.all_reduce(stats, group=group)
        total = stats[-1]
        mean = stats[:channels] / total
        var = (stats[channels:2 * channels] / total - mean * mean).clamp(min=0)
        if running_mean is not None:
            running_mean.mul_(1 - momentum).add_(mean * momentum)
            running_var.mul_(1 - momentum).add_(var * (total / (total - 1)) * momentum)
        invstd = 1.0 / torch.sqrt(var + eps)
        normalized = (input - _per_channel(mean, input)) * _per_channel(invstd, input)
        ctx.save_for_backward(normalized, weight, invstd)
        ctx.total, ctx.group, ctx.has_bias = total, group, bias is not None
        out = normalized
        if weight is not None:
            out = out * _per_channel(weight, input)
        return out + _per_channel(bias, input) if bias is not None else out

    @staticmethod
    def backward(ctx, grad):
        normalized, weight, invstd = ctx.saved_tensors
        channels = grad.size(1)
        sum_dy, sum_dy_xhat = _channel_sums(grad), _channel_sums(grad * normalized)
        shared = torch.cat([sum_dy, sum_dy_xhat])
        dist.all_reduce(shared, group=ctx.group)
        mean_dy, mean_dy_xhat = shared[:channels] / ctx.total, shared[channels:] / ctx.total
        scale = invstd if weight is None else invstd * weight
        grad_input = _per_channel(scale, grad) * (grad - _per_channel(mean_dy, grad)
                                                  - normalized * _per_channel(mean_dy_xhat, grad))
        grad_weight = sum_dy_xhat if weight is not None else None
        grad_bias = sum_dy if ctx.has_bias else None
        return grad_input, grad_weight, grad_bias, None, None, None, None, None
