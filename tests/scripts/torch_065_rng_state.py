# torch.get_rng_state / set_rng_state and Generator.get_state / set_state: PyTorch's
# 5056-byte layout of the CPU generator (seed, position, mt19937 words, cached normal samples)
# and a saved state replaying the same stream; the error texts for bad states.
import torch


def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


def digest(state):
    # A cheap fingerprint of all 5056 bytes.
    return (state.long() * torch.arange(1, state.numel() + 1)).sum().item()


torch.manual_seed(0)
state = torch.get_rng_state()
print(state.shape, state.dtype, state.device, state[:16].tolist(), state[16:40].tolist())
print(digest(state), state[-48:].tolist())
a = torch.rand(3)
b = torch.randn(5)
torch.set_rng_state(state)
print(torch.equal(a, torch.rand(3)), torch.equal(b, torch.randn(5)))

# The position moves with each draw; twisting happens on the first draw after seeding.
torch.manual_seed(123)
torch.rand(1)
s1 = torch.get_rng_state()
print(s1[8:24].tolist(), digest(s1))
torch.randint(0, 10, (700,))
s2 = torch.get_rng_state()
print(s2[8:24].tolist(), digest(s2))

# A small randn keeps the second Box-Muller sample: the state carries it.
torch.manual_seed(1)
torch.randn(3)
cached = torch.get_rng_state()
print(cached[5016:5056].tolist())
after = torch.randn(3)
torch.manual_seed(99)
torch.set_rng_state(cached)
print(torch.equal(after, torch.randn(3)), torch.initial_seed())

# A big seed keeps all 64 bits in the state.
torch.manual_seed(2**40 + 17)
print(torch.get_rng_state()[:8].tolist(), torch.initial_seed())

# Generators of their own.
g = torch.Generator().manual_seed(42)
print(torch.equal(g.get_state(), torch.manual_seed(42).get_state()))
saved = g.get_state()
x = torch.randn(4, generator=g)
print(g.set_state(saved) is g, torch.equal(x, torch.randn(4, generator=g)))
h = torch.Generator()
h.set_state(saved)
print(h.initial_seed(), torch.equal(x, torch.randn(4, generator=h)))
print(torch.multinomial(torch.ones(5), 3, generator=h), torch.bernoulli(torch.full((3,), 0.5), generator=h))
print(torch.random.get_rng_state().shape, torch.random.manual_seed(0).initial_seed())
print(torch.set_rng_state(torch.get_rng_state()))

show(lambda: torch.set_rng_state(torch.zeros(10, dtype=torch.uint8)))
show(lambda: torch.set_rng_state(torch.zeros(5056)))
show(lambda: torch.set_rng_state(torch.zeros(5056, dtype=torch.uint8)))
show(lambda: torch.set_rng_state([1, 2]))
show(lambda: g.set_state(torch.zeros(10, dtype=torch.uint8)))
show(lambda: g.set_state(torch.get_rng_state().view(2, 2528)[:, :100]))
bad = torch.get_rng_state()
bad[8] = 0  # left = 0
show(lambda: torch.set_rng_state(bad))
