# Python as learners' scripts use it around torch: __future__ imports, dataclasses, a
# generator that yields batches, itertools, random beside torch's generator, sys, f-strings.
from __future__ import annotations

import itertools
import random
import sys
from dataclasses import dataclass

import torch


@dataclass
class Config:
    batch_size: int = 3
    lr: float = 0.1
    device: str = "cpu"


def batches(x: torch.Tensor, size: int):
    for start in range(0, len(x), size):
        yield x[start:start + size]


cfg = Config()
print(cfg)
random.seed(0)
torch.manual_seed(0)
data = torch.randn(7, 2)
for i, b in enumerate(batches(data, cfg.batch_size)):
    print(i, tuple(b.shape), f"{b.sum().item():.4f}")
print(list(itertools.islice(batches(data, 2), 2))[1])
print(random.random(), torch.rand(1).item())
print(sys.argv[0].endswith("torch_015_learner_python.py"), __name__)
loss = torch.tensor(0.123456)
print(f"loss {loss.item():.3f} {loss}", "{:.2f}".format(loss.item()))
print(sorted([torch.tensor(3), torch.tensor(1), torch.tensor(2)]))
print(max(torch.tensor([1.0, 5.0, 2.0])), sum(torch.ones(3)), list(torch.arange(3)))
print({int(t): str(t) for t in torch.arange(2)})
