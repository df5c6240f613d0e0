# Device behaviour on one simulated GPU (expected output written by hand from
# ../../../shared/reference/pytorch_device_semantics.md: CPU-only PyTorch cannot record it).
import torch
print(torch.cuda.is_available(), torch.cuda.device_count(), torch.cuda.current_device())
x = torch.ones(2, 3)
y = x.to('cuda')
print(y)
print(y.device, y.is_cuda, y.get_device(), x.device, x.get_device())
print(y.to('cuda') is y, y.to('cuda:0') is y, x.to('cpu') is x, y.cuda() is y)
z = x.cuda()
print(z.device, z.cpu().device, torch.zeros(2, device='cuda').device, torch.ones(1, device=cuda).device)
q = ones(2, 3).to(cuda)
print(q.device, (q + 1).device, (q + torch.tensor(2.0)).device)
try:
    x + y
except RuntimeError as e:
    print(e)
try:
    y.numpy()
except TypeError as e:
    print(e)
print(y.cpu().numpy().shape, y.sum().item(), y.tolist())
p = x.pin_memory()
print(p.is_pinned(), x.is_pinned(), p.to('cuda', non_blocking=True).device)
e0 = torch.cuda.Event(enable_timing=True)
e1 = torch.cuda.Event(enable_timing=True)
e0.record()
w = y @ y.T
e1.record()
torch.cuda.synchronize()
print(w, e0.elapsed_time(e1) >= 0)
print(torch.cuda.memory_allocated() > 0, torch.backends.mps.is_available())
y + x
