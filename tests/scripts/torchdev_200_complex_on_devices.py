# Complex tensors on a simulated GPU and on the meta device: every complex op is composed
# from real kernels over the (real, imag) pairs, so a GPU computes what the CPU computes,
# bit for bit (the same formulas in the same order), and the meta device gives the shapes
# and dtypes. Expected output written by hand: every comparison prints True.
import torch

torch.manual_seed(0)
a = torch.randn(3, 4, dtype=torch.cfloat)
b = torch.randn(4, 2, dtype=torch.cfloat)
v = torch.randn(3, 4, dtype=torch.cdouble)
ga, gb, gv = a.cuda(), b.cuda(), v.cuda()
print(ga.device, ga.dtype, torch.equal(ga.cpu().real, a.real), torch.equal(ga.cpu().imag, a.imag))


def same(name, cpu, gpu):
    gpu = gpu.cpu()
    ok = cpu.dtype == gpu.dtype and cpu.shape == gpu.shape
    ok = ok and torch.equal(torch.view_as_real(cpu.resolve_conj()) if cpu.is_complex() else cpu,
                            torch.view_as_real(gpu.resolve_conj()) if gpu.is_complex() else gpu)
    print(name, ok)


same("add", a + 1j, ga + 1j)
same("mul", a * a, ga * ga)
same("div", a / (a + 2), ga / (ga + 2))
same("exp", a.exp(), ga.exp())
same("log", v.log(), gv.log())
same("sqrt", v.sqrt(), gv.sqrt())
same("abs", a.abs(), ga.abs())
same("angle", a.angle(), ga.angle())
same("sum", a.sum(1), ga.sum(1))
same("prod", a.prod(0), ga.prod(0))
same("matmul", a @ b, ga @ gb)
same("conj", a.conj(), ga.conj())
same("conj matmul", a.conj() @ b, ga.conj() @ gb)
same("real", a.real * 2, ga.real * 2)
same("index", a[[2, 0]], ga[[2, 0]])
same("cast", a.to(torch.cdouble), ga.to(torch.cdouble))
same("view_as_real", torch.view_as_real(a), torch.view_as_real(ga))
same("complex", torch.complex(a.real, a.imag), torch.complex(ga.real, ga.imag))
g = torch.zeros(2, dtype=torch.cfloat, device="cuda")
g[1] = 3 - 4j
print(repr(g), g[1].item(), g.abs().tolist())

m = torch.zeros(5, 3, dtype=torch.cdouble, device="meta")
print(repr(m @ torch.ones(3, 2, dtype=torch.cdouble, device="meta")))
print(repr(m.abs()), repr(torch.view_as_real(m)), repr((m * 1j).sum(0)))
