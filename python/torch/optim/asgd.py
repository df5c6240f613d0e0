"""torch.optim.ASGD (averaged stochastic gradient descent), updated as PyTorch's single-tensor
(foreach=False, the CPU default) algorithm does it (torch/optim/asgd.py): the step, eta and
mu states are 0-dim float32 tensors, ax the running average of the parameter."""
import torch
from torch.optim.optimizer import Optimizer


class ASGD(Optimizer):
    def __init__(self, params, lr=1e-2, lambd=1e-4, alpha=0.75, t0=1e6, weight_decay=0, foreach=None,
                 maximize=False, differentiable=False, capturable=False):
        if isinstance(lr, torch.Tensor) and lr.numel() != 1:
            raise ValueError("Tensor lr must be 1-element")
        if not 0.0 <= lr:
            raise ValueError(f"Invalid learning rate: {lr}")
        if not 0.0 <= lambd:
            raise ValueError(f"Invalid lambd value: {lambd}")
        if not 0.0 <= alpha:
            raise ValueError(f"Invalid alpha value: {alpha}")
        if not 0.0 <= weight_decay:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        defaults = dict(lr=lr, lambd=lambd, alpha=alpha, t0=t0, weight_decay=weight_decay, foreach=foreach,
                        maximize=maximize, differentiable=differentiable, capturable=capturable)
        super().__init__(params, defaults)

    def _init_state(self, p, group):
        state = self.state[p]
        if len(state) == 0:
            state["step"] = torch.zeros((), device=p.device, dtype=torch.float32)
            state["eta"] = torch.as_tensor(float(group["lr"]), device=p.device, dtype=torch.float32).clone().detach()
            state["mu"] = torch.ones((), device=p.device, dtype=torch.float32)
            state["ax"] = torch.zeros_like(p)
        return state

    def step(self, closure=None):
        loss = self._closure_loss(closure)
        with torch.no_grad():
            for group in self.param_groups:
                lambd, lr, t0, alpha = group["lambd"], float(group["lr"]), group["t0"], group["alpha"]
                for param in group["params"]:
                    if param.grad is None:
                        continue
                    state = self._init_state(param, group)
                    grad = param.grad if not group["maximize"] else -param.grad
                    mu, ax, eta, step_t = state["mu"], state["ax"], state["eta"], state["step"]
                    step_t += 1
                    if group["weight_decay"] != 0:
                        grad = grad.add(param, alpha=group["weight_decay"])
                    eta_value = eta.item()
                    param.mul_(1 - lambd * eta_value)  # decay term
                    param.add_(grad, alpha=-eta_value)  # update parameter
                    # averaging
                    if mu.item() != 1:
                        ax.add_(param.sub(ax).mul_(mu))
                    else:
                        ax.copy_(param)
                    step = step_t.item()
                    eta.copy_(torch.as_tensor(lr / ((1 + lambd * lr * step) ** alpha)))
                    mu.copy_(torch.as_tensor(1 / max(1, step - t0)))
        return loss
