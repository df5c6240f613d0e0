# The caching allocator's counters, and out-of-memory.
import torch
print(torch.cuda.memory_allocated(), torch.cuda.memory_reserved())
a = torch.zeros(1024, 1024, device='cuda')
print(torch.cuda.memory_allocated(), torch.cuda.memory_reserved())
b = torch.empty(1000, device='cuda')
print(torch.cuda.memory_allocated(), torch.cuda.memory_reserved())
del a
print(torch.cuda.memory_allocated(), torch.cuda.memory_reserved(), torch.cuda.max_memory_allocated())
torch.cuda.empty_cache()
print(torch.cuda.memory_allocated(), torch.cuda.memory_reserved())
torch.cuda.reset_peak_memory_stats()
print(torch.cuda.max_memory_allocated())
try:
    torch.empty(1 << 40, device='cuda')
except torch.OutOfMemoryError as e:
    print(type(e).__name__, str(e).split('. GPU')[0])
print(torch.cuda.memory_allocated())
h = torch.ones(1 << 20).pin_memory()
print(h.is_pinned(), h.device)
d = h.to('cuda', non_blocking=True)
torch.cuda.synchronize()
print(d.sum().item(), d.device)
back = torch.empty(1 << 20).pin_memory()
back.copy_(d * 2, non_blocking=True)
torch.cuda.synchronize()
print(back.sum().item())
s = torch.cuda.Event(enable_timing=True)
e = torch.cuda.Event(enable_timing=True)
s.record()
y = d @ d
e.record()
e.synchronize()
print(s.elapsed_time(e) > 0, e.query())
