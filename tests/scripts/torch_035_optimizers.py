# torch.optim beyond SGD/Adam (torch_016): Adadelta, Adagrad, RMSprop, Adamax, NAdam, RAdam and
# LBFGS over several steps (values, state, state_dict), every optimizer's repr, param_groups
# edits, add_param_group, load_state_dict and the constructors' errors. Recorded from PyTorch 2.15.
import torch, torch.nn as nn, torch.optim as optim


def attempt(f):
    try:
        r = f(); print('ok', r)
    except Exception as e:
        print(type(e).__name__ + ':', e)


torch.manual_seed(0)
lin = nn.Linear(4, 3)
x = torch.randn(6, 4)
cases = [
    (optim.Adadelta, {}), (optim.Adadelta, dict(lr=0.5, rho=0.8, weight_decay=0.1, maximize=True)),
    (optim.Adagrad, {}), (optim.Adagrad, dict(lr=0.1, lr_decay=0.01, weight_decay=0.05, initial_accumulator_value=0.2)),
    (optim.RMSprop, {}), (optim.RMSprop, dict(lr=0.01, momentum=0.9)),
    (optim.RMSprop, dict(lr=0.02, alpha=0.3, centered=True, weight_decay=0.01)),
    (optim.RMSprop, dict(centered=True, momentum=0.5, maximize=True)),
    (optim.Adamax, {}), (optim.Adamax, dict(lr=0.01, betas=(0.5, 0.9), weight_decay=0.1)),
    (optim.NAdam, {}), (optim.NAdam, dict(lr=0.01, weight_decay=0.1, momentum_decay=0.01, maximize=True)),
    (optim.NAdam, dict(weight_decay=0.1, decoupled_weight_decay=True)),
    (optim.RAdam, {}), (optim.RAdam, dict(lr=0.01, betas=(0.5, 0.6), weight_decay=0.1)),
    (optim.RAdam, dict(weight_decay=0.1, decoupled_weight_decay=True, maximize=True)),
]
for cls, kw in cases:
    m = nn.Linear(4, 3); m.load_state_dict(lin.state_dict())
    o = cls(m.parameters(), **kw)
    for i in range(5):
        o.zero_grad()
        ((m(x) - 0.5) ** 2).sum().backward()
        o.step()
    # sqrt: PyTorch's (MKL's) is not correctly rounded (1 ulp off for some values): 5 digits.
    print(cls.__name__, kw, [[float(f'{v:.5g}') for v in row] for row in m.weight.detach().tolist()],
          [float(f'{v:.5g}') for v in m.bias.detach().tolist()])
    sd = o.state_dict()
    print(sd['param_groups'])
    print({k: {n: (v.shape, v.dtype) if v.dim() else v for n, v in s.items()} for k, s in sd['state'].items()})
    o2 = cls(m.parameters(), **kw)
    o2.load_state_dict(sd)
    print(list(o2.state_dict()['state'][1]), o2.param_groups[0]['params'][1] is m.bias)

# Reprs (the multi-line "Parameter Group" form) of every optimizer, and a second group.
p = [nn.Parameter(torch.ones(2))]
for cls in [optim.SGD, optim.Adam, optim.AdamW, optim.Adadelta, optim.Adagrad, optim.RMSprop, optim.Adamax,
            optim.NAdam, optim.RAdam, optim.LBFGS]:
    print(cls(p, lr=0.5))
o = optim.RMSprop([{'params': [lin.weight]}, {'params': [lin.bias], 'lr': 0.1, 'momentum': 0.5}], lr=0.01)
print(o)
print(o.state_dict())
for g in o.param_groups:
    g['lr'] *= 0.5
print([g['lr'] for g in o.param_groups])
a, b = nn.Parameter(torch.zeros(3)), nn.Parameter(torch.zeros(2))
o = optim.Adagrad([a], lr=0.1)
o.add_param_group({'params': b, 'lr': 0.2})
print(o.state_dict())
print(o)

# LBFGS on a double-precision least-squares problem, with and without the line search.
torch.manual_seed(0)
A = torch.randn(5, 3, dtype=torch.double)
y = torch.randn(5, dtype=torch.double)
for kw in [dict(lr=0.8), dict(lr=1, line_search_fn='strong_wolfe'), dict(lr=0.5, max_iter=4, history_size=2)]:
    w = torch.zeros(3, dtype=torch.double, requires_grad=True)
    o = optim.LBFGS([w], **kw)
    losses = []
    def closure():
        o.zero_grad()
        loss = ((A @ w - y) ** 2).sum()
        losses.append(round(loss.item(), 8))
        loss.backward()
        return loss
    for i in range(3):
        r = o.step(closure)
        print('step', i, round(r.item(), 8))
    print(len(losses), losses[:6], [round(v, 6) for v in w.tolist()])
    st = o.state[w]
    print(sorted(st), st['func_evals'], st['n_iter'], len(st['old_dirs']))
attempt(lambda: optim.LBFGS([w], lr=1, line_search_fn='armijo').step(closure))
attempt(lambda: optim.LBFGS([{'params': [w]}, {'params': [a]}]))

# Constructor errors.
params = list(lin.parameters())
attempt(lambda: optim.Adadelta(params, lr=-1))
attempt(lambda: optim.Adadelta(params, rho=1.5))
attempt(lambda: optim.Adadelta(params, eps=-1e-3))
attempt(lambda: optim.Adadelta(params, weight_decay=-1))
attempt(lambda: optim.Adagrad(params, lr=-0.1))
attempt(lambda: optim.Adagrad(params, lr_decay=-1))
attempt(lambda: optim.Adagrad(params, weight_decay=-1))
attempt(lambda: optim.Adagrad(params, initial_accumulator_value=-1))
attempt(lambda: optim.Adagrad(params, eps=-1))
attempt(lambda: optim.RMSprop(params, lr=-1))
attempt(lambda: optim.RMSprop(params, eps=-1))
attempt(lambda: optim.RMSprop(params, momentum=-1))
attempt(lambda: optim.RMSprop(params, weight_decay=-1))
attempt(lambda: optim.RMSprop(params, alpha=-1))
attempt(lambda: optim.Adamax(params, lr=-1))
attempt(lambda: optim.Adamax(params, betas=(0.9, 1.0)))
attempt(lambda: optim.NAdam(params, lr=-1))
attempt(lambda: optim.NAdam(params, momentum_decay=-1))
attempt(lambda: optim.NAdam(params, betas=(-0.1, 0.9)))
attempt(lambda: optim.RAdam(params, eps=-1))
attempt(lambda: optim.RAdam(params, weight_decay=-1))
attempt(lambda: optim.LBFGS(params, lr=-1))
attempt(lambda: optim.RMSprop([], lr=0.1))
attempt(lambda: optim.Adadelta(lin.weight))
