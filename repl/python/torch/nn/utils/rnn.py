"""torch.nn.utils.rnn.pad_sequence: variable-length sequences stacked into one padded tensor,
as ATen's pad_sequence (native/PackedSequence.cpp) builds it: a tensor full of padding_value,
each sequence copied into its row (so gradients flow back through the copies)."""
from collections.abc import Iterable

import torch
from torch._broadcast import infer_size


def _check_argument(position, name, value, kind, kind_name):
    if not isinstance(value, kind):
        raise TypeError(f"pad_sequence(): argument '{name}' (position {position}) must be {kind_name}, "
                        f"not {type(value).__name__}")


def _check_copy_shapes(slot, seq):
    """copy_'s checks for a sequence written into its slot of the output, with its texts (the
    copy itself is a slice assignment)."""
    shape = infer_size(slot, seq)
    if shape != list(slot):
        raise RuntimeError(f"output with shape {list(slot)} doesn't match the broadcast shape {shape}")


def pad_sequence(sequences, batch_first=False, padding_value=0.0, padding_side="right"):
    if not isinstance(sequences, Iterable):
        raise RuntimeError("pad_sequence: Expected iterable for input sequences, but got arg of type: "
                           f"{type(sequences)}")
    sequences = tuple(sequences)
    for i, seq in enumerate(sequences):
        if not isinstance(seq, torch.Tensor):
            raise TypeError(f"expected Tensor as element {i} in argument 0, but got {type(seq).__name__}")
    _check_argument(2, "batch_first", batch_first, bool, "bool")
    _check_argument(3, "padding_value", padding_value, (int, float), "float")
    _check_argument(4, "padding_side", padding_side, str, "str")
    if len(sequences) == 0:
        raise RuntimeError("received an empty list of sequences")
    if padding_side not in ("left", "right"):
        raise RuntimeError(f"Expected padding_side to be one of left or right, but got {padding_side}.")
    first = sequences[0]
    if first.dim() == 0:
        raise RuntimeError("ArrayRef: invalid slice, N = 1; size = 0")
    max_len = max(seq.size(0) for seq in sequences)
    trailing = tuple(first.shape[1:])
    out_dims = (len(sequences), max_len) + trailing if batch_first else (max_len, len(sequences)) + trailing
    out = torch.full(out_dims, padding_value, dtype=first.dtype, device=first.device)
    for i, seq in enumerate(sequences):
        length = seq.size(0)
        start = max_len - length if padding_side == "left" else 0
        _check_copy_shapes((length,) + trailing, tuple(seq.shape))
        # A slice assignment (copy_ into a view), so out records CopySlices for autograd.
        if batch_first:
            out[i, start:start + length] = seq
        else:
            out[start:start + length, i] = seq
    return out
