# The training API beyond torch_008/012/014: every optimizer option, state_dict round trips,
# param groups (named, added, rejected), zero_grad modes, closures; DataLoader collate of
# dicts / numbers / lists, batch_size=None, batch_sampler, samplers, random_split fractions,
# ConcatDataset, Subset and the constructor errors. Recorded from PyTorch 2.15 (CPU).
import warnings

import torch, torch.nn as nn, torch.optim as optim
from torch.utils.data import (
    BatchSampler, ConcatDataset, DataLoader, Dataset, RandomSampler, SequentialSampler, Subset,
    SubsetRandomSampler, TensorDataset, default_collate, random_split,
)
def attempt(f):
    try:
        r = f(); print('ok', r)
    except Exception as e:
        print(type(e).__name__ + ':', e)
torch.manual_seed(1)
lin = nn.Linear(3, 2)
x = torch.randn(5, 3)
for cls, kw in [(optim.SGD, dict(lr=0.1)), (optim.SGD, dict(lr=0.1, momentum=0.9, nesterov=True, weight_decay=0.01)),
                (optim.SGD, dict(lr=0.05, momentum=0.5, dampening=0.1, maximize=True)),
                (optim.Adam, dict(lr=0.01)), (optim.Adam, dict(lr=0.01, amsgrad=True, weight_decay=0.1)),
                (optim.Adam, dict(maximize=True, betas=(0.8, 0.9))), (optim.AdamW, dict(lr=0.02, amsgrad=True)), (optim.AdamW, {})]:
    m = nn.Linear(3, 2); m.load_state_dict(lin.state_dict())
    o = cls(m.parameters(), **kw)
    for i in range(4):
        o.zero_grad()
        (m(x) ** 2).sum().backward()
        o.step()
    digits = 17 if cls is optim.SGD else 5  # Adam's sqrt: PyTorch's MKL one is not correctly rounded
    print(cls.__name__, [[round(v, digits) for v in row] for row in m.weight.detach().tolist()],
          [round(v, digits) for v in m.bias.detach().tolist()])
    sd = o.state_dict()
    print(sd['param_groups'], {k: sorted(v) for k, v in sd['state'].items()})
    o2 = cls(m.parameters(), **kw); o2.load_state_dict(sd)
    print(o2.state_dict()['state'].keys(), o2.param_groups[0]['params'][0] is m.weight)
o = optim.SGD([{'params': [lin.weight]}, {'params': lin.bias, 'lr': 0.5}], lr=0.1, momentum=0.9)
print(o)
print(o.state_dict())
attempt(lambda: o.add_param_group({'params': lin.bias}))
attempt(lambda: o.add_param_group([lin.bias]))
attempt(lambda: optim.SGD([], lr=0.1))
attempt(lambda: optim.SGD(lin.parameters(), lr=-1))
attempt(lambda: optim.SGD(lin.parameters(), momentum=-1))
attempt(lambda: optim.SGD(lin.parameters(), nesterov=True))
attempt(lambda: optim.Adam(lin.parameters(), betas=(1.0, 0.9)))
attempt(lambda: optim.Adam(lin.parameters(), eps=-1))
attempt(lambda: optim.Adam(lin.parameters(), weight_decay=-0.5))
attempt(lambda: optim.SGD([lin.weight * 2]))
attempt(lambda: optim.SGD([1.0]))
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    optim.SGD({lin.weight})
print([(w.category.__name__, str(w.message)) for w in caught])
attempt(lambda: optim.SGD(lin.weight))
on = optim.SGD(lin.named_parameters(), lr=0.1)
print(on.param_groups[0]['param_names'], on.state_dict()['param_groups'])
lin.weight.grad = torch.ones(2, 3)
optim.SGD(lin.parameters()).zero_grad(set_to_none=False); print(lin.weight.grad)
optim.SGD(lin.parameters()).zero_grad(); print(lin.weight.grad)
print(optim.SGD(lin.parameters(), lr=0.1).step(lambda: 3))
# data
torch.manual_seed(3)
ds = TensorDataset(torch.arange(10.0), torch.arange(10))
print([b for b in DataLoader(ds, batch_size=3, shuffle=True)])
print([b for b in DataLoader(ds, batch_size=3, shuffle=True, drop_last=True)], len(DataLoader(ds, batch_size=3, drop_last=True)))
print(list(DataLoader([{'a': 1, 'b': 2.5, 'c': 'x'}, {'a': 3, 'b': 4.5, 'c': 'y'}], batch_size=2)))
print(list(DataLoader([1, 2, 3], batch_size=None)))
print(list(DataLoader(ds, batch_sampler=[[0, 1], [5]])))
print(list(DataLoader([[1, 2], [3, 4]], batch_size=2)))
attempt(lambda: list(DataLoader([[1, 2], [3]], batch_size=2)))
attempt(lambda: list(DataLoader([object()], batch_size=2)))
attempt(lambda: DataLoader(ds, batch_size=0))
attempt(lambda: DataLoader(ds, batch_sampler=[[0]], batch_size=2))
attempt(lambda: DataLoader(ds, batch_size=None, drop_last=True))
attempt(lambda: DataLoader(ds, num_workers=-1))
dl = DataLoader(ds, batch_size=4)
attempt(lambda: setattr(dl, 'batch_size', 3))
print(dl.batch_size, dl.drop_last, type(dl.sampler).__name__, type(dl.batch_sampler).__name__, dl.num_workers, dl.collate_fn is default_collate)
print(list(RandomSampler(range(5), num_samples=12)), list(RandomSampler(range(5), replacement=True, num_samples=40)))
print(list(SubsetRandomSampler([10, 20, 30, 40])), list(BatchSampler(SequentialSampler(range(7)), 3, False)), len(BatchSampler(range(7), 3, True)))
attempt(lambda: RandomSampler(range(3), replacement=1))
attempt(lambda: RandomSampler(range(3), num_samples=0))
attempt(lambda: BatchSampler(range(3), 0, False))
attempt(lambda: BatchSampler(range(3), 2, 1))
a, b, c = random_split(range(10), [0.5, 0.3, 0.2]); print(list(a), list(b), list(c))
attempt(lambda: random_split(range(10), [3, 3]))
attempt(lambda: random_split(range(10), [0.5, 1.5]))
cd = ConcatDataset([range(3), range(10, 12)]); print(len(cd), cd[3], cd[-1], list(ds + ds)[:1], len(ds + ds))
s = Subset(range(10), [5, 6, 7]); print(s[0], len(s))
attempt(lambda: Dataset()[0])
attempt(lambda: TensorDataset(torch.ones(2), torch.ones(3)))
print(next(iter(DataLoader(ds, batch_size=2, pin_memory=False))))
print(torch.rand(1))
