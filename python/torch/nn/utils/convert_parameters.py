"""parameters_to_vector / vector_to_parameters: a model's parameters as one flat vector and back
(torch/nn/utils/convert_parameters.py), refusing parameters spread over devices."""
import torch


def _check_param_device(param, old_param_device):
    """The GPU index the parameters are on (-1 for the CPU); TypeError when they differ."""
    if old_param_device is None:
        return param.get_device() if param.device.type == "cuda" else -1
    if param.device.type == "cuda":
        warn = param.get_device() != old_param_device
    else:
        warn = old_param_device != -1
    if warn:
        raise TypeError("Found two parameters on different devices, this is currently not supported.")
    return old_param_device


def parameters_to_vector(parameters):
    param_device = None
    vec = []
    for param in parameters:
        param_device = _check_param_device(param, param_device)
        vec.append(param.view(-1))
    return torch.cat(vec)


def vector_to_parameters(vec, parameters):
    if not isinstance(vec, torch.Tensor):
        kind = type(vec)
        name = kind.__qualname__ if kind.__module__ == "builtins" else f"{kind.__module__}.{kind.__qualname__}"
        raise TypeError(f"expected torch.Tensor, but got: {name}")
    param_device = None
    pointer = 0
    for param in parameters:
        param_device = _check_param_device(param, param_device)
        num_param = param.numel()
        # Replaces the parameter's data with a slice of vec, as PyTorch does.
        param.data = vec[pointer:pointer + num_param].view_as(param).data
        pointer += num_param
