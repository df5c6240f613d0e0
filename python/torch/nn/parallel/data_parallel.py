"""nn.DataParallel over the session's GPUs (real or simulated): the batch is scattered along
dim 0, the module replicated onto each device, each replica run (each device's kernels go to
its own queue, so the simulated clock shows them working at once), and the outputs gathered
on output_device. Scatter and gather are recorded (ScatterBackward / GatherBackward) and the
replicas' parameters are recorded copies, so gradients reach the original module."""
import torch
from torch.nn.modules.module import Module
from torch.nn.parallel._devices import device_index


def _replicate(module, device):
    """A copy of module whose parameters and buffers are copies on device (recorded, so their
    gradients flow back into the originals); submodules replicated the same way."""
    replica = module.__new__(type(module))
    setattr_ = object.__setattr__
    setattr_(replica, "__dict__", module.__dict__.copy())
    setattr_(replica, "_parameters", {k: None if p is None else p.to(device) for k, p in module._parameters.items()})
    setattr_(replica, "_buffers", {k: None if b is None else b.to(device) for k, b in module._buffers.items()})
    setattr_(replica, "_modules", {k: None if m is None else _replicate(m, device) for k, m in module._modules.items()})
    return replica


def _gather(outputs, device):
    """The replicas' outputs as one: tensors concatenated along dim 0 on device, tuples and
    lists gathered element by element."""
    first = outputs[0]
    if isinstance(first, torch.Tensor):
        return torch._C._dp_gather(outputs, device)
    if isinstance(first, (tuple, list)):
        return type(first)(_gather(list(parts), device) for parts in zip(*outputs))
    if isinstance(first, dict):
        return type(first)((k, _gather([o[k] for o in outputs], device)) for k in first)
    raise TypeError(f"DataParallel in tensorplay gathers tensor outputs only, got {type(first).__name__}")


class DataParallel(Module):
    def __init__(self, module, device_ids=None, output_device=None, dim=0):
        super().__init__()
        self.module = module
        if torch.cuda.device_count() == 0:  # no GPU: the module runs as it is
            self.device_ids = []
            return
        if dim != 0:
            raise NotImplementedError("DataParallel scatters along dim 0 only in tensorplay")
        if device_ids is None:
            device_ids = list(range(torch.cuda.device_count()))
        if output_device is None:
            output_device = device_ids[0]
        self.dim = dim
        self.device_ids = [device_index(d) for d in device_ids]
        self.output_device = device_index(output_device)
        self.src_device_obj = torch.device("cuda", self.device_ids[0])
        if len(self.device_ids) == 1:
            self.module.to(self.src_device_obj)

    def forward(self, *inputs, **kwargs):
        if not self.device_ids:
            return self.module(*inputs, **kwargs)
        for t in list(self.module.parameters()) + list(self.module.buffers()):
            if t.device != self.src_device_obj:
                raise RuntimeError("module must have its parameters and buffers on device "
                                   f"{self.src_device_obj} (device_ids[0]) but found one of them on device: {t.device}")
        devices = [torch.device("cuda", i) for i in self.device_ids]
        # Every tensor argument is split along dim 0; other arguments go to every replica.
        pieces = {}
        used = len(devices)
        for key, value in list(enumerate(inputs)) + list(kwargs.items()):
            if isinstance(value, torch.Tensor):
                pieces[key] = torch._C._dp_scatter(value, devices)
                used = min(used, len(pieces[key]))
        used = max(used, 1)
        outputs = []
        for r in range(used):
            args = [pieces[i][r] if i in pieces else v for i, v in enumerate(inputs)]
            kw = {k: pieces[k][r] if k in pieces else v for k, v in kwargs.items()}
            replica = self.module if r == 0 else _replicate(self.module, devices[r])
            outputs.append(replica(*args, **kw))
        if used == 1:
            return outputs[0]
        return _gather(outputs, torch.device("cuda", self.output_device))
