# reference: numpy 1.24 (Debian's, the numpy tensorplay embeds)
# numpy arrays and scalars where PyTorch takes a tensor, an index, a size or a number: the
# legacy constructor, indexing and assignment, sizes, numbers, and what each refuses.
import warnings

import numpy as np
import torch

warnings.simplefilter("always")


def show(label, f):
    try:
        r = f()
    except Exception as e:
        print(f"{label}: {type(e).__name__}: {e}")
        return
    if isinstance(r, torch.Tensor):
        print(f"{label}: {r.dtype} {tuple(r.shape)}\n{r}")
    else:
        print(f"{label}: {r!r}")


t = torch.arange(12.).reshape(3, 4)
a = np.array([[1., 2.], [3., 4.]])
# The legacy constructor: numpy data becomes float32; a 0-dim integer array or a numpy int is a size.
show("torch.Tensor(float64 array)", lambda: torch.Tensor(a))
show("torch.Tensor(int64 array)", lambda: torch.Tensor(np.array([1, 2])))
show("torch.Tensor(float32 array)", lambda: torch.Tensor(np.array([1.5, 2], dtype=np.float32)))
show("torch.Tensor(np.int64(3)).shape", lambda: torch.Tensor(np.int64(3)).shape)
show("torch.Tensor(np.array(2)).shape", lambda: torch.Tensor(np.array(2)).shape)
show("torch.Tensor(2.5)", lambda: torch.Tensor(2.5))
show("torch.Tensor(range(3))", lambda: torch.Tensor(range(3)))
show("torch.Tensor(uint16 array)", lambda: torch.Tensor(np.array([1, 2], dtype=np.uint16)))
show("torch.tensor(int8 array, dtype=torch.float64)", lambda: torch.tensor(np.array([1, 2], dtype=np.int8), dtype=torch.float64))
show("torch.FloatTensor(array)", lambda: torch.FloatTensor(np.array([1, 2])))
show("torch.LongTensor(array)", lambda: torch.LongTensor(np.array([1.5, 2])))

# Indexing with numpy: arrays are tensor indices (int64 unless a mask), numpy ints are ints.
show("t[np.array([0, 2])]", lambda: t[np.array([0, 2])])
show("t[np.array([True, False, True])]", lambda: t[np.array([True, False, True])])
show("t[:, np.array([1, 3])]", lambda: t[:, np.array([1, 3])])
show("t[np.array([0, 1]), np.array([1, 2])]", lambda: t[np.array([0, 1]), np.array([1, 2])])
show("t[np.array([[0, 1], [1, 2]])]", lambda: t[np.array([[0, 1], [1, 2]])])
show("t[np.array([0., 1.])]", lambda: t[np.array([0., 1.])])
show("t[np.array([0, 2], dtype=np.int32)]", lambda: t[np.array([0, 2], dtype=np.int32)])
show("t[np.array([0, 2], dtype=np.int16)]", lambda: t[np.array([0, 2], dtype=np.int16)])
show("t[np.array([0, 2], dtype=np.uint64)]", lambda: t[np.array([0, 2], dtype=np.uint64)])
show("t[np.array([1, 0, 1], dtype=np.uint8)]", lambda: t[np.array([1, 0, 1], dtype=np.uint8)])
show("t[np.array(1)]", lambda: t[np.array(1)])
show("t[np.int64(1)]", lambda: t[np.int64(1)])
show("t[np.int64(0):np.int32(2)]", lambda: t[np.int64(0):np.int32(2)])
show("t[..., np.array([0, 1])]", lambda: t[..., np.array([0, 1])])
show("t[None, np.array([0, 1])]", lambda: t[None, np.array([0, 1])])
show("t[np.array([0, 1, 2])[::-1]]", lambda: t[np.array([0, 1, 2])[::-1]])
show("t[np.array([10])]", lambda: t[np.array([10])])
show("t[np.array([], dtype=np.int64)]", lambda: t[np.array([], dtype=np.int64)])
show("t[np.zeros(0, dtype=bool)]", lambda: t[np.zeros(0, dtype=bool)])
show("t[[0, np.array(1)]]", lambda: t[[0, np.array(1)]])


def assign(key, value):
    u = t.clone()
    u[key] = value
    return u


show("u[np.array([0, 1])] = 5", lambda: assign(np.array([0, 1]), 5))
show("u[np.array([True, False, True])] = 1", lambda: assign(np.array([True, False, True]), 1))
show("u[:, np.array([1, 3])] = 0", lambda: assign((slice(None), np.array([1, 3])), 0))
show("u[np.array([0, 1])] = torch.ones(4)", lambda: assign(np.array([0, 1]), torch.ones(4)))
show("u[0] = np.int64(2)", lambda: assign(0, np.int64(2)))
show("u[0] = np.float64(2.5)", lambda: assign(0, np.float64(2.5)))
show("u[0] = np.float32(2.5)", lambda: assign(0, np.float32(2.5)))
show("u[0] = np.array([1., 2., 3., 4.])", lambda: assign(0, np.array([1., 2., 3., 4.])))

