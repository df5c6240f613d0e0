# Source: d2l-ai/d2l-en, chapter_builders-guide/init-param.md (the PyTorch code cells, in order)
#   commit 23d7a5aecceee57d1292c56e90cce307f183bb0a, sample code under LICENSE-SAMPLECODE (MIT-0)
#   (Dive into Deep Learning). tensorplay corpus: a notebook's displayed cell values are printed.
import torch
torch.manual_seed(0)  # tensorplay corpus: seed added for determinism

def show(value):  # tensorplay corpus: prints what a notebook shows for a cell's last expression
    if value is not None:
        print(repr(value))

import torch
from torch import nn

net = nn.Sequential(nn.LazyLinear(8), nn.ReLU(), nn.LazyLinear(1))
X = torch.rand(size=(2, 4))
show((net(X).shape))

def init_normal(module):
    if type(module) == nn.Linear:
        nn.init.normal_(module.weight, mean=0, std=0.01)
        nn.init.zeros_(module.bias)

net.apply(init_normal)
show((net[0].weight.data[0], net[0].bias.data[0]))

def init_constant(module):
    if type(module) == nn.Linear:
        nn.init.constant_(module.weight, 1)
        nn.init.zeros_(module.bias)

net.apply(init_constant)
show((net[0].weight.data[0], net[0].bias.data[0]))

def init_xavier(module):
    if type(module) == nn.Linear:
        nn.init.xavier_uniform_(module.weight)

def init_42(module):
    if type(module) == nn.Linear:
        nn.init.constant_(module.weight, 42)

net[0].apply(init_xavier)
net[2].apply(init_42)
print(net[0].weight.data[0])
print(net[2].weight.data)

def my_init(module):
    if type(module) == nn.Linear:
        print("Init", *[(name, param.shape)
                        for name, param in module.named_parameters()][0])
        nn.init.uniform_(module.weight, -10, 10)
        module.weight.data *= module.weight.data.abs() >= 5

net.apply(my_init)
show((net[0].weight[:2]))

net[0].weight.data[:] += 1
net[0].weight.data[0, 0] = 42
show((net[0].weight.data[0]))
