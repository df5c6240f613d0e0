"""A long training session on a simulated GPU does not leak: the process's resident memory
stays within 10% between an early step and the last, and torch.cuda.memory_allocated() is
back where it started once the model and its tensors are deleted. Run inside tensorplay:
  tensorplay --sim run tests/long_session_test.py [STEPS]   (ctest: 20,000 steps)"""
import gc
import sys

import torch
import torch.nn as nn
import torch.optim as optim


def rss_kib():
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


steps = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
early = min(1000, max(1, steps // 2))  # RSS is read here and at the end
allocated_at_start = torch.cuda.memory_allocated()
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 8), nn.ReLU(), nn.Linear(8, 2)).to("cuda")
optimizer = optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
loss_fn = nn.CrossEntropyLoss()
x = torch.randn(16, 3, device="cuda")
y = torch.randint(0, 2, (16,), device="cuda")
for step in range(1, steps + 1):
    optimizer.zero_grad()
    loss = loss_fn(model(x), y)
    loss.backward()
    optimizer.step()
    if step == early:
        rss_early = rss_kib()
rss_last = rss_kib()
del model, optimizer, x, y, loss
gc.collect()
left = torch.cuda.memory_allocated() - allocated_at_start
print(f"steps {steps}: RSS {rss_early} KiB at step {early}, {rss_last} KiB at step {steps}; "
      f"{left} bytes of GPU memory left after del")
ok = rss_last <= rss_early * 1.10 and left == 0
print("ok" if ok else "LEAK")
sys.exit(0 if ok else 1)
