# Source: d2l-ai/d2l-en, chapter_builders-guide/read-write.md (the PyTorch code cells, in order)
#   commit 23d7a5aecceee57d1292c56e90cce307f183bb0a, sample code under LICENSE-SAMPLECODE (MIT-0)
#   (Dive into Deep Learning). tensorplay corpus: a notebook's displayed cell values are printed.
import torch
torch.manual_seed(0)  # tensorplay corpus: seed added for determinism

def show(value):  # tensorplay corpus: prints what a notebook shows for a cell's last expression
    if value is not None:
        print(repr(value))

import torch
from torch import nn
from torch.nn import functional as F

x = torch.arange(4)
show((torch.save(x, 'x-file')))

x2 = torch.load('x-file')
show((x2))

y = torch.zeros(4)
torch.save([x, y],'x-files')
x2, y2 = torch.load('x-files')
show(((x2, y2)))

mydict = {'x': x, 'y': y}
torch.save(mydict, 'mydict')
mydict2 = torch.load('mydict')
show((mydict2))

class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.hidden = nn.LazyLinear(256)
        self.output = nn.LazyLinear(10)

    def forward(self, x):
        return self.output(F.relu(self.hidden(x)))

net = MLP()
X = torch.randn(size=(2, 20))
Y = net(X)

show((torch.save(net.state_dict(), 'mlp.params')))

clone = MLP()
clone.load_state_dict(torch.load('mlp.params'))
show((clone.eval()))

Y_clone = clone(X)
show((Y_clone == Y))
