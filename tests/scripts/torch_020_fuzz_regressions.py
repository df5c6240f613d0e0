# Calls the fuzzer (tests/fuzz) found ending tensorplay or failing an internal check, as
# PyTorch answers them.
import numpy as np
import torch

# The smallest integer divided by -1: floor division wraps, remainder is 0 (this crashed).
for dtype in (torch.int64, torch.int32, torch.uint8):
    x = torch.tensor([torch.iinfo(dtype).min, 7, -7 if dtype != torch.uint8 else 3], dtype=dtype)
    print(x // -1, x % -1, torch.remainder(x, -1), x.div(-1, rounding_mode="floor"))
print(torch.tensor([2**62]) * 4, torch.tensor([2**63 - 1]) + 1, torch.tensor([3]) ** 64)

# backward() fits the given gradient to the output's dtype (this failed an internal check).
x = torch.tensor(2.0, requires_grad=True)
x.backward(torch.tensor(1.0, dtype=torch.bfloat16))
print(x.grad)
y = torch.ones(2, requires_grad=True)
(y * 3).backward(torch.ones(2, dtype=torch.float64))
print(y.grad)

# arange's length at the ends of int64 (its arithmetic overflowed).
for args in [(2**63 - 1,), (0, 2**63 - 1, 2**62), (-2**63, 2**63 - 1), (0, 10, 2**63 - 1), (2**63 - 1, -2**63, -1)]:
    try:
        print(torch.arange(*args))
    except RuntimeError as e:
        print("RuntimeError:", e)

# Indexing, split and chunk at the ends of int64, negation of the smallest int64.
def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__ + ":", e)


show(lambda: torch.zeros(3)[-2**63])
show(lambda: torch.zeros(3)[2**63 - 1])
show(lambda: torch.arange(5).split(2**63 - 1))
show(lambda: torch.arange(6).chunk(2**63 - 1))
show(lambda: torch.arange(7).chunk(3))
x = torch.tensor([-2**63, 3, -4])
print(-x, x.abs(), x.square())
show(lambda: torch.ones(3).reshape(2**62, 2))
show(lambda: torch.zeros(2, 0, 3).view(2**63 - 1, 7))
show(lambda: torch.randn(2**63 - 1, 0, 2).stride())
show(lambda: torch.ones(3, 1, 2, dtype=torch.float64).var(2, correction=-2**63))
show(lambda: torch.ones(2**62, 3, 0).shape)
show(lambda: torch.zeros(0).chunk(3))
# expand to a negative size where the tensor's size is 1 (this made a tensor of size -2).
show(lambda: torch.zeros(2, 1).expand(-1, -2))
show(lambda: torch.zeros(2, 1).expand(2, -5))
show(lambda: torch.zeros(0, dtype=torch.bool).view(0, 2**63 - 1, 2**62).stride())
show(lambda: torch.zeros(0).view(0, 3).stride())
show(lambda: torch.randn(0, 2**40, 2**62, 1).contiguous().is_contiguous())
# A negative size in a new leading dim of an empty tensor, then matmul (overflowed while
# merging the batch dims; found after 16.4M calls of fuzzing, seed 14).
empty_batch = torch.zeros(0, 7).expand(-5, 0, 7)
print(empty_batch.shape)
show(lambda: torch.matmul(torch.ones(7), empty_batch))
show(lambda: torch.matmul(empty_batch, torch.ones(7)).shape)
show(lambda: torch.matmul(torch.ones(3, dtype=torch.float16), torch.zeros(0, 7, dtype=torch.bool).expand(-2**62, 0, 7)))

# Found by the fuzzer: an int64 running product that overflows wraps (as ATen's loop), a bool
# tensor made on the meta device has no bytes to clear, an overflowing repeat is a negative size.
print(torch.tensor([2**62, 4, -3]).cumprod(0), torch.tensor([2**62, 2**62, 2**62]).cumsum(0))
print(torch.ones(3, 1, 2, dtype=torch.uint8, device="meta").bool())
try:
    torch.ones(2, 2, 3).tile(4611686018427387904)
except RuntimeError as e:
    print(e)

