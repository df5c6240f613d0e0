"""The functions a PyTorch checkpoint names in its pickle to rebuild tensors and parameters
(torch._utils._rebuild_tensor_v2, ...): torch.load calls them, torch.save writes their names.
And Tensor.__reduce_ex__, with them, as PyTorch's: copy.copy(x) is a new tensor over x's
storage (matplotlib copies the arrays it plots), pickle writes the storage's bytes."""
import collections

import torch


class _PickledStorage:
    """A tensor's whole storage in a pickle: copy.copy hands it over as it is (the copy shares
    the memory); pickle writes its bytes, dtype and device."""

    def __init__(self, tensor):
        self.whole = tensor.as_strided((torch._C._storage_numel(tensor),), (1,), 0)

    def __reduce__(self):
        return (_storage_from_pickle, (torch._C._storage_bytes(self.whole), str(self.whole.dtype).split(".")[1],
                                       str(self.whole.device)))


def _storage_from_pickle(data, dtype, device):
    return torch._C._storage_from_bytes(data, getattr(torch, dtype)).to(device)


def _reduce_tensor(tensor, proto):
    """Tensor.__reduce_ex__."""
    if isinstance(tensor, torch.nn.Parameter):
        return (_rebuild_parameter, (tensor.detach(), tensor.requires_grad, collections.OrderedDict()))
    data = tensor.detach()
    return (_rebuild_tensor_v2, (_PickledStorage(data), data.storage_offset(), tuple(data.size()), data.stride(),
                                 tensor.requires_grad, collections.OrderedDict()))


def _rebuild_tensor_v2(storage, storage_offset, size, stride, requires_grad, backward_hooks, metadata=None):
    # `storage` is the 1-D tensor torch.load made over the storage's bytes (torch/serialization.py),
    # or a _PickledStorage; backward_hooks is always an empty OrderedDict in files PyTorch 2.x
    # writes: hooks are not saved.
    if isinstance(storage, _PickledStorage):
        storage = storage.whole
    tensor = torch._C._view_of_storage(storage, list(size), list(stride), storage_offset)
    if requires_grad:
        tensor.requires_grad_(True)
    return tensor


def _rebuild_parameter(data, requires_grad, backward_hooks):
    return torch.nn.Parameter(data, requires_grad)


def _rebuild_parameter_with_state(data, requires_grad, backward_hooks, state):
    param = torch.nn.Parameter(data, requires_grad)
    param.__dict__.update(state)
    return param
