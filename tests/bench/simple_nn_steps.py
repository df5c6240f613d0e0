# Benchmark script (not a test): steady-state time per training step of SimpleNN (batch 100,
# SGD) over 10,000 steps after 100 warm-up steps, printed in microseconds. Runs unchanged
# under tensorplay and under real PyTorch (tests/bench/training_vs_pytorch.sh).
import time
import torch
import torch.nn as nn
import torch.optim as optim

class SimpleNN(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(3, 10)
        self.fc2 = nn.Linear(10, 2)

    def forward(self, x):
        return self.fc2(torch.relu(self.fc1(x)))

torch.manual_seed(0)
model = SimpleNN()
criterion = nn.CrossEntropyLoss()
optimizer = optim.SGD(model.parameters(), lr=0.01)
inputs = torch.randn(100, 3)
labels = torch.randint(0, 2, (100,))

def step():
    optimizer.zero_grad()
    loss = criterion(model(inputs), labels)
    loss.backward()
    optimizer.step()
    return loss

for i in range(100):
    step()
steps = 10000
start = time.perf_counter()
for i in range(steps):
    loss = step()
elapsed = time.perf_counter() - start
print(f'steps {steps} per_step_us {elapsed / steps * 1e6:.1f} final_loss {loss.item():.4f}')
