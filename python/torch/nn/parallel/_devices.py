"""Device arguments of the parallel wrappers as PyTorch's _get_device_index reads them: an
int ordinal, a torch.device or a device string."""
import torch


def device_index(device):
    if isinstance(device, int) and not isinstance(device, bool):
        return device
    device = torch.device(device) if isinstance(device, str) else device
    if not isinstance(device, torch.device):
        raise ValueError(f"Expected a torch.device with a specified index or an integer, but got:{device}")
    return device.index if device.index is not None else 0


def move_to(data, device):
    """Every tensor in data (nested in lists, tuples and dicts) moved to device."""
    if isinstance(data, torch.Tensor):
        return data.to(device)
    if isinstance(data, dict):
        return {k: move_to(v, device) for k, v in data.items()}
    if isinstance(data, list):
        return [move_to(v, device) for v in data]
    if isinstance(data, tuple):
        return tuple(move_to(v, device) for v in data)
    return data