# Sizes: numpy ints (and 0-dim integer arrays) are ints; an array is not a list of ints.
show("t.reshape(np.array([4, 3]))", lambda: t.reshape(np.array([4, 3])))
show("t.reshape(np.int64(4), np.int32(3))", lambda: t.reshape(np.int64(4), np.int32(3)))
show("t.reshape((np.int64(4), 3))", lambda: t.reshape((np.int64(4), 3)))
show("t.reshape(np.array(12))", lambda: t.reshape(np.array(12)))
show("torch.zeros(np.array([2, 3]))", lambda: torch.zeros(np.array([2, 3])))
show("torch.zeros(np.int64(2), 3)", lambda: torch.zeros(np.int64(2), 3))
show("torch.zeros(2, np.array(2))", lambda: torch.zeros(2, np.array(2)))
show("torch.zeros(2, np.float32(2))", lambda: torch.zeros(2, np.float32(2)))
show("torch.zeros(torch.tensor(2), 3)", lambda: torch.zeros(torch.tensor(2), 3))
show("torch.zeros([2, torch.tensor(3.)])", lambda: torch.zeros([2, torch.tensor(3.)]))
show("torch.zeros(2.0, 3)", lambda: torch.zeros(2.0, 3))
show("torch.randn(np.int64(2)).shape", lambda: torch.randn(np.int64(2)).shape)
show("t.transpose(np.int64(0), np.int32(1))", lambda: t.transpose(np.int64(0), np.int32(1)))
show("t.sum(dim=np.int64(0))", lambda: t.sum(dim=np.int64(0)))
show("t.topk(np.int64(2)).values", lambda: t.topk(np.int64(2)).values)
show("t.narrow(0, np.int64(1), torch.tensor(2))", lambda: t.narrow(0, np.int64(1), torch.tensor(2)))

# Numbers: numpy scalars are numbers.
show("t * np.float64(2)", lambda: t * np.float64(2))
show("np.float32(2) * t", lambda: np.float32(2) * t)
show("np.int64(2) * t", lambda: np.int64(2) * t)
show("np.float32(2) + t", lambda: np.float32(2) + t)
show("t.clamp(np.float32(1), np.float64(3))", lambda: t.clamp(np.float32(1), np.float64(3)))
show("t.add(t, alpha=np.float64(2))", lambda: t.add(t, alpha=np.float64(2)))
show("torch.full((2,), np.float32(1.5))", lambda: torch.full((2,), np.float32(1.5)))
show("torch.full((2,), np.int64(3))", lambda: torch.full((2,), np.int64(3)))
show("torch.arange(np.int64(3))", lambda: torch.arange(np.int64(3)))

# torch.tensor: numpy scalars and arrays bring their dtypes; other objects are refused.
show("torch.tensor(np.float32(1.5))", lambda: torch.tensor(np.float32(1.5)))
show("torch.tensor(np.bool_(True))", lambda: torch.tensor(np.bool_(True)))
show("torch.tensor(np.array(3.5))", lambda: torch.tensor(np.array(3.5)))
show("torch.tensor([np.float32(1), np.int64(2)])", lambda: torch.tensor([np.float32(1), np.int64(2)]))
show("torch.tensor([1, np.float16(1.5)])", lambda: torch.tensor([1, np.float16(1.5)]))
show("torch.tensor([np.uint8(3)])", lambda: torch.tensor([np.uint8(3)]))
show("torch.tensor([np.array([1, 2]), np.array([3, 4])])", lambda: torch.tensor([np.array([1, 2]), np.array([3, 4])]))
show("torch.tensor([[1, 2], np.array([3, 4])])", lambda: torch.tensor([[1, 2], np.array([3, 4])]))
show("torch.tensor(np.arange(4)[::-1])", lambda: torch.tensor(np.arange(4)[::-1]))
show("torch.tensor(broadcast array)", lambda: torch.tensor(np.broadcast_to(np.arange(3), (2, 3))))
show("torch.from_numpy(broadcast array)", lambda: torch.from_numpy(np.broadcast_to(np.arange(3), (2, 3))))
show("torch.tensor(big-endian array)", lambda: torch.tensor(np.array([1, 2], dtype=">i4")))
show("torch.as_tensor(float32 array)", lambda: torch.as_tensor(np.ones(2, np.float32)))
show("torch.from_numpy(np.float64(1))", lambda: torch.from_numpy(np.float64(1)))
show("torch.from_numpy(np.array(2.5))", lambda: torch.from_numpy(np.array(2.5)))

# Where PyTorch wants a tensor, an array is refused.
show("torch.exp(np.ones(2))", lambda: torch.exp(np.ones(2)))
show("torch.add(torch.ones(2), np.ones(2))", lambda: torch.add(torch.ones(2), np.ones(2)))
show("torch.cat([np.ones(2)])", lambda: torch.cat([np.ones(2)]))
show("torch.equal(t, np.ones(2))", lambda: torch.equal(t, np.ones(2)))
