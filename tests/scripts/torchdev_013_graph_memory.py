# A graph that is never backwarded is freed with its output, as in PyTorch: a node keeps the
# output it saved (exp, sigmoid, tanh save their result) as a detached alias, not as the
# tensor whose grad_fn is the node itself. An evaluation loop that forgets torch.no_grad()
# must not grow the simulated GPU's memory. (PyTorch on a GPU prints the same numbers: one
# 4000-byte tensor rounds to a 4096-byte block.)
import torch

x = torch.ones(1000, device='cuda', requires_grad=True)
print(torch.cuda.memory_allocated())
for step in range(5):
    y = torch.sigmoid(x * 2).exp().tanh()
print(torch.cuda.memory_allocated())
del y
print(torch.cuda.memory_allocated())

# The same after an in-place op that saves its output, and through a view.
h = x * 2
h.sigmoid_()
h[:10].exp_()
print(type(h.grad_fn).__name__, torch.cuda.memory_allocated())
del h
print(torch.cuda.memory_allocated())

# With backward, the saved outputs go with the graph.
loss = torch.sigmoid(x).exp().sum()
loss.backward()
del loss
print(x.grad.sum().item() > 0, torch.cuda.memory_allocated())

# Ops with several outputs save theirs too: nothing stays once the results are gone.
m = torch.rand(16, 16, device='cuda', requires_grad=True)
before = torch.cuda.memory_allocated()
for name, op in [("var_mean", lambda: torch.var_mean(m, 0)), ("max", lambda: torch.max(m, 1)),
                 ("qr", lambda: torch.linalg.qr(m)), ("eigh", lambda: torch.linalg.eigh(m + m.T)),
                 ("svd", lambda: torch.linalg.svd(m)), ("slogdet", lambda: torch.linalg.slogdet(m)),
                 ("max_pool2d", lambda: torch.nn.functional.max_pool2d(m[None, None], 2, return_indices=True))]:
    result = op()
    del result
    print(name, torch.cuda.memory_allocated() - before)
