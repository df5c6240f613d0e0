# Tensor identity as in PyTorch: one Python object per tensor, however it is reached.
import torch
import torch.nn as nn
torch.manual_seed(0)
net = nn.Sequential(nn.Linear(3, 2), nn.ReLU())
w = net[0].weight
print(net[0].weight is w, w is net[0].weight, id(w) == id(net[0].weight))
print(list(net.parameters())[0] is w, net.state_dict()['0.weight'] is w)
x = torch.ones(2)
print(x.to('cpu') is x, x.to(torch.float32) is x, x.detach() is x, x.clone() is x)
print(x.to(torch.float64) is x, x[0] is x[0], x.view(2) is x)
d = {w: 'weight'}
print(d[net[0].weight], len({w, net[0].weight, net[0].bias}))
print(hash(w) == hash(net[0].weight))
net.to(torch.float64)
print(net[0].weight is w, w.dtype)
opt = torch.optim.SGD(net.parameters(), lr=0.1)
print(opt.param_groups[0]['params'][0] is w)
