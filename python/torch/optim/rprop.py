"""torch.optim.Rprop (resilient backpropagation: per-element step sizes grown while the
gradient keeps its sign and shrunk when it flips), updated as PyTorch's single-tensor
(foreach=False, the CPU default) algorithm does it (torch/optim/rprop.py)."""
import torch
from torch.optim.optimizer import Optimizer


class Rprop(Optimizer):
    def __init__(self, params, lr=1e-2, etas=(0.5, 1.2), step_sizes=(1e-6, 50), *, capturable=False, foreach=None,
                 maximize=False, differentiable=False):
        if isinstance(lr, torch.Tensor) and lr.numel() != 1:
            raise ValueError("Tensor lr must be 1-element")
        if not 0.0 <= lr:
            raise ValueError(f"Invalid learning rate: {lr}")
        if not 0.0 < etas[0] < 1.0 < etas[1]:
            raise ValueError(f"Invalid eta values: {etas[0]}, {etas[1]}")
        defaults = dict(lr=lr, etas=etas, step_sizes=step_sizes, foreach=foreach, maximize=maximize,
                        differentiable=differentiable, capturable=capturable)
        super().__init__(params, defaults)

    def _init_state(self, p, group):
        state = self.state[p]
        if len(state) == 0:
            # On the CPU unless capturable, as PyTorch keeps it.
            device = p.device if group["capturable"] else None
            state["step"] = torch.zeros((), dtype=torch.float32, device=device)
            state["prev"] = torch.zeros_like(p)
            state["step_size"] = torch.full_like(p.grad, float(group["lr"]))
        return state

    def step(self, closure=None):
        loss = self._closure_loss(closure)
        with torch.no_grad():
            for group in self.param_groups:
                etaminus, etaplus = group["etas"]
                step_size_min, step_size_max = group["step_sizes"]
                for param in group["params"]:
                    if param.grad is None:
                        continue
                    state = self._init_state(param, group)
                    grad = param.grad if not group["maximize"] else -param.grad
                    prev, step_size = state["prev"], state["step_size"]
                    state["step"] += 1
                    sign = grad.mul(prev).sign()
                    sign[sign.gt(0)] = etaplus
                    sign[sign.lt(0)] = etaminus
                    sign[sign.eq(0)] = 1
                    # update stepsizes with step size updates
                    step_size.mul_(sign).clamp_(step_size_min, step_size_max)
                    # for dir<0, dfdx=0; for dir>=0 dfdx=dfdx
                    grad = grad.clone()
                    grad[sign.eq(etaminus)] = 0
                    # update parameters
                    param.addcmul_(grad.sign(), step_size, value=-1)
                    prev.copy_(grad)
        return loss
