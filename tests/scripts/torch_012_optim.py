# Optimizers as PyTorch computes them on the CPU (three steps of each on a fixed problem),
# their reprs, param groups, state and constructor errors.
import torch
import torch.nn as nn
import torch.optim as optim

torch.set_printoptions(precision=8)

def run(make, steps=3):
    torch.manual_seed(0)
    model = nn.Linear(3, 2)
    opt = make(model.parameters())
    x = torch.randn(5, 3)
    y = torch.randn(5, 2)
    for _ in range(steps):
        opt.zero_grad()
        loss = ((model(x) - y) ** 2).mean()
        loss.backward()
        opt.step()
    print(type(opt).__name__, loss.item())
    print(model.weight)
    print(model.bias)
    return opt

run(lambda p: optim.SGD(p, lr=0.1))
run(lambda p: optim.SGD(p, lr=0.1, momentum=0.9))
run(lambda p: optim.SGD(p, lr=0.1, momentum=0.9, nesterov=True, weight_decay=0.01))
run(lambda p: optim.SGD(p, lr=0.1, momentum=0.5, dampening=0.1))
# Adam divides by a square root, and PyTorch's float32 sqrt on the CPU is MKL's (VML), off by
# an ulp from the correctly rounded one for about one value in six: six digits leave it out.
torch.set_printoptions(precision=6)
opt = run(lambda p: optim.Adam(p, lr=0.01))
run(lambda p: optim.Adam(p, lr=0.01, weight_decay=0.1, amsgrad=True))
run(lambda p: optim.AdamW(p, lr=0.01))
run(lambda p: optim.AdamW(p, lr=0.01, betas=(0.8, 0.9), eps=1e-6, weight_decay=0.5))

print(opt)
print(optim.SGD([torch.zeros(1, requires_grad=True)], lr=0.1, momentum=0.9))
print(optim.AdamW([torch.zeros(1, requires_grad=True)]))
print(len(opt.param_groups), opt.param_groups[0]["lr"], sorted(opt.param_groups[0].keys()))
state = opt.state[opt.param_groups[0]["params"][0]]
print(sorted(state.keys()), state["step"])
print(sorted(opt.state_dict().keys()), opt.state_dict()["param_groups"][0]["params"])

p = torch.zeros(2, requires_grad=True)
opt = optim.SGD([p], lr=0.1)
opt.zero_grad()
print(p.grad)
p.grad = torch.ones(2)
opt.zero_grad(set_to_none=False)
print(p.grad)
opt.add_param_group({"params": [torch.ones(1, requires_grad=True)], "lr": 0.5})
print(len(opt.param_groups), opt.param_groups[1]["lr"], opt.param_groups[1]["momentum"])

for bad in [lambda: optim.SGD([p], lr=-1),
            lambda: optim.SGD([p], lr=0.1, momentum=-0.5),
            lambda: optim.Adam([p], lr=0.1, betas=(1.5, 0.9)),
            lambda: optim.Adam([p], eps=-1),
            lambda: optim.SGD([], lr=0.1),
            lambda: opt.add_param_group({"params": [p]})]:
    try:
        bad()
    except (ValueError, TypeError) as e:
        print(type(e).__name__ + ":", e)
