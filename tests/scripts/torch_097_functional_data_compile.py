# torch.autograd.functional (jacobian, hessian, vjp, jvp, vhp, hvp), torch.utils.checkpoint,
# WeightedRandomSampler and get_worker_info, and torch.compile's wrappers (run eagerly).
import warnings

import torch
import torch.nn as nn
from torch.autograd.functional import hessian, hvp, jacobian, jvp, vhp, vjp
from torch.utils.checkpoint import checkpoint
from torch.utils.data import DataLoader, TensorDataset, WeightedRandomSampler, get_worker_info

print("== autograd.functional ==")
def f(x):
    return x ** 2 * 3 + x.sin()
x = torch.tensor([0.5, 1.0, 2.0])
print(jacobian(f, x))
def g(a, b):
    return (a * b).sum(), a.exp()
a = torch.tensor([1.0, 2.0])
b = torch.tensor([3.0, -1.0])
print(jacobian(g, (a, b)))
print(jacobian(lambda t: t.sum(), x))
def scalar(x):
    return (x ** 3).sum() + x[0] * x[1]
print(hessian(scalar, x))
print(hessian(lambda p, q: (p * q ** 2).sum(), (a, b)))
v = torch.tensor([1.0, 0.0, -1.0])
print(vjp(f, x, v))
print(jvp(f, x, v))
print(vhp(scalar, x, v))
print(hvp(scalar, x, v))
print(vjp(lambda t: t.pow(2).sum(), torch.tensor([3.0])))
jc = jacobian(f, x.clone().requires_grad_(), create_graph=True)
print(jc.requires_grad, jacobian(f, x).requires_grad)
torch.manual_seed(0)
lin = nn.Linear(3, 2)
print(jacobian(lin, torch.randn(3)))
print(jacobian(lambda t: t * 0 + 1, x))
print(jacobian(lambda t: torch.ones(2), x))
for call in (lambda: jacobian(f, [x]), lambda: jacobian(f, 3.0), lambda: vjp(f, x, torch.ones(2)),
             lambda: vjp(f, x), lambda: jvp(f, (x, x), (v,)), lambda: hessian(f, x),
             lambda: hessian(lambda t: (t, t), x), lambda: jacobian(lambda t: torch.ones(2), x, strict=True),
             lambda: hvp(scalar, x), lambda: vhp(lambda t: t, x, v)):
    try:
        call()
    except Exception as e:
        print(type(e).__name__, e)

print("== checkpoint ==")
calls = []
def block(t):
    calls.append(len(calls))
    return (t * 2).sin() * t
inp = torch.tensor([0.1, 0.2, 0.3], requires_grad=True)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    out = checkpoint(block, inp)
print([str(w.message) for w in caught])
print(out.grad_fn.name(), len(calls))
out.sum().backward()
print(inp.grad, len(calls))
inp.grad = None
out = checkpoint(block, inp, use_reentrant=True)
out.sum().backward()
print(inp.grad, len(calls))
# Dropout inside a checkpoint recomputes with the forward pass's random state.
torch.manual_seed(0)
drop = nn.Sequential(nn.Linear(4, 4), nn.Dropout(0.5), nn.Linear(4, 1))
data = torch.randn(2, 4)
torch.manual_seed(5)
ref = drop(data).sum()
ref.backward()
ref_grad = drop[0].weight.grad.clone()
drop.zero_grad()
torch.manual_seed(5)
ck = checkpoint(drop, data.requires_grad_(), use_reentrant=True).sum()
after_forward = torch.rand(1)
ck.backward()
print(ref.item() == ck.item(), torch.equal(ref_grad, drop[0].weight.grad))
torch.manual_seed(5)
drop(data)
print(torch.equal(torch.rand(1), after_forward))
drop.zero_grad()
torch.manual_seed(5)
ck = checkpoint(drop, data.detach(), use_reentrant=False)
print(ck.grad_fn.name(), torch.equal(ck.sum(), ref))
ck.sum().backward()
print(torch.equal(ref_grad, drop[0].weight.grad))
try:
    checkpoint(block, inp, use_reentrant=True, extra=1)
except Exception as e:
    print(type(e).__name__, e)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    checkpoint(block, torch.ones(2), use_reentrant=True)
print([str(w.message) for w in caught])

print("== WeightedRandomSampler ==")
torch.manual_seed(0)
sampler = WeightedRandomSampler([0.1, 0.9, 0.4, 0.7, 3.0, 0.6], 8, replacement=True)
print(list(sampler), len(sampler))
print(list(WeightedRandomSampler([0.9, 0.4, 0.05, 0.2, 0.3, 0.1], 5, replacement=False)))
gen = torch.Generator().manual_seed(42)
print(list(WeightedRandomSampler(torch.tensor([1.0, 2.0, 3.0]), 6, generator=gen)))
print(sampler.weights)
ds = TensorDataset(torch.arange(6.))
torch.manual_seed(1)
for (batch,) in DataLoader(ds, batch_size=4, sampler=WeightedRandomSampler([1, 1, 1, 1, 10, 10], 8)):
    print(batch)
for bad in (lambda: WeightedRandomSampler([1.0], 0), lambda: WeightedRandomSampler([1.0], 2, replacement=1),
            lambda: WeightedRandomSampler([[1.0, 2.0]], 2), lambda: list(WeightedRandomSampler([1.0, 2.0], 3, False))):
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)
print(get_worker_info())

print("== torch.compile ==")
torch.manual_seed(0)
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 1)

    def forward(self, x):
        return self.fc(x)
model = Net()
compiled = torch.compile(model)
print(type(compiled).__name__, isinstance(compiled, nn.Module))
print(compiled)
print(list(compiled.state_dict().keys()))
print([name for name, _ in compiled.named_parameters()])
print(compiled.fc, compiled._orig_mod is model)
compiled.train(False)
print(compiled.training, model.training)
compiled.extra = 3
print(model.extra)
eager = torch.compile(model, backend="eager")
print(eager(torch.ones(1, 2)))
def double(t):
    return t * 2
cf = torch.compile(double, backend="eager")
print(type(cf).__name__, cf.__name__, cf(torch.ones(2)))
@torch.compile(backend="eager")
def add_one(t):
    return t + 1
print(add_one(torch.ones(2)))
print(torch.compile(double, disable=True) is double)
print(torch.compiler.is_compiling())
for bad in (lambda: torch.compile(5), lambda: torch.compile(double, mode="reduce-overhead", options={})):
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)
