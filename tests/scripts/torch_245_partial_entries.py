# What kept OpInfo entries partial: scatter's reduce= ('add' / 'multiply', tensor or number src,
# PyTorch's once-only deprecation warning, its refusal of other reductions), addr on bool tensors
# (logical, not arithmetic), as_strided over a view into a larger storage (its storage offset is
# the default), and ldexp by an integer exponent (raised in the result's dtype).
import warnings

import torch

warnings.simplefilter("always")


def attempt(label, fn):
    try:
        print(label, "->", fn())
    except Exception as e:
        print(label, "->", type(e).__name__ + ":", e)


index = torch.tensor([0, 0, 2])
print(torch.scatter(torch.zeros(3), 0, index, torch.tensor([1.0, 2, 3]), reduce="add"))
print(torch.scatter(torch.ones(3), 0, index, torch.tensor([1.0, 2, 3]), reduce="multiply"))
print(torch.scatter(torch.ones(3), 0, index, 2.0, reduce="multiply"), torch.scatter(torch.ones(3, dtype=torch.long), 0, index, 5, reduce="add"))
print(torch.zeros(2, 3).scatter_(1, torch.tensor([[0, 0], [2, 1]]), torch.ones(2, 2), reduce="add"))
print(torch.ones(2, 2).scatter(0, torch.tensor([[1, 0]]), torch.tensor([[3.0, 4.0]]), reduce="multiply"))
attempt("scatter max", lambda: torch.scatter(torch.zeros(3), 0, index, torch.ones(3), reduce="max"))
attempt("scatter max number", lambda: torch.scatter(torch.zeros(3), 0, index, 1.0, reduce="max"))

t, f = torch.tensor(True), torch.tensor(False)
v1, v2 = torch.tensor([True, False]), torch.tensor([True, True, False])
print(torch.addr(t, v1, v2), torch.addr(f, v1, v2), torch.addr(torch.zeros(2, 3, dtype=torch.bool), v1, v2, beta=False))
print(torch.addr(t, v1, v2, beta=False, alpha=False), torch.addr(f, v1, v2, alpha=False))
print(torch.addr(torch.tensor(2), torch.tensor([1, 2]), torch.tensor([3, 4])))

base = torch.arange(20.0)
view = base[5:15]
print(view.storage_offset(), torch.as_strided(view, (2, 2), (1, 2)), torch.as_strided(view, (2, 2), (1, 2), 0))
print(view.as_strided((3,), (3,)), view.as_strided((3,), (3,), 1))

m = torch.tensor([0.75, -0.5], dtype=torch.float64)
print(torch.ldexp(m, torch.tensor([997, -1070])), torch.ldexp(m, torch.tensor([997.0, -1070.0])))
print(torch.ldexp(torch.tensor([3]), torch.tensor([2])), torch.ldexp(torch.tensor([1.5], dtype=torch.float16), torch.tensor([3])))
