"""nn.parallel.DistributedDataParallel: one replica of the module per process. Construction
broadcasts rank 0's parameters and buffers to every rank; each forward broadcasts the buffers
again (broadcast_buffers) and moves inputs to device_ids[0]; backward averages the gradients
across the ranks, bucket by bucket, as they become ready (_reducer.py); no_sync() skips that."""
from contextlib import contextmanager

import torch
import torch.distributed as dist
from torch.nn.modules.module import Module
from torch.nn.parallel._devices import device_index, move_to
from torch.nn.parallel._reducer import Reducer


class DistributedDataParallel(Module):
    def __init__(self, module, device_ids=None, output_device=None, dim=0, broadcast_buffers=True, init_sync=True,
                 process_group=None, bucket_cap_mb=None, find_unused_parameters=False, check_reduction=False,
                 gradient_as_bucket_view=False, static_graph=False, delay_all_reduce_named_params=None,
                 param_to_hook_all_reduce=None, mixed_precision=None, device_mesh=None, skip_all_reduce_unused_params=False):
        super().__init__()
        if not hasattr(module, "named_parameters"):
            raise AttributeError(f"'{type(module).__name__}' object has no attribute 'named_parameters'")
        dist.get_world_size()  # PyTorch's error when there is no process group
        params = [p for _, p in module.named_parameters()]
        if not any(p.requires_grad for p in params):
            raise RuntimeError("DistributedDataParallel is not needed when a module doesn't have any parameter "
                               "that requires a gradient.")
        if device_ids is not None and len(device_ids) > 1:
            raise ValueError("device_ids can only be None or contain a single element.")
        devices = []
        for p in params:
            if p.device not in devices:
                devices.append(p.device)
        if len({d.type for d in devices}) > 1:
            raise ValueError("DistributedDataParallel's input module must be on the same type of devices, but input "
                             "module parameters locate in {" + ", ".join(sorted(f"'{d.type}'" for d in devices)) + "}.")
        if not device_ids or devices[0].type == "cpu" or len(devices) > 1:
            if device_ids or output_device:
                found = ", ".join(repr(d) for d in devices)
                raise ValueError("DistributedDataParallel device_ids and output_device arguments only work with "
                                 "single-device/multiple-device GPU modules or CPU modules, but got device_ids "
                                 f"{device_ids}, output_device {output_device}, and module parameters {{{found}}}.")
            self.device_ids = None
            self.output_device = None
        else:
            self.device_ids = [device_index(device_ids[0])]
            self.output_device = device_index(output_device if output_device is not None else device_ids[0])
        self.module = module
        self.device = devices[0]
        self.dim = dim
        self.broadcast_buffers = broadcast_buffers
        self.find_unused_parameters = find_unused_parameters
        self.gradient_as_bucket_view = gradient_as_bucket_view
        self.static_graph = static_graph
        self.require_backward_grad_sync = True
        if init_sync:
            self._broadcast(module.parameters())
            self._broadcast(module.buffers())
        cap_mb = 25 if bucket_cap_mb is None else bucket_cap_mb
        self.reducer = Reducer([p for p in params if p.requires_grad], int(cap_mb * 1024 * 1024),
                               find_unused_parameters)

    @staticmethod
    def _broadcast(tensors):
        """Rank 0's values into every rank's tensors."""
        if dist.get_world_size() == 1:
            return
        with torch.no_grad():
            for t in tensors:
                dist.broadcast(t, src=0)

    def forward(self, *inputs, **kwargs):
        # Each process runs its own replica on its own batch; gradients are averaged in backward.
        sync = torch.is_grad_enabled() and self.require_backward_grad_sync
        if sync:
            self.reducer.check_finished()
        if self.broadcast_buffers:
            self._broadcast(self.module.buffers())
        if self.device_ids:
            target = torch.device("cuda", self.device_ids[0])
            inputs, kwargs = move_to(inputs, target), move_to(kwargs, target)
        output = self.module(*inputs, **kwargs)
        if sync:
            self.reducer.prepare_for_backward(output)
        else:
            self.reducer.skip_sync()
        return output

    @contextmanager
    def no_sync(self):
        """Forwards inside skip the gradient all-reduce in their backward (gradients accumulate
        locally); the first forward-backward after it averages what accumulated."""
        old = self.require_backward_grad_sync
        self.require_backward_grad_sync = False
        try:
            yield
        finally:
            self.require_backward_grad_sync = old
