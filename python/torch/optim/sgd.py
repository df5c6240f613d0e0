"""torch.optim.SGD: plain, momentum, Nesterov momentum, weight decay and maximize, updated as
PyTorch's single-tensor (foreach=False) algorithm does it (torch._C._sgd_step)."""
import torch
from torch.optim.optimizer import Optimizer


class SGD(Optimizer):
    _takes_complex = True

    def __init__(self, params, lr=1e-3, momentum=0, dampening=0, weight_decay=0, nesterov=False, *,
                 maximize=False, foreach=None, differentiable=False, fused=None):
        if isinstance(lr, torch.Tensor) and lr.numel() != 1:
            raise ValueError("Tensor lr must be 1-element")
        if lr < 0.0:
            raise ValueError(f"Invalid learning rate: {lr}")
        if momentum < 0.0:
            raise ValueError(f"Invalid momentum value: {momentum}")
        if weight_decay < 0.0:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        defaults = dict(lr=lr, momentum=momentum, dampening=dampening, weight_decay=weight_decay,
                        nesterov=nesterov, maximize=maximize, foreach=foreach, differentiable=differentiable,
                        fused=fused)
        if nesterov and (momentum <= 0 or dampening != 0):
            raise ValueError("Nesterov momentum requires a momentum and zero dampening")
        super().__init__(params, defaults)

    def step(self, closure=None):
        loss = self._closure_loss(closure)
        for group in self.param_groups:
            lr = float(group["lr"])
            momentum = group["momentum"]
            for p in group["params"]:
                if p.grad is None:
                    continue
                # Only momentum keeps state, as in PyTorch (state stays {} without it).
                state = self.state[p] if momentum != 0 else {}
                torch._C._sgd_step(p, state, lr, momentum, group["dampening"], group["weight_decay"],
                                   group["nesterov"], group["maximize"])
        return loss
