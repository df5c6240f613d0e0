# complex64 / complex128: creation, printing, promotion, casts, views, the conjugate bit,
# numpy and torch.save round trips, and PyTorch's errors for what complex tensors refuse.
import io
import warnings

import numpy as np
import torch


def attempt(label, f):
    try:
        print(label, repr(f()))
    except Exception as e:
        print(label, type(e).__name__ + ":", e)


x = torch.tensor([1 + 2j, 3 - 1j])
print(repr(x), x.dtype, x.is_complex(), x.is_floating_point(), torch.is_complex(x))
print(repr(torch.tensor([1.5 + 2j, -3.25 - 1e-3j], dtype=torch.complex128)))
print(repr(torch.tensor(1 + 2j)), repr(torch.tensor(1 + 2j).item()), x.tolist())
print(repr(torch.tensor([[1e10 + 1j, 2j], [0j, -0.0 - 0.0j]])))
print(repr(torch.tensor([[1 + 1j, 2.5 - 3j], [float("nan") + 1j, float("inf") * 1j]])))
print(repr(torch.tensor([1, 2.5, 1j])), repr(torch.tensor([True, 1j])))
print(repr(torch.zeros(2, dtype=torch.cfloat)), repr(torch.ones(2, 2, dtype=torch.cdouble)))
print(repr(torch.full((2,), 1 + 1j)), repr(torch.empty(0, dtype=torch.cfloat)))
print(repr(torch.tensor([1 + 1j], dtype=torch.cfloat, requires_grad=True)))
torch.manual_seed(0)
print(repr(torch.randn(3, dtype=torch.cfloat)))
torch.manual_seed(0)
print(repr(torch.randn(2, 2, dtype=torch.cdouble)))
torch.manual_seed(1)
print(repr(torch.randn(20, dtype=torch.cfloat)))

# dtypes and promotion
print(torch.cfloat, torch.complex64 is torch.cfloat, torch.cdouble, torch.cfloat.is_complex,
      torch.cfloat.is_floating_point, torch.cfloat.itemsize, torch.cdouble.itemsize)
print(torch.promote_types(torch.float64, torch.cfloat), torch.promote_types(torch.int64, torch.cfloat),
      torch.promote_types(torch.float16, torch.cfloat), torch.promote_types(torch.cfloat, torch.cdouble))
print(torch.result_type(torch.ones(2, dtype=torch.float64), 1j), torch.result_type(torch.ones(2, dtype=torch.int32), 1j),
      torch.result_type(torch.ones(2), 1j), torch.can_cast(torch.cfloat, torch.float32),
      torch.can_cast(torch.float64, torch.cfloat))
print(repr(torch.ones(2) + 1j), repr(torch.tensor([1, 2]) + 1j),
      repr(torch.tensor([1.0, 2.0], dtype=torch.float64) * torch.tensor([1j], dtype=torch.cfloat)))
torch.set_default_dtype(torch.float64)
print(repr(torch.tensor([1j])), repr(torch.ones(2) + 1j), torch.tensor([1j]).dtype)
torch.set_default_dtype(torch.float32)
attempt("uint16 + complex:", lambda: torch.ones(2, dtype=torch.uint16) + x)
attempt("set_default_dtype:", lambda: torch.set_default_dtype(torch.cfloat))
attempt("float add_ complex:", lambda: torch.ones(2).add_(x))

# casts
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    print(repr(x.to(torch.float32)), repr(x.real.to(torch.int64)))
print([str(w.message) for w in caught], [w.category.__name__ for w in caught])
print(repr(x.to(torch.cdouble)), repr(torch.tensor([1, 2]).to(torch.cfloat)), x.type())
print(repr(torch.tensor([1.5, -2.0]).to(torch.complex128)), repr(x.to(torch.cdouble).to(torch.cfloat)))

