# Lazy modules (nn.LazyLinear: UninitializedParameter until the first forward, then a Linear
# drawn as PyTorch draws it) and the Module utilities the d2l and NLP tutorials use:
# state_dict as an OrderedDict, apply, double/float/half, tied parameters, nn.init, hooks,
# the legacy tensor types, NLLLoss on unbatched input.
import collections

import torch
import torch.nn as nn
import torch.nn.functional as F


def attempt(label, fn):
    try:
        result = fn()
        print(label, "->", result)
    except Exception as e:  # noqa: BLE001
        print(label, "->", type(e).__name__ + ":", e)


# ---- LazyLinear ----
torch.manual_seed(0)
lazy = nn.LazyLinear(3)
print(lazy, type(lazy).__name__, lazy.in_features)
print(lazy.weight, lazy.bias, type(lazy.weight).__name__, nn.parameter.is_lazy(lazy.weight))
print(lazy.has_uninitialized_params(), isinstance(lazy.weight, nn.Parameter), isinstance(lazy, nn.Linear))
print(list(lazy.state_dict().items()))
attempt("weight.shape", lambda: lazy.weight.shape)
print(lazy.weight.size())
y = lazy(torch.ones(2, 4))
print(lazy, type(lazy).__name__, type(lazy.weight).__name__, lazy.has_uninitialized_params
      if hasattr(lazy, "has_uninitialized_params") else "no has_uninitialized_params")
print(lazy.weight)
print(lazy.bias)
print(y)
print(hasattr(lazy, "_initialize_hook"), len(lazy._forward_pre_hooks))
print(nn.LazyLinear(2, bias=False), nn.LazyLinear(2, bias=False).bias)

net = nn.Sequential(nn.LazyLinear(5), nn.ReLU(), nn.LazyLinear(1))
print(net)
print([(n, type(p).__name__) for n, p in net.named_parameters()])
net(torch.rand(3, 7))
print(net)
print(net.state_dict())

# a state_dict loaded into lazy modules gives them their shapes; the first forward turns them
torch.manual_seed(1)
src = nn.Sequential(nn.Linear(4, 3), nn.Tanh(), nn.Linear(3, 2))
dst = nn.Sequential(nn.LazyLinear(3), nn.Tanh(), nn.LazyLinear(2))
print(dst.load_state_dict(src.state_dict()))
print(dst, dst[0].weight.shape, type(dst[0].weight).__name__)
x = torch.randn(2, 4)
print(torch.equal(dst(x), src(x)), dst)
attempt("load uninitialized into Linear", lambda: nn.Linear(2, 2).load_state_dict(nn.LazyLinear(2).state_dict()))

# ---- tied parameters, parameters(), named_parameters(), state_dict ----
torch.manual_seed(2)
shared = nn.Linear(2, 2)
net = nn.Sequential(shared, nn.ReLU(), shared, nn.Linear(2, 1))
print([n for n, _ in net.named_parameters()], len(list(net.parameters())))
print(list(net.state_dict().keys()))
print([n for n, _ in net.named_parameters(remove_duplicate=False)])
print(list(net.named_children()), len(list(net.modules())))


