# torch.multinomial / Tensor.multinomial after manual_seed: without replacement (the
# exponential race and topk), with replacement (cumulative sums and a binary search), one
# sample, 2-D rows, other dtypes, generators, and the error texts.
import torch


def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


w = torch.tensor([0.1, 0.2, 0.3, 0.4])
for seed in (0, 1, 42, 1234):
    torch.manual_seed(seed)
    print(seed, torch.multinomial(w, 2), torch.multinomial(w, 4), torch.multinomial(w, 1))
    print(torch.multinomial(w, 6, replacement=True), torch.multinomial(w, 1, True))
    print(w.multinomial(3, replacement=True), torch.rand(2))

torch.manual_seed(0)
probs = torch.softmax(torch.randn(3, 10), dim=-1)
print(torch.multinomial(probs, 4))
print(torch.multinomial(probs, 5, replacement=True))
print(torch.multinomial(probs, 1))
print(torch.multinomial(probs, 1, replacement=True).shape)
print(torch.multinomial(probs.t().contiguous().t(), 3))

# Zero weights: never drawn while others remain, then in topk's order.
weights = torch.tensor([0, 10, 3, 0], dtype=torch.float)
torch.manual_seed(0)
print(torch.multinomial(weights, 2), torch.multinomial(weights, 4))
print(torch.multinomial(torch.tensor([0, 10, 3, 0, 0, 0, 0.0]), 7))
print(torch.multinomial(weights, 4, replacement=True))

# Long rows: topk takes partial_sort when 64 * k <= n.
torch.manual_seed(3)
long_row = torch.rand(2, 300)
long_row[:, 100:] = 0
print(torch.multinomial(long_row, 4))
print(torch.multinomial(long_row, 150)[:, -5:])
print(torch.multinomial(long_row, 8, replacement=True))

# Other dtypes.
for dtype in (torch.float64, torch.float16, torch.bfloat16):
    torch.manual_seed(7)
    p = torch.tensor([[1.0, 2.0, 3.0, 4.0, 0.5], [5.0, 0.0, 1.0, 1.0, 2.0]], dtype=dtype)
    print(dtype, torch.multinomial(p, 3).tolist(), torch.multinomial(p, 6, True).tolist(),
          torch.multinomial(p, 1).tolist())

# A character-level sampling loop, as a char-RNN does it.
torch.manual_seed(0)
logits = torch.randn(27)
text = []
for _ in range(20):
    ix = torch.multinomial(torch.softmax(logits, 0), num_samples=1, replacement=True).item()
    text.append(ix)
    logits[ix] -= 2.0
print(text)

# A generator of its own leaves the default one alone.
g = torch.Generator().manual_seed(2147483647)
print(torch.multinomial(w, 10, replacement=True, generator=g), torch.multinomial(w, 3, generator=g))
print(torch.multinomial(torch.ones(0, 3), 2), torch.multinomial(w, 2).dtype)

show(lambda: torch.multinomial(weights, 5))
for bad in (torch.tensor([1.0, -1.0]), torch.tensor([1.0, float("inf")]), torch.tensor([1.0, float("nan")]),
            torch.zeros(3), torch.zeros(2, 3), torch.ones(2, 2, 2), torch.tensor(1.0), torch.tensor([1, 2])):
    for replacement in (False, True):
        for n in (1, 2):
            show(lambda: torch.multinomial(bad, n, replacement))
show(lambda: torch.multinomial(torch.ones(3), 0))
show(lambda: torch.multinomial(torch.ones(3), -1, True))
show(lambda: torch.multinomial(torch.ones(3), 2.0))
show(lambda: torch.multinomial(torch.ones(3, 0), 2))
show(lambda: torch.multinomial(torch.ones(0), 2, True))
show(lambda: torch.multinomial(torch.ones(2, 0), 2, True))
show(lambda: torch.multinomial(torch.ones(2, 0), 1, True))
show(lambda: torch.multinomial(torch.ones(0, 0), 1, True))
show(lambda: torch.multinomial(torch.tensor([[1.0, 0.0], [0.0, 0.0]]), 1))
show(lambda: torch.multinomial(torch.ones(3), 2, generator=5))
