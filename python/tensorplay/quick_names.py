"""The names every tensorplay session starts with, so that `x = ones(2, 3); y = x.to(cuda)`
works before any import. They live in builtins: a learner's own names shadow them."""
import builtins

import torch


def names():
    """The quick names and what they stand for."""
    return {
        "torch": torch,
        "nn": torch.nn,
        "F": torch.nn.functional,
        "optim": torch.optim,
        "ones": torch.ones,
        "zeros": torch.zeros,
        "randn": torch.randn,
        "rand": torch.rand,
        "arange": torch.arange,
        "tensor": torch.tensor,
        "device": torch.device,
        "cpu": torch.device("cpu"),
        "cuda": torch.device("cuda"),
    }


def install():
    for name, value in names().items():
        setattr(builtins, name, value)