class Tied(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(4, 3)
        self.out = nn.Linear(3, 4, bias=False)
        self.out.weight = self.emb.weight

    def forward(self, i):
        return self.out(self.emb(i))


torch.manual_seed(3)
tied = Tied()
print([n for n, _ in tied.named_parameters()], tied.out.weight is tied.emb.weight)
sd = tied.state_dict()
print(type(sd).__name__, isinstance(sd, collections.OrderedDict), list(sd.keys()))
print(sd)
tied(torch.tensor([1, 2])).sum().backward()
print(tied.emb.weight.grad)

# ---- apply, dtype casts ----
def init_weights(m):
    print("apply visits", type(m).__name__)
    if type(m) == nn.Linear:
        nn.init.constant_(m.weight, 0.5)
        nn.init.zeros_(m.bias)


net = nn.Sequential(nn.Linear(2, 2), nn.Sequential(nn.ReLU(), nn.Linear(2, 1)))
print(net.apply(init_weights) is net)
print(net.state_dict())
print(net.double() is net, net[0].weight.dtype, net[1][1].bias.dtype)
print(net(torch.ones(1, 2, dtype=torch.double)))
print(net.half()[0].weight.dtype, net.float()[0].weight.dtype, net.bfloat16()[1][1].weight.dtype)
lstm = nn.LSTM(2, 2).double()
print([p.dtype for p in lstm.parameters()])

# ---- nn.init ----
torch.manual_seed(4)
w = torch.empty(3, 5)
print(nn.init.eye_(w))
print(nn.init.eye_(torch.empty(4, 2)))
print(nn.init.orthogonal_(torch.empty(3, 5)))
q = nn.init.orthogonal_(torch.empty(4, 3), gain=2.0)
print(q)
print(torch.allclose(q.t() @ q, 4 * torch.eye(3), atol=1e-5))
print(nn.init.orthogonal_(torch.empty(2, 2, 3)))
print(nn.init.normal_(torch.empty(2, 3), mean=1.0, std=0.5), nn.init.uniform_(torch.empty(3), -2, 2))
print(nn.init.xavier_uniform_(torch.empty(2, 3), gain=nn.init.calculate_gain("relu")))
print(nn.init.kaiming_normal_(torch.empty(2, 3), mode="fan_out", nonlinearity="relu"))
attempt("eye_ 3-D", lambda: nn.init.eye_(torch.empty(2, 2, 2)))
attempt("orthogonal_ 1-D", lambda: nn.init.orthogonal_(torch.empty(3)))

# ---- hooks with kwargs ----
class Scale(nn.Module):
    def forward(self, x, factor=1.0):
        return x * factor


m = Scale()
h1 = m.register_forward_pre_hook(lambda mod, args, kwargs: (args, {"factor": 3.0}), with_kwargs=True)
h2 = m.register_forward_pre_hook(lambda mod, args: print("pre hook sees", args), prepend=True)
h3 = m.register_forward_hook(lambda mod, args, kwargs, out: out + kwargs["factor"], with_kwargs=True)
print(m(torch.ones(2)))
h1.remove()
h3.remove()
print(m(torch.ones(2), factor=2.0))
h2.remove()
print(m(torch.ones(2)))

# ---- legacy tensor types ----
print(torch.LongTensor([1, 2]), torch.LongTensor([1.7, -2.2]), torch.FloatTensor([[1, 2]]))
print(torch.DoubleTensor([1]), torch.ByteTensor([1]), torch.BoolTensor([1, 0]), torch.IntTensor([3]))
print(torch.LongTensor(2, 3).shape, torch.FloatTensor(torch.Size([4])).shape, torch.LongTensor())
print(isinstance(torch.tensor([1]), torch.LongTensor), isinstance(torch.tensor([1]), torch.FloatTensor))
print(type(torch.LongTensor([1])), torch.LongTensor, torch.LongTensor.dtype)
attempt("LongTensor(str)", lambda: torch.LongTensor("abc"))
attempt("LongTensor(2.5)", lambda: torch.LongTensor(2.5))

# ---- NLLLoss, batched and unbatched ----
torch.manual_seed(5)
logp = F.log_softmax(torch.randn(4, 3, requires_grad=True), dim=1)
target = torch.tensor([0, 2, 1, 2])
loss = nn.NLLLoss()(logp, target)
print(loss, F.nll_loss(logp, target, reduction="sum"), F.nll_loss(logp, target, reduction="none"))
one = F.log_softmax(torch.randn(3, requires_grad=True), dim=0)
print(nn.NLLLoss()(one, torch.tensor(1)), F.nll_loss(one, torch.tensor(2), reduction="none"))
print(nn.NLLLoss(weight=torch.tensor([1.0, 2.0, 0.5]))(logp, target), nn.NLLLoss(ignore_index=2)(logp, target))
