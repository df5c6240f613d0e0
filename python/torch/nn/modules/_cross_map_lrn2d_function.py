"""nn.CrossMapLRN2d's computation, the legacy (Lua Torch) local response normalization across
channels, as PyTorch 2.x keeps it: the forward's running window sum (which, past the first
pre_pad channels, never drops channel 0 from the sum: the legacy quirk PyTorch keeps) and the
backward's own window of ratios, here as tensor ops over cumulative sums so every device runs
them."""
import torch


def _window_sums(t, starts, stops):
    """t summed over channels [start, stop) for each output channel (dim 1), via prefix sums."""
    prefix = torch.cat([torch.zeros_like(t[:, :1]), t.cumsum(1)], 1)
    return prefix.index_select(1, stops) - prefix.index_select(1, starts)


class CrossMapLRN2d(torch.autograd.Function):
    @staticmethod
    def forward(ctx, input, size, alpha=1e-4, beta=0.75, k=1):
        if input.dim() != 4:
            raise ValueError(f"CrossMapLRN2d: Expected input to be 4D, got {input.dim()}D instead.")
        channels = input.size(1)
        pre_pad = int((size - 1) / 2 + 1)
        c = torch.arange(channels, device=input.device)
        square = input * input
        window = _window_sums(square, torch.zeros_like(c), (c + pre_pad).clamp(max=channels))
        dropped = _window_sums(square, torch.ones_like(c), (c - pre_pad + 1).clamp(min=1))
        scale = (window - torch.where((c > pre_pad).reshape(1, -1, 1, 1), dropped, torch.zeros_like(dropped)))
        scale = scale * (alpha / size) + k
        output = input * scale.pow(-beta)
        ctx.save_for_backward(input, output, scale)
        ctx.size, ctx.alpha, ctx.beta = size, alpha, beta
        return output

    @staticmethod
    def backward(ctx, grad_output):
        input, output, scale = ctx.saved_tensors
        size, channels = ctx.size, input.size(1)
        inverse_pre_pad = int(size - (size - 1) / 2)
        ratio = grad_output * output / scale
        zeros = torch.zeros_like(ratio[:, :1])
        padded = torch.cat([zeros.expand(-1, inverse_pre_pad, -1, -1), ratio,
                            zeros.expand(-1, max(size - 1 - inverse_pre_pad, 0), -1, -1)], 1)
        c = torch.arange(channels, device=input.device)
        accumulated = _window_sums(padded, c, c + size)
        grad_input = scale.pow(-ctx.beta) * grad_output - (2 * ctx.alpha * ctx.beta / size) * input * accumulated
        return grad_input, None, None, None, None