# Found by the widened fuzzers (foreign values, indexing): two ... moved the next int past the
# last dim, where the size was read out of bounds (PyTorch reports a size of 0 there); a 0-dim
# tensor where torch.tensor's data had a list tripped a size check.
t4 = torch.zeros(2, 1, 3, 2)
print(t4[0, ..., 1, ...].shape)
show(lambda: t4[..., 1, ..., 1])
show(lambda: t4.__setitem__((slice(2**63, 0, 3), ..., torch.tensor(0), ..., 2), torch.ones(1)))
show(lambda: torch.tensor([[0, 1], torch.tensor(1)]))
# Found by the widened fuzzer on the sanitizer build (seed 21): triu_indices' offset - 1 and the
# row bounds overflowed for an offset of -2**63. At the int64 limits ATen's sizes come from
# overflowing arithmetic (undefined in C++), so only the kind of answer is compared there
# (at 2**63 - 1 PyTorch even refuses a triu with no cells, which tensorplay returns).
def kind(f):
    try:
        return f().shape
    except RuntimeError:
        return "RuntimeError"


for offset in (-2**63,):
    print(kind(lambda: torch.triu_indices(3, 7, offset)), kind(lambda: torch.tril_indices(3, 7, offset)))
for offset in (-5, 5):
    print(torch.triu_indices(3, 7, offset), torch.tril_indices(3, 7, offset))
# Found by the widened fuzzer on the sanitizer build (seed 22, with a 0-dim numpy array as the
# size): as_strided's storage offset times the item size overflowed; the offset now counts in
# the checked storage size, as c10's computeStorageNbytes has it.
for offset in (2**62, 10):
    show(lambda: torch.zeros(0).as_strided((np.array(1),), (1,), offset))
# Found on the sanitizer build (seed 23): flatten's size product overflowed for
# repeat_interleave(2**63 - 1) on a (2, 0) tensor; it wraps as ATen's does, so reshape refuses
# the wrapped size with PyTorch's text.
show(lambda: torch.zeros(2, 0).repeat_interleave(2**63 - 1, 0))
# Found on the sanitizer build (seed 24, call 6269837): vector_norm's backward for ord 0 gives
# no gradient, and i0's backward multiplied by the missing one; a node whose gradients are all
# zero now passes zeros on without running its formula, as PyTorch's do.
x = torch.tensor([[1.5, -2.0]], dtype=torch.bfloat16, requires_grad=True)
torch.linalg.vector_norm(torch.i0(x.T.reshape(-1) * 1), 0).backward(torch.tensor(True), 3)
print(x.grad)
# Found on the sanitizer build (seed 26, call 736889): bernoulli_ with a tensor p on a view with
# gaps read p at the view's offsets, past p's own memory; the draws go through a dense tensor.
torch.manual_seed(0)
base = torch.zeros(20, dtype=torch.int64)
base[::5].bernoulli_(torch.tensor(0.5, dtype=torch.float64))
print(base)
# Found on the sanitizer build (seed 28, call 3185717): pixel_unshuffle of an empty tensor by
# 2**63 - 1 multiplied the channels by the factor squared; ATen returns an empty input's copy
# as it is, and the backward's pixel_shuffle then fails the engine's shape check.
for shape, r in [((2, 0, 0), 2**63 - 1), ((2, 0, 0), 3), ((1, 0, 3, 3), 3), ((1, 9, 0, 2), 3)]:
    for f in (torch.pixel_unshuffle, torch.pixel_shuffle):
        x = torch.zeros(shape, requires_grad=True)
        try:
            y = f(x, r)
            print(f.__name__, tuple(y.shape), y.grad_fn.name())
            y.sum().backward()
            print(tuple(x.grad.shape))
        except (RuntimeError, ValueError) as e:
            print(f.__name__, type(e).__name__, e)
# Found on the sanitizer build (seed 29, call 17183849): repeat_interleave's counts summed past
# int64 and wrapped back to a small length, and the index was written past it; the sum wraps
# as ATen's cumsum does, and each way it can end gives PyTorch's text (a sum wrapping below
# -2**62 aside: PyTorch's text there is its SymInt's, tensorplay's the negative dimension's).
for counts in [[2**62] * 4, [2**62] * 4 + [5], [2**62] * 3, [2**62] * 5,
               [2**63 - 1, 2**63 - 1, 3], [5, 2**63 - 1, 2**63 - 1, 4], [-1, 3], [2, 0, 3]]:
    show(lambda: torch.repeat_interleave(torch.tensor(counts)))
