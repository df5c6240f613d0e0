# Benchmark (not a test): N SGD steps of an MLP 784-256-10 on a batch of 512, on the device
# given (cpu or cuda), for whole-process timing. Usage:
#   tensorplay --wall-clock run tests/bench/mlp_steps.py DEVICE [STEPS]
import sys

import torch
import torch.nn as nn
import torch.nn.functional as F

device = sys.argv[1] if len(sys.argv) > 1 else "cpu"
steps = int(sys.argv[2]) if len(sys.argv) > 2 else 100
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(784, 256), nn.ReLU(), nn.Linear(256, 10)).to(device)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
x = torch.randn(512, 784).to(device)
y = torch.randint(0, 10, (512,)).to(device)
for _ in range(steps):
    opt.zero_grad()
    loss = F.cross_entropy(model(x), y)
    loss.backward()
    opt.step()
print(f"{device}: loss after {steps} steps {loss.item():.4f}")
