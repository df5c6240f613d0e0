"""The draws the data utilities make, as PyTorch makes them: a 64-bit seed as
torch.empty((), dtype=torch.int64).random_(generator=g).item(), torch.randperm(n,
generator=g).tolist() and torch.randint(high, size, generator=g).tolist(). Without a generator the C++ core draws from the default one directly."""
import torch


def draw_seed(generator=None):
    return torch._C._draw_seed(generator)


def randperm(n, generator=None, seed=None, count=1):
    """randperm(n) `count` times over, as one list, from `generator`, or from one fresh
    generator seeded with `seed`, or from the default generator."""
    if generator is None:
        return torch._C._randperm_list(n, seed, count)
    return [i for _ in range(count) for i in torch.randperm(n, generator=generator).tolist()]


def randint(high, count, generator=None, seed=None):
    """count integers in [0, high), drawn as RandomSampler(replacement=True) draws them: 32 at a
    time from `generator`, or from a fresh generator seeded with `seed`."""
    if generator is None:
        return torch._C._randint_list(high, count, seed)
    draws = []
    for start in range(0, count, 32):
        size = min(32, count - start)
        draws += torch.randint(high=high, size=(size,), dtype=torch.int64, generator=generator).tolist()
    return draws
