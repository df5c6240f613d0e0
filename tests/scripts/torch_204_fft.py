# torch.fft's transforms: fft/ifft, rfft/irfft, hfft/ihfft and their 2-D and n-D forms, with n/s
# (zero-padding or trimming), dim, the three norms, promotion of real and integer input, out=,
# PyTorch's grad_fn names and gradients, and its errors for bad arguments.
import torch

F = torch.fft
torch.manual_seed(0)
x = torch.randn(2, 6)
z = torch.randn(2, 5, dtype=torch.complex64)
zd = torch.randn(3, 4, dtype=torch.complex128)

print("-- 1-D transforms")
print(F.fft(x))
print(F.ifft(z))
print(F.fft(z, n=8))
print(F.fft(z, n=3, dim=0))
print(F.rfft(x))
print(F.rfft(x, n=9))
print(F.irfft(z))
print(F.irfft(z, n=5))
print(F.hfft(z))
print(F.ihfft(x))
print(F.fft(zd))
print(F.ifft(torch.tensor([1, 2, 3, 4])))
print(F.fft(torch.arange(8.)))
print(F.fft(torch.ones(4)))

print("-- norms")
for norm in (None, "backward", "ortho", "forward"):
    print(norm, F.fft(z[0], norm=norm), F.irfft(z[0], norm=norm))

print("-- 2-D and n-D")
y = torch.randn(3, 4, 5)
print(F.fft2(y))
print(F.ifft2(y, s=(2, 3)))
print(F.fftn(y, dim=(0, 2), norm="ortho").shape, F.fftn(y, s=(2, -1)).shape, F.fftn(y, s=3).shape,
      F.fftn(y, dim=0).shape, F.fft2(y, s=torch.Size([2, 2])).shape)
print(F.rfft2(y))
print(F.rfftn(y, s=(4, 6)).shape)
c = F.rfftn(y)
print(F.irfftn(c, s=y.shape[-3:]).sub(y).abs().max() < 1e-5)
print(F.irfft2(c[0]))
print(F.hfft2(c[1]))
print(F.hfftn(c, dim=(0, 2)).shape)
print(F.ihfft2(y[0, :3]))
print(F.ihfftn(y, s=(3, 2, 4)).shape)
print(F.fftn(torch.tensor(2.5)), F.fftn(z, dim=()))
print(F.fft(torch.randn(0, 4)), F.fft2(torch.randn(0, 2, 3)).dtype, F.irfft(torch.randn(2, 0, 3, dtype=torch.complex64), dim=2).shape)

print("-- dtypes, round trips")
print(F.fft(torch.arange(4)).dtype, F.fft(x.double()).dtype, F.rfft(torch.tensor([True, False])).dtype,
      F.irfft(zd).dtype, F.ihfft(torch.arange(5)).dtype)
print(torch.allclose(F.ifft(F.fft(z)), z, atol=1e-6), torch.allclose(F.irfft(F.rfft(x), n=6), x, atol=1e-6))
print(F.ifft(x).is_conj(), F.ihfft(x).is_conj(), F.fft(x).is_conj())

print("-- out=")
out = torch.empty(0, dtype=torch.complex64)
print(F.fft(z, out=out) is out, out.shape)
out = torch.empty(0)
F.irfftn(c, out=out)
print(out.shape)

print("-- autograd")
a = torch.randn(2, 6, requires_grad=True)
w = torch.randn(2, 5, dtype=torch.complex64, requires_grad=True)
print(F.fft(a).grad_fn.name(), F.fft(w).grad_fn.name(), F.rfft(a).grad_fn.name(), F.irfft(w).grad_fn.name(),
      F.hfft(w).grad_fn.name(), F.ihfft(a).grad_fn.name(), F.ifft(a).grad_fn.name(), F.fft2(w).grad_fn.name(),
      F.rfftn(a).grad_fn.name(), F.ihfft2(a).grad_fn.name(), F.hfftn(w).grad_fn.name())
print(F.rfft(a, norm="ortho"))
cases = [
    ("|fft(a)|", lambda: F.fft(a).abs().sum()),
    ("|fft(w, n=7)|", lambda: F.fft(w, n=7).abs().sum()),
    ("|ifft(w, ortho)|^2", lambda: F.ifft(w, norm="ortho").abs().pow(2).sum()),
    ("|rfft(a, n=4)|", lambda: F.rfft(a, n=4).abs().sum()),
    ("irfft(w)^2", lambda: F.irfft(w).pow(2).sum()),
    ("cos(hfft(w, n=8))", lambda: F.hfft(w, n=8).cos().sum()),
    ("|ihfft(a)|", lambda: F.ihfft(a).abs().sum()),
    ("|fft2(w)|", lambda: F.fft2(w).abs().sum()),
    ("|rfft2(a)|", lambda: F.rfft2(a).abs().sum()),
    ("irfftn(w)^3", lambda: F.irfftn(w, s=(2, 6)).pow(3).sum()),
]
for name, loss in cases:
    a.grad = None
    w.grad = None
    loss().backward()
    print(name, a.grad if a.grad is not None else w.grad)
d = torch.randn(2, 4, dtype=torch.complex128, requires_grad=True)
print(torch.autograd.gradcheck(lambda t: F.hfft(t, n=5), (d,)),
      torch.autograd.gradcheck(lambda t: F.ifftn(t, s=(3, 3), norm="forward"), (d,)),
      torch.autograd.gradcheck(lambda t: F.rfft2(t.real), (d,)))

print("-- errors")
bad = [
    lambda: F.fft(x, n=0),
    lambda: F.fft(x, n=-1),
    lambda: F.fft(x, dim=2),
    lambda: F.fft(torch.tensor(3.0)),
    lambda: F.fft(x, norm="foo"),
    lambda: F.fft(x, n=2.5),
    lambda: F.fft(x, dim=(0, 1)),
    lambda: F.fft(torch.zeros(0)),
    lambda: F.fft(x.half()),
    lambda: F.rfft(z),
    lambda: F.ihfft(z),
    lambda: F.rfftn(z),
    lambda: F.ihfftn(z),
    lambda: F.irfft(torch.ones(3, 1, dtype=torch.complex64)),
    lambda: F.irfftn(z, s=(4, 0)),
    lambda: F.fftn(x, s=(4,), dim=(0, 1)),
    lambda: F.fftn(x, dim=(0, 0)),
    lambda: F.fftn(x, s=(1, 2, 3)),
    lambda: F.fft2(torch.randn(3)),
    lambda: F.rfftn(x, dim=()),
    lambda: F.rfft2(x, s=[2.5, 3]),
    lambda: F.fftn(x, dim=[0.5]),
    lambda: F.hfftn(z, dim=()),
    lambda: F.fft(z, out=torch.empty(0)),
    lambda: F.irfft(z, out=torch.empty(0, dtype=torch.complex64)),
    lambda: F.fft(x.requires_grad_(), out=torch.empty(0, dtype=torch.complex64)),
    lambda: F.irfft2(z.requires_grad_(), out=torch.empty(0)),
]
for f in bad:
    try:
        f()
        print("no error")
    except Exception as e:
        print(type(e).__name__ + ":", e)
