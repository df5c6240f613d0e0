# reference: numpy 1.24 (Debian's, the numpy tensorplay embeds)
# Values PyTorch's argument parser does not take as they are, wherever a size, an index, a
# number or tensor data goes: ints past int64, Fraction, Decimal, bytes, objects with
# __index__ / __float__ / __array__ (also ones that raise or return the wrong type), numpy's
# unsigned 64-bit ints. Each gives PyTorch's result or PyTorch's exception.
import warnings
from decimal import Decimal
from fractions import Fraction

import numpy as np
import torch

warnings.simplefilter("always")


def show(label, f):
    try:
        r = f()
    except Exception as e:
        print(f"{label}: {type(e).__name__}: {str(e).splitlines()[0]}")
        return
    if isinstance(r, torch.Tensor):
        print(f"{label}: {r.dtype} {tuple(r.shape)}")
    else:
        print(f"{label}: {r!r}")


class Index:
    def __init__(self, v):
        self.v = v

    def __index__(self):
        return self.v


class RaisingIndex:
    def __index__(self):
        raise ValueError("bad index")


class FloatIndex:
    def __index__(self):
        return 1.5


class Floaty:
    def __float__(self):
        return 2.5


class ArrayLike:
    def __array__(self, dtype=None):
        return np.array([1., 2.])


t = torch.arange(12.).reshape(3, 4)
values = [("2**64", 2**64), ("-2**64", -2**64), ("2**63", 2**63), ("Fraction", Fraction(1, 2)),
          ("Decimal", Decimal("1.5")), ("bytes", b"ab"), ("Index(2)", Index(2)),
          ("RaisingIndex", RaisingIndex()), ("FloatIndex", FloatIndex()), ("Floaty", Floaty()),
          ("ArrayLike", ArrayLike()), ("np.uint64 max", np.uint64(2**64 - 1))]
for name, v in values:
    show(f"torch.zeros({name})", lambda: torch.zeros(v))
    show(f"torch.zeros(2, {name})", lambda: torch.zeros(2, v))
    show(f"x.reshape(-1, {name})", lambda: torch.arange(4.).reshape(-1, v))
    show(f"t[{name}]", lambda: t[v])
    show(f"t[:{name}]", lambda: t[:v])
    show(f"torch.Tensor({name})", lambda: torch.Tensor(v))
    show(f"t[0] = {name}", lambda: t.clone().__setitem__(0, v))
    show(f"t.topk({name})", lambda: t.topk(v))
for name, v in values[:3]:
    show(f"t * {name}", lambda: t * v)
    show(f"t.add({name})", lambda: t.add(v))
    show(f"torch.tensor({name})", lambda: torch.tensor(v))
    show(f"torch.tensor([1, {name}])", lambda: torch.tensor([1, v]))
    show(f"t.clamp(min={name})", lambda: t.clamp(min=v))
    show(f"t.to({name})", lambda: t.to(v))
for name, v in values[3:-1]:
    show(f"t * {name}", lambda: t * v)
    show(f"{name} * t", lambda: v * t)
    show(f"t.add({name})", lambda: t.add(v))
    show(f"torch.full((2,), {name})", lambda: torch.full((2,), v))
    show(f"torch.tensor({name})", lambda: torch.tensor(v))
    show(f"torch.tensor([1, {name}])", lambda: torch.tensor([1, v]))

# Index lists and keys mixing kinds.
show("t[[Index(0), np.int64(1)]]", lambda: t[[Index(0), np.int64(1)]])
show("t[[[0, 1], [1, 2]]]", lambda: t[[[0, 1], [1, 2]]])
show("t[(np.array([0, 1]),)]", lambda: t[(np.array([0, 1]),)])
show("t[np.array([0, 1]), ::2]", lambda: t[np.array([0, 1]), ::2])
show("t[::Index(2)]", lambda: t[::Index(2)])
show("t[2.0]", lambda: t[2.0])
show("t['a']", lambda: t["a"])
show("t[{}]", lambda: t[{}])
show("t[1:2:0]", lambda: t[1:2:0])
show("t[1.5:]", lambda: t[1.5:])
show("t[[]]", lambda: t[[]])
show("t[[True, False, True]]", lambda: t[[True, False, True]])
show("torch.zeros([2, Fraction(1, 2)])", lambda: torch.zeros([2, Fraction(1, 2)]))
show("torch.zeros((2, 2.5))", lambda: torch.zeros((2, 2.5)))
show("torch.zeros([2, 2**64])", lambda: torch.zeros([2, 2**64]))
show("torch.Tensor(2, 2**64)", lambda: torch.Tensor(2, 2**64))
show("t.view(2**64)", lambda: t.view(2**64))
show("torch.tensor(range(3))", lambda: torch.tensor(range(3)))
show("torch.tensor([ArrayLike()])", lambda: torch.tensor([ArrayLike()]))
show("torch.as_tensor(ArrayLike())", lambda: torch.as_tensor(ArrayLike()))


class Sub(torch.Tensor):
    pass


s = Sub(torch.ones(2))
show("type(Sub(torch.ones(2)))", lambda: type(s).__name__)
show("t[Sub index]", lambda: t[Sub(torch.tensor([0, 1]))])
show("torch.zeros(Sub size)", lambda: torch.zeros(Sub(torch.tensor([2]))))
