# The small integer dtypes: int8 and int16 take every op (C's wrapping on overflow, PyTorch's
# promotion lattice: uint8 + int8 is int16), and uint16/32/64 are PyTorch 2.x's limited dtypes
# (created, cast, printed, indexed, sorted, multiplied and compared; most other kernels refuse
# them by name, and they promote with no other integer).
import numpy as np
import torch


def attempt(label, fn):
    try:
        print(label, fn())
    except Exception as e:
        print(label, type(e).__name__ + ":", e)


# int8 / int16: names, casts, printing, promotion, wrapping.
print(torch.int8, torch.int16, torch.short, torch.int8.is_signed, torch.int16.itemsize)
a = torch.tensor([100, -100, 7, 0], dtype=torch.int8)
b = torch.tensor([50, 50, -3, 1], dtype=torch.int8)
print(a, a.dtype, a.element_size(), a.type())
print(a + b, a - b, a * b)
print(a // b, a % b, a / b)
print(a & b, a | b, a ^ b, ~a, a << 1, a >> 1)
print(a > b, a == 7, -a, a.abs())
print(a.sum(), a.sum().dtype, a.prod(), a.cumsum(0), a.max(), a.argmin(), a.float().mean())
print(a.sort(), a.topk(2), torch.unique(a))
print(a[1], a[[0, 2]], a[a > 0], a.flip(0), a.view(2, 2).t())
u = torch.tensor([200, 3, 255], dtype=torch.uint8)
s = torch.tensor([-1, 2, 3], dtype=torch.int8)
print(u + s, (u + s).dtype, (s + torch.tensor([1000], dtype=torch.int16)).dtype)
print((s + 1).dtype, (s + 1.5).dtype, (s * torch.tensor(2)).dtype, (s + torch.tensor([1])).dtype)
print(torch.promote_types(torch.uint8, torch.int8), torch.promote_types(torch.int16, torch.float16),
      torch.result_type(s, u), torch.can_cast(torch.int16, torch.int8))
print(torch.tensor([1.7, -2.9, 300.0]).to(torch.int16), torch.arange(5, dtype=torch.int16))
print(torch.tensor([[1, 2], [3, 4]]).char(), torch.ones(3).short(), a.long().dtype, a.to(torch.float64))
print(torch.zeros(2, 3, dtype=torch.int16), torch.full((2,), -5, dtype=torch.int8))
print(torch.iinfo(torch.int8), torch.iinfo(torch.int16).max, torch.iinfo(torch.int16).bits)
print(torch.CharTensor([1, 2]), torch.ShortTensor(2).shape, a.type(torch.ShortTensor).dtype,
      isinstance(a, torch.CharTensor), torch.ShortTensor)
print(torch.tensor([300, -300], dtype=torch.int16) * 200)
print(torch.randint(-5, 5, (6,), dtype=torch.int8, generator=torch.Generator().manual_seed(1)))
attempt("int8 out of range:", lambda: torch.randint(0, 300, (2,), dtype=torch.int8))
attempt("randperm int8:", lambda: torch.randperm(200, dtype=torch.int8))
attempt("tensor int8 300:", lambda: torch.tensor([1, 300], dtype=torch.int8))
attempt("tensor uint16 -70000:", lambda: torch.tensor([-70000], dtype=torch.uint16))
print(torch.tensor([-255], dtype=torch.uint8), torch.tensor([-1], dtype=torch.uint32))
attempt("tensor int8 300.5:", lambda: torch.tensor([300.5], dtype=torch.int8))
attempt("fill_ int8 300:", lambda: torch.zeros(2, dtype=torch.int8).fill_(300))
attempt("full int16 nan:", lambda: torch.full((2,), float("nan"), dtype=torch.int16))
attempt("masked_fill uint8 -256:", lambda: torch.zeros(2, dtype=torch.uint8).masked_fill(torch.tensor([True, False]), -256))
attempt("setitem int32 2**40:", lambda: torch.zeros(2, dtype=torch.int32).__setitem__(0, 2**40))
print(torch.zeros(2, dtype=torch.uint8).fill_(-1), torch.full((1,), -1.5, dtype=torch.int8), a.is_signed(),
      torch.ones(1, dtype=torch.uint16).is_signed(), torch.is_signed(u))

# numpy both ways.
n8 = np.array([1, -2, 3], dtype=np.int8)
t8 = torch.from_numpy(n8)
t8[0] = 9
print(t8, n8, t8.numpy().dtype, torch.tensor(np.array([[4, 5]], dtype=np.int16)))
print(torch.tensor([np.int16(3), np.int8(2)]), torch.as_tensor(np.arange(3, dtype=np.uint16)))
print(torch.from_numpy(np.array([7], dtype=np.uint32)), torch.from_numpy(np.array([7], dtype=np.uint64)).numpy())
print(torch.arange(6)[np.array([1, 3], dtype=np.int16)])
attempt("index with int16 tensor:", lambda: torch.arange(6)[torch.tensor([1, 3], dtype=torch.int16)])

# uint16 / uint32 / uint64: what PyTorch's CPU does with them.
for dt in (torch.uint16, torch.uint32, torch.uint64):
    x = torch.tensor([3, 1, 2], dtype=dt)
    print(dt, dt.is_signed, torch.iinfo(dt), x, torch.zeros(2, dtype=dt), torch.ones(2, dtype=dt))
    print(x.to(torch.float32), torch.tensor([-1]).to(dt), torch.tensor([2.7]).to(dt), x.long())
    print(x * x, x * 2, x / 2, x == 2, x != x, x & 1, x | 4, x ^ x)
    print(x.sum(), x.prod(), x.cumsum(0), x.sort(), x.argsort(descending=True))
    print(x[1], x[[0, 2]], x[1:], torch.cat([x, x]), x.flip(0), x.clamp(2, 3), torch.maximum(x, x))
    print(x.clone().fill_(9), torch.where(torch.tensor([True, False, True]), x, x), x.tolist(), x.numpy())
    print(x.float().sin(), x.any(), x.all(), x.isnan(), x.floor(), torch.stack([x, x]))
    attempt("  +:", lambda: x + x)
    attempt("  + 1:", lambda: x + 1)
    attempt("  -:", lambda: x - x)
    attempt("  neg:", lambda: -x)
    attempt("  <:", lambda: x < x)
    attempt("  max:", lambda: x.max())
    attempt("  max(0):", lambda: x.max(0))
    attempt("  argmax:", lambda: x.argmax())
    attempt("  amax:", lambda: x.amax())
    attempt("  ~:", lambda: ~x)
    attempt("  <<:", lambda: x << 1)
    attempt("  abs:", lambda: x.abs())
    attempt("  arange:", lambda: torch.arange(3, dtype=dt))
    attempt("  mean:", lambda: x.mean())
    attempt("  + long:", lambda: x + torch.tensor([1, 2, 3]))
    attempt("  * bool:", lambda: x * torch.tensor([True, False, True]))
    attempt("  promote int8:", lambda: torch.promote_types(dt, torch.int8))
    print("  promote float:", torch.promote_types(dt, torch.float16), (x + 0.5).dtype)
    attempt("  nonzero:", lambda: x.nonzero())
    attempt("  topk:", lambda: x.topk(1))
    attempt("  sum(dtype):", lambda: x.sum(dtype=dt))
print(torch.tensor([1, 60000, 3], dtype=torch.uint16), torch.tensor([300], dtype=torch.uint16) * 300)
big = torch.tensor([-1, 5]).to(torch.uint64)
print(big, big.sort(), big[0].item(), big.tolist(), torch.maximum(big, big.flip(0)))
print(torch.tensor([4000000000, 5], dtype=torch.uint32).sort().values,
      torch.tensor([4000000000, 5], dtype=torch.uint32).double())

# On the meta device no kernel runs: nothing is refused, the dtypes are PyTorch's.
m = torch.ones(2, 3, dtype=torch.int8, device="meta")
print(m, (m + m).dtype, (m + torch.ones(3, dtype=torch.uint8, device="meta")).dtype, m.sum().dtype)
mu = torch.ones(2, dtype=torch.uint16, device="meta")
print(mu, (mu * mu).dtype, (mu + mu).dtype, (-mu).dtype, mu.sort().values.dtype, mu.to(torch.float32))
