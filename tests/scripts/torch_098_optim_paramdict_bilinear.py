# optim.ASGD and optim.Rprop trajectories and state_dicts, nn.ParameterDict, nn.Bilinear and
# F.bilinear (values, grad_fn, checks), Tensor.apply_ and Tensor.map_.
import torch
import torch.nn as nn
import torch.nn.functional as F

print("== ASGD / Rprop ==")
def trajectory(make, steps=6, **kwargs):
    torch.manual_seed(0)
    model = nn.Linear(3, 2)
    opt = make(model.parameters(), **kwargs)
    data, target = torch.randn(8, 3), torch.randn(8, 2)
    for _ in range(steps):
        opt.zero_grad()
        loss = F.mse_loss(model(data), target)
        loss.backward()
        opt.step()
    print(type(opt).__name__, kwargs, f"{loss.item():.6f}")
    print(model.weight.data, model.bias.data)
    return opt

opt = trajectory(torch.optim.ASGD, lr=0.1)
state = opt.state_dict()
print(state["param_groups"])
print(sorted(state["state"][0].keys()), state["state"][0]["step"], state["state"][0]["eta"], state["state"][0]["mu"])
print(state["state"][0]["ax"])
trajectory(torch.optim.ASGD, lr=0.05, lambd=0.01, alpha=0.5, t0=2, weight_decay=0.1)
trajectory(torch.optim.ASGD, lr=0.05, t0=3, maximize=True)
opt = trajectory(torch.optim.Rprop)
state = opt.state_dict()
print(state["param_groups"])
print(sorted(state["state"][0].keys()), state["state"][0]["step"])
print(state["state"][0]["step_size"], state["state"][0]["prev"])
trajectory(torch.optim.Rprop, lr=0.05, etas=(0.3, 1.5), step_sizes=(1e-3, 0.1))
trajectory(torch.optim.Rprop, lr=0.02, maximize=True)
print(torch.optim.ASGD([torch.zeros(1, requires_grad=True)]))
for bad in (lambda: torch.optim.ASGD([torch.zeros(1)], lr=-1), lambda: torch.optim.ASGD([torch.zeros(1)], lambd=-1),
            lambda: torch.optim.ASGD([torch.zeros(1)], alpha=-1),
            lambda: torch.optim.ASGD([torch.zeros(1)], weight_decay=-1),
            lambda: torch.optim.Rprop([torch.zeros(1)], lr=-1), lambda: torch.optim.Rprop([torch.zeros(1)], etas=(1.5, 1.2))):
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)

print("== ParameterDict ==")
torch.manual_seed(0)
pd = nn.ParameterDict({"b": nn.Parameter(torch.randn(2)), "a": torch.randn(2, 3)})
pd["c"] = torch.zeros(1, dtype=torch.float64)
print(pd)
print(list(pd.keys()), len(pd), "a" in pd, type(pd["a"]).__name__, pd["a"].requires_grad)
print([name for name, _ in pd.named_parameters()])
print(list(pd.state_dict().keys()))
print(pd.pop("c").dtype, list(pd))
pd.update([("z", torch.ones(1)), ("y", torch.ones(2))])
print(list(pd.keys()), pd.get("missing"), pd.setdefault("w", torch.ones(3)).shape)
k, v = pd.popitem()
print(k, v.shape, list(pd.keys()))
merged = pd | nn.ParameterDict({"q": torch.ones(1)})
print(list(merged.keys()))
class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.params = nn.ParameterDict({"scale": torch.ones(2), "shift": torch.zeros(2)})

    def forward(self, x):
        return x * self.params["scale"] + self.params["shift"]
model = Model()
print(model)
print(list(model.state_dict().keys()))
model(torch.ones(2)).sum().backward()
print(model.params["scale"].grad)
for bad in (lambda: pd[1], lambda: pd(torch.ones(1)), lambda: pd.update(5), lambda: pd.update([(1, 2, 3)]),
            lambda: pd["nothing"]):
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)

print("== Bilinear ==")
torch.manual_seed(0)
m = nn.Bilinear(3, 2, 4)
print(m)
print(m.weight.shape, m.bias)
x1, x2 = torch.randn(5, 3), torch.randn(5, 2)
y = m(x1, x2)
print(y, y.shape)
y.sum().backward()
print(m.weight.grad.sum(0), m.bias.grad)
print(F.bilinear(x1, x2, m.weight).grad_fn.name())
print(F.bilinear(torch.randn(2, 5, 3), torch.randn(2, 5, 2), m.weight, m.bias).shape)
print(nn.Bilinear(2, 2, 1, bias=False))
for a, b, w, bb in ((x1, x2.double(), m.weight, m.bias), (x1, x2.double(), m.weight, None), (x1, x2[None], m.weight, None),
                    (x1, x2[:4], m.weight, None), (x2, x2, m.weight, None), (x1, x1, m.weight, None),
                    (x1, x2, m.weight, torch.ones(3))):
    try:
        F.bilinear(a, b, w, bb)
    except Exception as e:
        print(type(e).__name__, e)
try:
    nn.Bilinear(0, 2, 1)
except Exception as e:
    print(type(e).__name__, e)

print("== apply_ / map_ ==")
x = torch.arange(6.).reshape(2, 3)
print(x.apply_(lambda v: v * 2 + 1), x)
y = torch.arange(6).reshape(2, 3)[:, 1:]
print(y.apply_(lambda v: v * 10), y.dtype)
print(torch.ones(2, 3).map_(torch.tensor([1., 2., 3.]), lambda a, b: a + b * 10))
print(torch.tensor([True, False]).apply_(lambda v: not v))
print(torch.ones(2, dtype=torch.int64).apply_(lambda v: 2.7))
print(torch.ones(2, device="meta").apply_(lambda v: v).shape)
for bad in (lambda: torch.ones(2).apply_(lambda v: "s"), lambda: torch.ones(2).apply_(5),
            lambda: torch.ones(2, requires_grad=True).apply_(lambda v: v),
            lambda: (torch.ones(2, requires_grad=True) * 1).apply_(lambda v: v),
            lambda: torch.ones(2).map_(torch.ones(3), lambda a, b: a),
            lambda: torch.ones(2).map_(torch.ones(2, dtype=torch.int64), lambda a, b: a),
            lambda: torch.ones(2).map_(torch.ones(2, requires_grad=True), lambda a, b: a),
            lambda: torch.ones(2).apply_(lambda v: None), lambda: torch.ones(2).apply_(),
            lambda: torch.ones(2).map_(torch.ones(2)), lambda: torch.ones(2).map_(), lambda: torch.ones(2).map_(3, print)):
    try:
        print(bad())
    except Exception as e:
        print(type(e).__name__, e)
