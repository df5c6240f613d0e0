# nn beyond the basics: every nn.init function's seeded values, buffers, containers, shared
# submodules, state_dict / load_state_dict with PyTorch's messages, to() keeping identities.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.set_printoptions(precision=8)
torch.manual_seed(1)
w = torch.empty(2, 3)
for name, init in [("uniform_", lambda t: nn.init.uniform_(t, -0.5, 0.5)),
                   ("normal_", lambda t: nn.init.normal_(t, 0.0, 0.1)),
                   ("xavier_uniform_", nn.init.xavier_uniform_),
                   ("xavier_normal_", nn.init.xavier_normal_),
                   ("kaiming_uniform_", nn.init.kaiming_uniform_),
                   ("kaiming_normal_", nn.init.kaiming_normal_),
                   ("zeros_", nn.init.zeros_), ("ones_", nn.init.ones_),
                   ("constant_", lambda t: nn.init.constant_(t, 0.25))]:
    out = init(w)
    print(name, out is w)
    print(w)

class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(2, 2)
        self.register_buffer("count", torch.zeros(1))

    def forward(self, x):
        return self.lin(x)

class Net(nn.Module):
    def __init__(self):
        super().__init__()
        shared = Block()
        self.a = shared
        self.b = shared
        self.layers = nn.ModuleList([nn.Linear(2, 2), nn.ReLU()])
        self.heads = nn.ModuleDict({"x": nn.Linear(2, 1)})

    def forward(self, x):
        return self.heads["x"](self.layers[1](self.layers[0](self.b(self.a(x)))))

torch.manual_seed(0)
net = Net()
print(net)
print([n for n, _ in net.named_modules()])
print([n for n, _ in net.named_parameters()])
print([n for n, _ in net.named_buffers()])
print(list(net.state_dict().keys()))
print([type(m).__name__ for m in net.children()])
print(len(list(net.parameters())), len(net.layers), "x" in net.heads)
print(net(torch.ones(1, 2)))

sd = net.state_dict()
print(type(sd).__name__, sd["a.lin.bias"].requires_grad)
net2 = Net()
print(net2.load_state_dict(sd))
print(torch.equal(net2.a.lin.weight, net.a.lin.weight))
del sd["heads.x.bias"]
sd["extra"] = torch.ones(1)
try:
    net2.load_state_dict(sd)
except RuntimeError as e:
    print("RuntimeError:", e)
print(net2.load_state_dict(sd, strict=False))
bad = net.state_dict()
bad["a.lin.weight"] = torch.ones(3, 3)
try:
    net2.load_state_dict(bad)
except RuntimeError as e:
    print("RuntimeError:", e)

w = net.a.lin.weight
print(net.to(torch.float64) is net, net.a.lin.weight is w, w.dtype)
print(net.requires_grad_(False) is net, w.requires_grad)
print(net.apply(lambda m: None) is net)
net.zero_grad()
print(nn.Linear(4, 3, bias=False), nn.Linear(4, 3).extra_repr())

# Loss modules print no options.
print([nn.CrossEntropyLoss(label_smoothing=0.1), nn.NLLLoss(), nn.MSELoss(), nn.L1Loss(), nn.BCELoss(),
       nn.BCEWithLogitsLoss(pos_weight=torch.ones(2))])

# nll_loss's gradient is zero (not -0.) off the target classes, and at ignored targets.
x = torch.zeros(2, 3, requires_grad=True)
F.nll_loss(x, torch.tensor([0, 2])).backward()
print(x.grad)
x.grad = None
F.nll_loss(x, torch.tensor([0, -100]), reduction="sum").backward()
print(x.grad)
x.grad = None
F.nll_loss(x, torch.tensor([1, 2]), weight=torch.tensor([1.0, 2.0, 3.0]), reduction="none").sum().backward()
print(x.grad)
