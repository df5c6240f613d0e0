"""torch.nn.utils.rnn: variable-length sequences for the recurrent layers. pad_sequence stacks
them into one padded tensor; PackedSequence holds them packed time step by time step
(pack_padded_sequence, pack_sequence, pad_packed_sequence, unpad_sequence, unpack_sequence),
as torch/nn/utils/rnn.py and ATen's native/PackedSequence.cpp build them, composed from the
differentiable core ops (slices, cat, copies into a padded tensor)."""
from collections import namedtuple
from collections.abc import Iterable

import torch
from torch._broadcast import infer_size
from torch._C import _nn

__all__ = ["PackedSequence", "invert_permutation", "pack_padded_sequence", "pad_packed_sequence", "pad_sequence",
           "unpad_sequence", "pack_sequence", "unpack_sequence"]


class PackedSequence(namedtuple("PackedSequence_", ["data", "batch_sizes", "sorted_indices", "unsorted_indices"])):
    """Sequences packed by time step: data holds step 0 of every sequence, then step 1 of those
    still running, ...; batch_sizes[t] says how many run at step t (sorted by decreasing
    length; sorted_indices/unsorted_indices map to and from the caller's order)."""

    def __new__(cls, data, batch_sizes=None, sorted_indices=None, unsorted_indices=None):
        return super().__new__(cls, *_packed_sequence_init_args(data, batch_sizes, sorted_indices,
                                                                unsorted_indices))

    def to(self, *args, **kwargs):
        data = self.data.to(*args, **kwargs)
        if data is self.data:
            return self
        sorted_indices = None if self.sorted_indices is None else self.sorted_indices.to(data.device)
        unsorted_indices = None if self.unsorted_indices is None else self.unsorted_indices.to(data.device)
        return type(self)(data, self.batch_sizes, sorted_indices, unsorted_indices)

    def cuda(self, *args, **kwargs):
        return self.to("cuda", *args, **kwargs)

    def cpu(self, *args, **kwargs):
        return self.to("cpu", *args, **kwargs)

    def double(self):
        return self.to(dtype=torch.double)

    def float(self):
        return self.to(dtype=torch.float)

    def half(self):
        return self.to(dtype=torch.half)

    def long(self):
        return self.to(dtype=torch.long)

    def int(self):
        return self.to(dtype=torch.int)

    @property
    def is_cuda(self):
        return self.data.is_cuda


def _packed_sequence_init_args(data, batch_sizes=None, sorted_indices=None, unsorted_indices=None):
    if unsorted_indices is None:
        unsorted_indices = invert_permutation(sorted_indices)
    if batch_sizes is not None:
        if batch_sizes.device.type != "cpu":
            raise ValueError(
                "batch_sizes should always be on CPU. "
                "Instances of PackedSequence should never be created manually. "
                "They should be instantiated by functions like pack_sequence "
                "and pack_padded_sequences in nn.utils.rnn. "
                "https://pytorch.org/docs/stable/nn.html#torch.nn.utils.rnn.pack_sequence")
        return data, batch_sizes, sorted_indices, unsorted_indices
    if not (isinstance(data, (list, tuple)) and len(data) == 2):
        raise AssertionError("Expected data to be a list or tuple of length 2")
    return data[0], data[1], sorted_indices, unsorted_indices


def invert_permutation(permutation):
    if permutation is None:
        return None
    output = torch.empty_like(permutation)
    output.scatter_(0, permutation, torch.arange(0, permutation.numel(), device=permutation.device))
    return output


def _check_long_tensor(t, name):
    if t.dim() != 1 or t.device.type != "cpu" or t.dtype != torch.int64:
        raise RuntimeError(f"'{name}' argument should be a 1D CPU int64 tensor, but got {t.dim()}D "
                           f"{t.device} {str(t.dtype).replace('torch.', '').capitalize()} tensor")


def _pack_padded(input, lengths, batch_first):
    """ATen's _pack_padded_sequence: scanning from the shortest sequence, one contiguous block
    of the padded input per increase in length, so data is ordered step by step."""
    if batch_first:
        input = input.transpose(0, 1)
    _check_long_tensor(lengths, "lengths")
    batch_size = input.size(1)
    lens = lengths.tolist()
    if input.numel() <= 0:
        raise RuntimeError("Cannot pack empty tensors.")
    if len(lens) != batch_size:
        raise RuntimeError(f"Expected `len(lengths)` to be equal to batch_size, but got {len(lens)} "
                           f"(batch_size={batch_size})")
    if lens[batch_size - 1] <= 0:
        raise RuntimeError("Length of all samples has to be greater than 0, but found an element in 'lengths' "
                           "that is <= 0")
    for i in range(batch_size - 1):
        if lens[batch_size - 1 - i] > lens[batch_size - 2 - i]:
            raise RuntimeError("`lengths` array must be sorted in decreasing order when `enforce_sorted` is True. "
                               "You can pass `enforce_sorted=False` to pack_padded_sequence and/or pack_sequence "
                               "to sidestep this requirement if you do not need ONNX exportability.")
    steps, batch_sizes = [], []
    step_shape = (-1,) + tuple(input.shape[2:])
    prev_l = 0
    for i in range(batch_size):
        length = lens[batch_size - 1 - i]
        if length > prev_l:
            current_batch_size = batch_size - i
            steps.append(input[prev_l:length, :current_batch_size].contiguous().view(step_shape))
            batch_sizes += [current_batch_size] * (length - prev_l)
            prev_l = length
    data = torch.cat(steps)
    if data.grad_fn is not None:
        _nn._rename_grad_fn(data, "PackPaddedSequenceBackward0")
    return data, torch.tensor(batch_sizes, dtype=torch.int64)


