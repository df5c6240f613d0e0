# torch.fft on a simulated GPU and on the meta device: the transforms are composed from tensor
# ops, so a simulated GPU computes what the CPU computes (compared bit for bit with torch.equal),
# gradients land on the GPU, and the meta device gives PyTorch's shapes and dtypes (rfftn halves
# the last dim, irfft2 makes it 2 (m - 1)). Expected output written by hand: every comparison
# prints True.
import torch

F = torch.fft
torch.manual_seed(0)
x = torch.randn(3, 12)
z = torch.randn(4, 131, dtype=torch.cfloat)  # 131: a prime past the direct DFT matrices, Bluestein
gx, gz = x.cuda(), z.cuda()
for name, f, a, ga in [("fft", lambda t: F.fft(t), x, gx), ("rfft", lambda t: F.rfft(t, n=16), x, gx),
                       ("irfft", lambda t: F.irfft(t, norm="ortho"), z, gz), ("ifft", lambda t: F.ifft(t), z, gz),
                       ("fft2", lambda t: F.fft2(t), z, gz), ("ihfftn", lambda t: F.ihfftn(t), x, gx),
                       ("hfft2", lambda t: F.hfft2(t, s=(4, 9)), z, gz)]:
    cpu, gpu = f(a), f(ga)
    print(name, gpu.device, gpu.dtype == cpu.dtype, torch.equal(gpu.cpu(), cpu))
w = gx.clone().requires_grad_()
F.rfft(w).abs().sum().backward()
c = x.clone().requires_grad_()
F.rfft(c).abs().sum().backward()
print("grad", w.grad.device, torch.equal(w.grad.cpu(), c.grad))
m = torch.empty(5, 6, 7, device="meta")
print(F.rfftn(m).shape, F.rfftn(m).device, F.irfft2(m.to(torch.cfloat)).shape, F.ihfft(m.double()).dtype,
      F.fft(m, n=131).shape)
