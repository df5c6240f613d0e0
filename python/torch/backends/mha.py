"""torch.backends.mha: PyTorch's switch for the fused inference paths of nn.MultiheadAttention
and nn.TransformerEncoder. tensorplay always runs the composed path (equal to float32 rounding);
the switch still decides whether TransformerEncoder treats padded input as nested tensors."""
_is_fastpath_enabled = True


def get_fastpath_enabled():
    """Whether the fast path for TransformerEncoder and MultiheadAttention is enabled."""
    return _is_fastpath_enabled


def set_fastpath_enabled(value):
    global _is_fastpath_enabled
    _is_fastpath_enabled = value