def pack_padded_sequence(input, lengths, batch_first=False, enforce_sorted=True):
    """Packs a padded batch (T x B x * or B x T x *) of sequences with these lengths."""
    if not isinstance(lengths, torch.Tensor):
        lengths = torch.as_tensor(lengths, dtype=torch.int64, device="cpu")
    else:
        lengths = lengths.to(dtype=torch.int64)
    if enforce_sorted:
        sorted_indices = None
    else:
        lengths, sorted_indices = torch.sort(lengths, descending=True)
        sorted_indices = sorted_indices.to(input.device)
        batch_dim = 0 if batch_first else 1
        input = input.index_select(batch_dim, sorted_indices)
    data, batch_sizes = _pack_padded(input, lengths, batch_first)
    return PackedSequence(data, batch_sizes, sorted_indices, None)


def _pad_packed(data, batch_sizes, batch_first, padding_value, max_seq_length):
    """ATen's _pad_packed_sequence: each run of equal batch sizes copied into its block of a
    padded tensor, and every sequence's length read off where the batch size drops."""
    _check_long_tensor(batch_sizes, "batch_sizes")
    sizes = batch_sizes.tolist()
    max_batch_size = sizes[0]
    max_real_seq_length = len(sizes)
    output = torch.full((max_seq_length, max_batch_size) + tuple(data.shape[1:]), padding_value, dtype=data.dtype,
                        device=data.device)
    lengths = [0] * max_batch_size
    data_offset, prev_batch_size, prev_i = 0, max_batch_size, 0
    for i in range(max_real_seq_length + 1):
        batch_size = sizes[i] if i != max_real_seq_length else 0
        if batch_size != prev_batch_size:
            count = prev_batch_size * (i - prev_i)
            block = data[data_offset:data_offset + count].view((i - prev_i, prev_batch_size) + tuple(data.shape[1:]))
            output[prev_i:i, :prev_batch_size] = block
            data_offset += count
            prev_i = i
        for j in range(batch_size, prev_batch_size):
            lengths[j] = i
        prev_batch_size = batch_size
    if batch_first:
        output = output.transpose(0, 1)
    return output, torch.tensor(lengths, dtype=torch.int64)


def pad_packed_sequence(sequence, batch_first=False, padding_value=0.0, total_length=None):
    """The inverse of pack_padded_sequence: (padded tensor, lengths), in the caller's order."""
    max_seq_length = sequence.batch_sizes.size(0)
    if total_length is not None:
        if total_length < max_seq_length:
            raise ValueError("Expected total_length to be at least the length of the longest sequence in input, "
                             f"but got total_length={total_length} and max sequence length being {max_seq_length}")
        max_seq_length = total_length
    padded_output, lengths = _pad_packed(sequence.data, sequence.batch_sizes, batch_first, padding_value,
                                         max_seq_length)
    unsorted_indices = sequence.unsorted_indices
    if unsorted_indices is not None:
        batch_dim = 0 if batch_first else 1
        return padded_output.index_select(batch_dim, unsorted_indices), lengths[unsorted_indices.cpu()]
    return padded_output, lengths


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


def unpad_sequence(padded_sequences, lengths, batch_first=False):
    """The sequences of a padded batch, each cut to its length."""
    unpadded_sequences = []
    if not batch_first:
        padded_sequences.transpose_(0, 1)
    max_length = padded_sequences.shape[1]
    idx = torch.arange(max_length, device=lengths.device)
    for seq, length in zip(padded_sequences, lengths):
        mask = idx < length
        unpadded_sequences.append(seq[mask])
    return unpadded_sequences


def pack_sequence(sequences, enforce_sorted=True):
    """Packs a list of variable-length tensors (longest first unless enforce_sorted=False)."""
    lengths = torch.as_tensor([v.size(0) for v in sequences])
    return pack_padded_sequence(pad_sequence(sequences), lengths, enforce_sorted=enforce_sorted)


def unpack_sequence(packed_sequences):
    padded_sequences, lengths = pad_packed_sequence(packed_sequences, batch_first=True)
    return unpad_sequence(padded_sequences, lengths, batch_first=True)
