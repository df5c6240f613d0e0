# A training loop end to end: SGD and Adam steps, TensorDataset/DataLoader with shuffle
# (PyTorch's sampler draws), random_split; the losses match PyTorch step by step.
import torch
import torch.nn as nn
import torch.optim as optim
from torch.utils.data import TensorDataset, DataLoader, random_split

torch.manual_seed(42)
model = nn.Sequential(nn.Linear(3, 8), nn.ReLU(), nn.Linear(8, 2))
criterion = nn.CrossEntropyLoss()
optimizer = optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
X = torch.randn(32, 3)
y = (X.sum(dim=1) > 0).long()
dataset = TensorDataset(X, y)
print(len(dataset), dataset[0][1])
loader = DataLoader(dataset, batch_size=8, shuffle=True)
print(len(loader))
for epoch in range(3):
    total = 0.0
    for inputs, labels in loader:
        optimizer.zero_grad()
        loss = criterion(model(inputs), labels)
        loss.backward()
        optimizer.step()
        total += loss.item()
    print(f'epoch {epoch} loss {total / len(loader):.4f}')
first = next(iter(DataLoader(dataset, batch_size=4)))
print(type(first).__name__, first[0].shape, first[1])
train, test = random_split(dataset, [24, 8])
print(len(train), len(test), test.indices)
print(optimizer)
adam = optim.Adam(model.parameters(), lr=0.01)
for i in range(3):
    adam.zero_grad()
    loss = criterion(model(X), y)
    loss.backward()
    adam.step()
    print(f'adam {i} {loss.item():.5f}')
for g in adam.param_groups:
    g['lr'] = 0.001
print(adam.param_groups[0]['lr'])
w = optim.AdamW([torch.nn.Parameter(torch.ones(2))])
print(w)
print(torch.randn(2))