# views
print(repr(x.real), repr(x.imag), x.real._base is x, x.real.stride(), x.imag.storage_offset())
r = torch.view_as_real(x)
print(repr(r), r.shape, r.stride(), r._base is x)
m = torch.tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
c = torch.view_as_complex(m)
print(repr(c), c.shape, c.stride(), c._base is m)
c[0] = 7 - 7j
print(repr(m))
z = x.clone()
z.real[0] = 9
z.imag.mul_(2)
print(repr(z))
z.imag = torch.tensor([0.5, 0.25])
print(repr(z))
print(repr(torch.complex(torch.tensor([1.0, 2.0]), torch.tensor([3.0, 4.0]))))
print(repr(torch.polar(torch.tensor([1.0, 2.0], dtype=torch.float64), torch.tensor([0.0, 0.5], dtype=torch.float64))))

# the conjugate bit
y = x.conj()
print(y.is_conj(), repr(y), y.resolve_conj().is_conj(), repr(y.resolve_conj()), x.is_conj())
print(repr(torch.conj_physical(x)), x.conj_physical().is_conj(), y[0].is_conj(), repr(y[0]), repr(y.imag))
print(repr(y.conj()), y.conj().is_conj(), torch.ones(2).conj().is_conj(), repr(y + 0))
print(repr(y.clone()), repr(y.reshape(2, 1)), repr(y.to(torch.cdouble)), repr(y.real))

# bytes that move
print(repr(x[1]), repr(x[[1, 0]]), repr(x[torch.tensor([True, False])]))
w = torch.tensor([2 - 1j, 0.5 + 0.5j])
print(repr(torch.cat([x, w])), repr(torch.stack([x, w])), repr(x.reshape(2, 1)), repr(x.flip(0)))
v = torch.zeros(3, dtype=torch.cfloat)
v[1] = 1 + 1j
v[torch.tensor([0, 2])] = torch.tensor([2j, -1 + 0j])
print(repr(v), repr(torch.where(torch.tensor([True, False]), x, w)))

# numpy and torch.save
n = np.array([1 + 2j, 3j], dtype=np.complex64)
t = torch.from_numpy(n)
print(repr(t), repr(t.numpy()), repr(torch.tensor(n)), repr(torch.ones(2, dtype=torch.cdouble).numpy()))
attempt("numpy of a conj:", lambda: x.conj().numpy())
buffer = io.BytesIO()
torch.save({"a": x, "b": x.to(torch.cdouble)}, buffer)
buffer.seek(0)
loaded = torch.load(buffer)
print(repr(loaded["a"]), repr(loaded["b"]))

# what complex tensors refuse
for label, f in [
        ("lt", lambda: x < w), ("le", lambda: x <= w), ("gt", lambda: x > w), ("ge", lambda: x >= w),
        ("max", lambda: x.max()), ("min", lambda: x.min()), ("clamp", lambda: x.clamp(0, 1)),
        ("maximum", lambda: torch.maximum(x, w)), ("floor", lambda: x.floor()), ("relu", lambda: torch.relu(x)),
        ("remainder", lambda: x % w), ("floor_divide", lambda: x // w), ("atan2", lambda: torch.atan2(x, w)),
        ("sign", lambda: x.sign()), ("round", lambda: x.round()), ("bitwise_and", lambda: x & w),
        ("view_as_complex int", lambda: torch.view_as_complex(torch.tensor([[1, 2]]))),
        ("view_as_complex size", lambda: torch.view_as_complex(torch.ones(3))),
        ("view_as_complex stride", lambda: torch.view_as_complex(torch.ones(2, 2).t())),
        ("view_as_real float", lambda: torch.view_as_real(torch.ones(2))),
        ("view_as_real conj", lambda: torch.view_as_real(x.conj())),
        ("imag of float", lambda: torch.ones(2).imag),
        ("complex of int", lambda: torch.complex(torch.tensor([1]), torch.tensor([2]))),
        ("complex mixed", lambda: torch.complex(torch.tensor([1.0]), torch.tensor([2.0], dtype=torch.float64))),
        ("polar of int", lambda: torch.polar(torch.tensor([1]), torch.tensor([2]))),
        ]:
    attempt(label + ":", f)
