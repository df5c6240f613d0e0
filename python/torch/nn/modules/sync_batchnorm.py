"""nn.SyncBatchNorm: batch norm whose statistics span every process of a group. Outside a
process group, in eval mode, or with one process, it is F.batch_norm, as in PyTorch; on CPU
tensors inside a group it refuses with PyTorch's text; across processes it is
_sync_batchnorm_function's. convert_sync_batchnorm swaps a model's BatchNorms for it."""
import functools
import importlib

import torch
from torch.nn.modules.batchnorm import _BatchNorm


@functools.cache  # a failed import is not kept in sys.modules: without this, every forward retries it
def _dist():
    """torch.distributed, imported on first use (start-up time counts); None in the web build,
    which has no torch.distributed: a tab is never in a process group."""
    try:
        return importlib.import_module("torch.distributed")
    except ImportError:
        return None


class SyncBatchNorm(_BatchNorm):
    def __init__(self, num_features, eps=1e-5, momentum=0.1, affine=True, track_running_stats=True, process_group=None,
                 device=None, dtype=None, *, bias=True):
        super().__init__(num_features, eps, momentum, affine, track_running_stats, device, dtype, bias=bias)
        self.process_group = process_group

    def _check_input_dim(self, input):
        if input.dim() < 2:
            raise ValueError(f"expected at least 2D input (got {input.dim()}D input)")

    def forward(self, input):
        self._check_input_dim(input)
        if input.size(1) == 0:
            raise ValueError("SyncBatchNorm number of input channels should be non-zero")
        dist = _dist() if self.training else None
        need_sync = self.training and dist is not None and dist.is_available() and dist.is_initialized()
        if need_sync:
            if input.device.type != "cuda":
                raise ValueError("SyncBatchNorm expected input tensor to be on GPU or XPU or privateuseone")
            need_sync = dist.get_world_size(self.process_group or dist.group.WORLD) > 1
        if not need_sync:
            return super().forward(input)
        factor = self.momentum
        if self.track_running_stats:
            self.num_batches_tracked.add_(1)
            if self.momentum is None:
                factor = 1.0 / self.num_batches_tracked.item()
        tracked = self.track_running_stats
        from torch.nn.modules._sync_batchnorm_function import SyncBatchNormFunction
        return SyncBatchNormFunction.apply(input, self.weight, self.bias, self.running_mean if tracked else None,
                                            self.running_var if tracked else None, self.eps, factor or 0.0,
                                            self.process_group)

    @classmethod
    def convert_sync_batchnorm(cls, module, process_group=None):
        """module with every BatchNorm*d (itself or inside) replaced by a SyncBatchNorm holding
        the same parameters and buffers."""
        converted = module
        if isinstance(module, _BatchNorm) and not isinstance(module, SyncBatchNorm):
            converted = SyncBatchNorm(module.num_features, module.eps, module.momentum, module.affine,
                                      module.track_running_stats, process_group)
            if module.affine:
                with torch.no_grad():
                    converted.weight = module.weight
                    converted.bias = module.bias
            converted.running_mean = module.running_mean
            converted.running_var = module.running_var
            converted.num_batches_tracked = module.num_batches_tracked
            converted.training = module.training
        for name, child in module.named_children():
            converted.add_module(name, cls.convert_sync_batchnorm(child, process_group))
        return converted
