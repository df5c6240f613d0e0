# A small network trained on the GPU from the same start as on the CPU.
import torch
from torch import nn
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(20, 64), nn.ReLU(), nn.Linear(64, 3))
x = torch.randn(256, 20)
y = torch.randint(0, 3, (256,))
model = model.to('cuda')
print(next(model.parameters()).device)
xs, ys = x.cuda(), y.cuda()
opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
loss_fn = nn.CrossEntropyLoss()
for step in range(30):
    opt.zero_grad()
    loss = loss_fn(model(xs), ys)
    loss.backward()
    opt.step()
    if step % 10 == 0:
        print(step, f"{loss.item():.4f}")
with torch.no_grad():
    acc = (model(xs).argmax(1) == ys).float().mean()
print(f"{acc.item():.3f}", acc.device)
print(model[0].weight.grad.device, model[0].weight.grad.shape)
try:
    model(x)
except RuntimeError as e:
    print(e)
