# Models, training and mixed precision on one simulated GPU (expected output written by hand
# from PyTorch's rules: CPU-only PyTorch cannot record it; values are seeded and were
# compared with the same script on PyTorch's CPU).
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
w = model.fc1.weight
moved = model.to('cuda')
print(moved is model, model.fc1.weight is not None, w.device, model.fc2.bias.device)
x = torch.randn(4, 3)
try:
    model(x)
except RuntimeError as e:
    print(e)
out = model(x.to('cuda'))
print(out.device, out.grad_fn.name())
labels = torch.tensor([0, 1, 1, 0])
try:
    nn.CrossEntropyLoss()(out, labels)
except RuntimeError as e:
    print(e)
loss = nn.CrossEntropyLoss()(out, labels.cuda())
loss.backward()
print(loss.device, model.fc1.weight.grad.device, round(loss.item(), 4))
opt = optim.SGD(model.parameters(), lr=0.1)
opt.step()
print(model.fc2.bias.device)
with torch.autocast(device_type='cuda'):
    h = model(x.cuda())
    l = nn.CrossEntropyLoss()(h, labels.cuda())
print(h.dtype, l.dtype)
scaler = torch.amp.GradScaler('cuda')
opt.zero_grad()
scaler.scale(l).backward()
scaler.step(opt)
scaler.update()
print(scaler.get_scale(), model.fc1.weight.grad.dtype)
dp = nn.DataParallel(SimpleNN()).to('cuda')
print(dp)
print(dp(torch.randn(8, 3).cuda()).shape, type(dp.module).__name__)
model.cpu()
print(model.fc1.weight.device, w.device)
