# The simulated GPU gives the CPU's results for this session's Python-composed features:
# tensor hooks, packed sequences through LSTM/GRU, autograd.functional, checkpoint,
# ASGD/Rprop, Bilinear; cuDNN's grad_fn names on a packed RNN's outputs; apply_/map_ refusing
# a GPU tensor with PyTorch's text.
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.autograd.functional import hessian, jacobian
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence
from torch.utils.checkpoint import checkpoint


def run(device):
    results = []
    x = torch.tensor([1., 2., 3.], device=device, requires_grad=True)
    seen = []
    x.register_hook(lambda g: seen.append(g.device.type) or g * 2)
    (x * x).sum().backward()
    results.append(x.grad)
    results.append(jacobian(lambda t: t.sin() * t, x.detach()))
    results.append(hessian(lambda t: (t ** 3).sum(), x.detach()))
    torch.manual_seed(0)
    batch = torch.randn(4, 3, 2).to(device)
    for cls in (nn.LSTM, nn.GRU):
        torch.manual_seed(1)
        rnn = cls(2, 3, bidirectional=True).to(device)
        out, state = rnn(pack_padded_sequence(batch, [4, 2, 3], enforce_sorted=False))
        padded, _ = pad_packed_sequence(out)
        results += [padded, state[0] if isinstance(state, tuple) else state]
        padded.sum().backward()
        results.append(rnn.weight_hh_l0.grad)
        print(device, cls.__name__, out.data.grad_fn.name(), padded.grad_fn.name())
    inp = torch.tensor([0.1, 0.2], device=device, requires_grad=True)
    checkpoint(lambda t: t.exp() * t, inp, use_reentrant=True).sum().backward()
    results.append(inp.grad)
    for make in (torch.optim.ASGD, torch.optim.Rprop):
        torch.manual_seed(0)
        # No bias: its gradient is a sum over the batch, which the simulated GPU reduces in
        # another order than the CPU (last-bit differences, not the optimizers').
        model = nn.Linear(3, 2, bias=False).to(device)
        opt = make(model.parameters(), lr=0.05)
        data = torch.randn(4, 3).to(device)
        for _ in range(3):
            opt.zero_grad()
            model(data).pow(2).sum().backward()
            opt.step()
        results.append(model.weight.detach())
        print(device, type(opt).__name__, sorted((k, v.device.type) for k, v in opt.state[model.weight].items()))
    torch.manual_seed(0)
    bil = nn.Bilinear(3, 2, 4).to(device)
    results.append(bil(torch.ones(2, 3, device=device), torch.ones(2, 2, device=device)))
    print(device, "hook saw", seen)
    if device == "cuda":
        free, total = torch.cuda.mem_get_info()
        print("mem_get_info", total == torch.cuda.get_device_properties(0).total_memory,
              total - free == torch.cuda.memory_reserved())
    return results


cpu = run("cpu")
gpu = run("cuda")
print([a.device.type for a in gpu[:1]], all(torch.equal(a, b.cpu()) for a, b in zip(cpu, gpu)), len(cpu))
on_gpu = torch.ones(2, device="cuda")
for call in (lambda: on_gpu.apply_(lambda v: v), lambda: on_gpu.map_(on_gpu, lambda a, b: a)):
    try:
        call()
    except Exception as e:
        print(type(e).__name__, e)
