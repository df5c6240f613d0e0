# nn.Module as a learner writes it: registration, repr, parameters, state_dict, forward
# values and gradients with PyTorch's own initialisation (seeded), eval/train.
import torch
import torch.nn as nn
import torch.nn.functional as F

class SimpleNN(nn.Module):
    def __init__(self):
        super(SimpleNN, self).__init__()
        self.fc1 = nn.Linear(3, 10)
        self.fc2 = nn.Linear(10, 2)
        self.note = 'plain attribute'

    def forward(self, x):
        x = torch.relu(self.fc1(x))
        x = self.fc2(x)
        return x

torch.manual_seed(0)
model = SimpleNN()
print(model)
print(model.note, model.training)
for name, p in model.named_parameters():
    print(name, tuple(p.shape), p.requires_grad)
print(list(model.state_dict().keys()))
print(len(list(model.parameters())), type(next(model.parameters())).__name__)
print(model.fc1.weight)
x = torch.randn(4, 3)
out = model(x)
print(out)
loss = F.cross_entropy(out, torch.tensor([0, 1, 1, 0]))
print(loss)
loss.backward()
print(model.fc2.bias.grad)
print(model.fc1.weight.grad.sum())
model.zero_grad()
print(model.fc2.bias.grad)
print(model.eval().training, model.fc1.training, model.train().training)
net = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 1), nn.Sigmoid())
print(net)
print(len(net), net[0], net[-1])
print(net[0].weight.shape, net(torch.ones(2, 3)).shape)
print(nn.Dropout(0.2), nn.Softmax(dim=1), nn.Flatten(), nn.Identity(), nn.Tanh())
print(nn.CrossEntropyLoss(), nn.MSELoss(), nn.BCEWithLogitsLoss())
print(nn.MSELoss()(torch.tensor([1.0, 2.0]), torch.tensor([1.5, 1.0])))
print(nn.L1Loss(reduction='sum')(torch.tensor([1.0, 2.0]), torch.tensor([1.5, 1.0])))
print(nn.NLLLoss()(F.log_softmax(torch.tensor([[1.0, 2.0], [0.5, 0.1]]), dim=1), torch.tensor([1, 0])))
print(nn.BCELoss()(torch.tensor([0.9, 0.2]), torch.tensor([1.0, 0.0])))
class Broken(nn.Module):
    def __init__(self):
        self.fc = nn.Linear(1, 1)
try:
    Broken()
except AttributeError as e:
    print("AttributeError:", e)
try:
    nn.Module()(torch.ones(1))
except NotImplementedError as e:
    print("NotImplementedError:", e)
try:
    net[7]
except IndexError as e:
    print("IndexError:", e)
