"""ATen's private ops that compilers, FSDP and the nn functions' backward emit and PyTorch
exposes as torch._NAME (its OpInfo database tests them): _segment_reduce, _chunk_cat,
_unsafe_masked_index(_put_accumulate), _softmax_backward_data, _safe_softmax, and the public
hash_tensor. Each is composed from tensor ops, so it runs on every device with its parts'
gradients."""
import math

import torch

_EMPTY_SEGMENT = {"sum": 0.0, "mean": math.nan, "max": -math.inf, "min": math.inf, "prod": 1.0}


def _reduce_segment(piece, reduce, initial):
    """One segment (its elements along dim 0) reduced, with `initial` taking part as ATen's does."""
    count = piece.size(0)
    if count == 0:
        value = _EMPTY_SEGMENT[reduce] if initial is None else initial
        return torch.full(piece.shape[1:], value, dtype=piece.dtype, device=piece.device)
    if reduce in ("sum", "mean"):
        total = piece.sum(0) + (0 if initial is None else initial)
        return total / count if reduce == "mean" else total
    if reduce == "prod":
        return piece.prod(0) * (1 if initial is None else initial)
    value = piece.amax(0) if reduce == "max" else piece.amin(0)
    if initial is None:
        return value
    bound = torch.full_like(value, initial)
    return torch.maximum(value, bound) if reduce == "max" else torch.minimum(value, bound)


def _segment_reduce(data, reduce, *, lengths=None, indices=None, offsets=None, axis=0, unsafe=False,
                    initial=None):
    """The reduction of consecutive segments of data along axis, their sizes given by lengths
    (or offsets), one row of lengths per index of data's leading dimensions."""
    if reduce not in _EMPTY_SEGMENT:
        raise RuntimeError(f"reduce argument must be either sum, prod, mean, amax or amin, got {reduce}")
    if lengths is None and offsets is None:
        raise RuntimeError("segment_reduce(): Either lengths or offsets must be defined")
    if lengths is None:
        lengths = offsets[..., 1:] - offsets[..., :-1]
    axis = axis % data.dim()
    lead = data.shape[:axis]
    rows = data.reshape((-1,) + tuple(data.shape[axis:]))
    sizes = lengths.reshape(-1, lengths.size(-1)).tolist()
    results = []
    for row, row_sizes in zip(rows, sizes):
        start, pieces = 0, []
        for size in row_sizes:
            pieces.append(_reduce_segment(row.narrow(0, start, size), reduce, initial))
            start += size
        results.append(torch.stack(pieces))
    return torch.stack(results).reshape(tuple(lead) + (lengths.size(-1),) + tuple(data.shape[axis + 1:]))


def _chunk_cat(tensors, dim, num_chunks, *, out=None):
    """Each tensor split into num_chunks chunks along dim (zero-padded to equal size) and laid
    out as (..., num_chunks, rest); the tensors then joined along the last dimension."""
    dim = dim % tensors[0].dim()
    pieces = []
    for t in tensors:
        chunk = -(-t.size(dim) // num_chunks)
        padded = t.new_zeros(t.shape[:dim] + (chunk * num_chunks,) + t.shape[dim + 1:])
        padded.narrow(dim, 0, t.size(dim)).copy_(t)
        pieces.append(padded.reshape(tuple(t.shape[:dim]) + (num_chunks, -1)))
    result = torch.cat(pieces, dim + 1)
    return result if out is None else out.resize_(result.shape).copy_(result)


def _clamped_indices(self, indices):
    """Each index clamped into its dimension, as ATen does: where the mask is off an index may
    be out of range (that is the "unsafe"), and is then read but not used."""
    return tuple(None if i is None else i.clamp(-self.size(d), self.size(d) - 1) for d, i in enumerate(indices))


def _unsafe_masked_index(self, mask, indices, fill):
    """self[indices] where mask, fill elsewhere."""
    return torch.where(mask, self[_clamped_indices(self, indices)], fill)


def _unsafe_masked_index_put_accumulate(self, mask, indices, values):
    """self with values added at indices where mask (index_put with accumulate)."""
    return self.index_put(_clamped_indices(self, indices), torch.where(mask, values, torch.zeros_like(values)),
                          accumulate=True)


def _softmax_backward_data(grad_output, output, dim, input_dtype):
    """The gradient of softmax's input from its output y: y * (grad - sum(grad * y, dim))."""
    grad_input = output * (grad_output - (grad_output * output).sum(dim, keepdim=True))
    return grad_input.to(input_dtype)


def _safe_softmax(self, dim, dtype=None):
    """softmax, with 0 (not NaN) along rows that are -inf throughout (fully masked attention)."""
    result = torch.softmax(self, dim, dtype=dtype)
    masked = (self == -math.inf).all(dim, keepdim=True)
    return torch.where(masked, torch.zeros_like(result), result)


def hash_tensor(input, dim=(), *, keepdim=False, mode=0):
    """hash_tensor(input, dim=[], *, keepdim=False, mode=0) -> Tensor: the xor of the elements'
    64-bit patterns (floats as float64, integers as int64), as uint64. The bits are read on the
    host: tensorplay has no bit-cast view of a tensor."""
    if mode != 0:
        raise RuntimeError(f"hash_tensor only supports mode=0 (xor_reduction), got {mode}")
    import numpy as np  # here, not at load: the web build has no numpy
    wide = input.detach().to(torch.float64 if input.dtype.is_floating_point else torch.int64).cpu().numpy()
    bits = wide.view(np.int64)
    dims = tuple(range(input.dim())) if dim is None or dim == () or dim == [] else \
        tuple(d % max(input.dim(), 1) for d in ([dim] if isinstance(dim, int) else dim))
    reduced = np.bitwise_xor.reduce(bits, axis=dims, keepdims=keepdim) if bits.ndim else bits
    return torch.tensor(np.asarray(reduced, dtype=np.int64)).to(torch.uint64).to(input.device)


def _install():
    for fn in (_segment_reduce, _chunk_cat, _unsafe_masked_index, _unsafe_masked_index_put_accumulate,
               _softmax_backward_data, _safe_softmax, hash_tensor):
        setattr(torch, fn.__name__, fn)
    torch.Tensor.hash_tensor = hash_tensor
