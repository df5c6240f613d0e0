"""The functions a PyTorch checkpoint names in its pickle to rebuild tensors and parameters
(torch._utils._rebuild_tensor_v2, ...): torch.load calls them, torch.save writes their names."""
import torch


def _rebuild_tensor_v2(storage, storage_offset, size, stride, requires_grad, backward_hooks, metadata=None):
    # `storage` is the 1-D tensor torch.load made over the storage's bytes (torch/serialization.py);
    # backward_hooks is always an empty OrderedDict in files PyTorch 2.x writes: hooks are not saved.
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
