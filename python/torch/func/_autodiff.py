"""The reverse-mode core of torch.func's grad, vjp, jvp and jacobians: a Tape makes a
transform's inputs differentiable and pulls cotangents back through torch.autograd.grad.
Inside vmap an input is lifted to the batch (each sample its own copy), so one backward pass
over the batch gives every sample its own gradient; a transform inside another keeps its
graph (create_graph) so the outer one can differentiate its result."""
import contextlib

import torch
from torch.func._batched_tensor import BatchedTensor, batch_size, current_level, is_batched, unwrap

_running = [0]  # transforms whose function is running: above 0, results stay differentiable


class Tape:
    def __init__(self):
        self.level = current_level()
        self.nested = _running[0] > 0
        self.leaves = []

    def watch(self, x):
        """x as the function sees it, differentiable."""
        if not isinstance(x, torch.Tensor):
            raise ValueError(f"Thing passed to transform API must be Tensor, got {type(x)}")
        value, batched = self.physical(x)
        if is_batched(value):
            raise NotImplementedError("tensorplay: torch.func's grad, vjp, jvp and jacobians inside two or more "
                                      "nested vmaps are not supported yet (inside one vmap they are)")
        if self.level is not None and not batched:
            value = x.detach().unsqueeze(0).expand(batch_size(self.level), *x.shape)
        leaf = value.view_as(value) if value.requires_grad else value.detach().requires_grad_()
        self.leaves.append(leaf)
        return leaf if self.level is None else BatchedTensor(leaf, self.level)

    def physical(self, x):
        """(the batched value, True) of a tensor batched at this tape's vmap level, else (x, False)."""
        return (x, False) if self.level is None else unwrap(x, self.level)

    @contextlib.contextmanager
    def running(self):
        _running[0] += 1
        try:
            with torch.enable_grad():
                yield
        finally:
            _running[0] -= 1

    def keeps_graph(self, create_graph=None):
        return self.nested or bool(create_graph)

    def pull(self, outputs, cotangents, retain_graph=True, create_graph=None, leaves=None):
        """The vector-Jacobian products of each leaf: zeros where no output depends on it."""
        leaves = self.leaves if leaves is None else leaves
        later = [c._level for c in cotangents if is_batched(c) and c._level != self.level]
        if later:  # vmap over a vjp_fn made outside it (PyTorch's Jacobian recipe): a pullback per sample
            level = max(later)
            rows = [self.pull(outputs, [unwrap(c, level)[0][b] if unwrap(c, level)[1] else c for c in cotangents],
                              True, create_graph, leaves) for b in range(batch_size(level))]
            return [BatchedTensor(torch.stack([r[i] for r in rows]), level) for i in range(len(leaves))]
        outs, cts = [], []
        for o, c in zip(outputs, cotangents):
            vo, bo = self.physical(o)
            vc, bc = self.physical(c)
            if bo and not bc:
                vc = c.unsqueeze(0).expand(vo.shape)
            if bc and not bo:
                vo = o.unsqueeze(0).expand(vc.shape)
            if vo.requires_grad:
                outs.append(vo)
                cts.append(vc)
        keep = self.keeps_graph(create_graph)
        grads = [None] * len(leaves)
        if outs:
            grads = torch.autograd.grad(outs, leaves, cts, retain_graph=retain_graph or keep, create_graph=keep,
                                        allow_unused=True)
        return [self.result(torch.zeros_like(leaf) if g is None else g, create_graph)
                for leaf, g in zip(leaves, grads)]

    def result(self, value, create_graph=None):
        """A physical result as the function's caller sees it."""
        if not self.keeps_graph(create_graph):
            value = value.detach()
        return value if self.level is None else BatchedTensor(value, self.level)

    def release(self, x, create_graph=None):
        """An output (or aux) of the function, detached unless a transform outside needs its graph."""
        if not isinstance(x, torch.Tensor) or self.keeps_graph(create_graph):
            return x
        return x.detach()
