# torch.optim.lr_scheduler: the learning rates of every scheduler over many steps (exact
# floats: PyTorch's recursive forms), get_last_lr, state_dict, the step-order warnings, the
# epoch argument and the constructors' errors. Recorded from PyTorch 2.15 (CPU).
import warnings

import torch, torch.nn as nn, torch.optim as optim
from torch.optim import lr_scheduler as S

warnings.simplefilter('always')
# A warning as its category, text and the line of this script it names (PyTorch's own ones
# name a line of PyTorch).
warnings.showwarning = lambda msg, cat, filename, lineno, file=None, line=None: print(
    cat.__name__ + ':', msg, '(this script)' if filename.endswith('torch_036_lr_scheduler.py') else '(torch)')


def attempt(f):
    try:
        r = f(); print('ok', r)
    except Exception as e:
        print(type(e).__name__ + ':', e)


def opt(lr=0.1, groups=1, cls=optim.SGD, **kw):
    ps = [{'params': [nn.Parameter(torch.zeros(1))], 'lr': lr * (i + 1)} for i in range(groups)]
    return cls(ps, lr=lr, **kw)


def run(name, make, steps=12, **okw):
    o = opt(**okw)
    s = make(o)
    lrs = [s.get_last_lr()]
    for _ in range(steps):
        o.step()
        s.step()
        lrs.append(s.get_last_lr())
    print(name, lrs)
    return o, s


run('StepLR', lambda o: S.StepLR(o, step_size=3, gamma=0.5), groups=2)
run('MultiStepLR', lambda o: S.MultiStepLR(o, milestones=[2, 5, 5, 9], gamma=0.3))
run('ExponentialLR', lambda o: S.ExponentialLR(o, gamma=0.9))
run('CosineAnnealingLR', lambda o: S.CosineAnnealingLR(o, T_max=5, eta_min=0.001), steps=16)
run('LambdaLR', lambda o: S.LambdaLR(o, lambda e: 0.95 ** e), groups=2)
run('LambdaLR list', lambda o: S.LambdaLR(o, [lambda e: 1 / (e + 1), lambda e: e]), groups=2)
run('MultiplicativeLR', lambda o: S.MultiplicativeLR(o, lambda e: 0.9))
run('LinearLR', lambda o: S.LinearLR(o, start_factor=0.25, total_iters=4))
run('ConstantLR', lambda o: S.ConstantLR(o, factor=0.5, total_iters=3))
run('PolynomialLR', lambda o: S.PolynomialLR(o, total_iters=6, power=2.0))
run('CosineAnnealingWarmRestarts', lambda o: S.CosineAnnealingWarmRestarts(o, T_0=3, T_mult=2, eta_min=0.01))
run('CyclicLR', lambda o: S.CyclicLR(o, base_lr=0.01, max_lr=0.1, step_size_up=3), momentum=0.9)
run('OneCycleLR', lambda o: S.OneCycleLR(o, max_lr=1.0, total_steps=12), momentum=0.9)
o, s = run('OneCycleLR linear 3phase', lambda o: S.OneCycleLR(o, max_lr=0.5, epochs=3, steps_per_epoch=4,
                                                             anneal_strategy='linear', three_phase=True),
           cls=optim.Adam)
print(o.param_groups[0]['betas'], sorted(o.param_groups[0]))
attempt(lambda: (o.step(), s.step()))
run('SequentialLR', lambda o: S.SequentialLR(o, [S.ConstantLR(o, factor=0.1, total_iters=2),
                                                 S.ExponentialLR(o, gamma=0.9)], milestones=[3]))
run('ChainedScheduler', lambda o: S.ChainedScheduler([S.ConstantLR(o, factor=0.1, total_iters=2),
                                                      S.ExponentialLR(o, gamma=0.9)]))

# ReduceLROnPlateau on a loss that stalls.
o = opt(lr=1.0, groups=2)
s = S.ReduceLROnPlateau(o, patience=1, factor=0.5, cooldown=1, min_lr=[0.1, 0.3])
for loss in [5, 4, 4, 4, 4, 3, 3, 3, 3, 3, 3, 3]:
    s.step(loss)
    print(loss, s.get_last_lr(), s.num_bad_epochs, s.cooldown_counter, s.best)
s = S.ReduceLROnPlateau(opt(), mode='max', threshold_mode='abs', threshold=0.5, patience=0)
for m in [1.0, 1.2, 1.6, 1.7]:
    s.step(m)
print(s.get_last_lr(), s.state_dict())

# state_dict and load_state_dict.
o = opt()
s = S.StepLR(o, step_size=2)
o.step(); s.step(); o.step(); s.step()
print(s.state_dict())
print(o.param_groups[0]['initial_lr'], o.state_dict()['param_groups'])
s2 = S.StepLR(opt(), step_size=5)
s2.load_state_dict(s.state_dict())
print(s2.step_size, s2.last_epoch, s2.get_last_lr())
print(S.LambdaLR(opt(), lambda e: 1.0).state_dict())
print(S.CosineAnnealingLR(opt(), T_max=3).state_dict())
print(S.ReduceLROnPlateau(opt()).state_dict())

# The warnings: scheduler stepped before the optimizer, the epoch argument, get_lr outside step.
o = opt()
s = S.StepLR(o, step_size=1)
s.step()
s.step()
o.step()
s.step(5)
print(s.get_last_lr(), s.last_epoch)
print(s.get_lr())
o = opt()
s = S.ExponentialLR(o, gamma=0.5)
o.step = lambda: None
s.step()
o = opt()
s = S.StepLR(o, step_size=2, last_epoch=-1)
attempt(lambda: S.StepLR(opt(), step_size=2, last_epoch=3))
s = S.StepLR(o, step_size=2, last_epoch=3)
print(s.get_last_lr(), s.last_epoch)

# Constructor errors.
attempt(lambda: S.StepLR(None, 2))
attempt(lambda: S.LambdaLR(opt(groups=2), [lambda e: 1.0]))
attempt(lambda: S.MultiplicativeLR(opt(), 3))
attempt(lambda: S.LinearLR(opt(), start_factor=0))
attempt(lambda: S.LinearLR(opt(), end_factor=2))
attempt(lambda: S.ConstantLR(opt(), factor=1.5))
attempt(lambda: S.ReduceLROnPlateau(opt(), factor=1.0))
attempt(lambda: S.ReduceLROnPlateau(opt(), mode='avg'))
attempt(lambda: S.ReduceLROnPlateau(opt(), threshold_mode='x'))
attempt(lambda: S.ReduceLROnPlateau(opt(), min_lr=[0.1, 0.2]))
attempt(lambda: S.OneCycleLR(opt(), max_lr=1.0))
attempt(lambda: S.OneCycleLR(opt(), max_lr=1.0, total_steps=0))
attempt(lambda: S.OneCycleLR(opt(), max_lr=1.0, total_steps=10, pct_start=1.5))
attempt(lambda: S.OneCycleLR(opt(), max_lr=1.0, total_steps=10, anneal_strategy='exp'))
attempt(lambda: S.OneCycleLR(opt(cls=optim.Adagrad), max_lr=1.0, total_steps=10))
attempt(lambda: S.OneCycleLR(opt(), max_lr=[1.0, 2.0], total_steps=10))
attempt(lambda: S.CosineAnnealingWarmRestarts(opt(), T_0=0))
attempt(lambda: S.SequentialLR(opt(), [], milestones=[]))
o = opt()
attempt(lambda: S.SequentialLR(o, [S.StepLR(o, 2), S.StepLR(o, 3)], milestones=[1, 2]))
