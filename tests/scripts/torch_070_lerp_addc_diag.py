# lerp, addcmul, addcdiv, diag, diagonal, diag_embed, trace and roll: values, grads, grad_fns, errors.
import torch

torch.manual_seed(0)


def show(name, fn):
    try:
        r = fn()
        print(name, r)
        if isinstance(r, torch.Tensor) and r.grad_fn is not None:
            print("  grad_fn", type(r.grad_fn).__name__)
    except Exception as e:
        print(name, type(e).__name__, e)


def grads(name, fn, *inputs):
    ins = [t.detach().clone().requires_grad_(True) for t in inputs]
    out = fn(*ins)
    w = torch.arange(out.numel(), dtype=out.dtype).reshape(out.shape) + 1
    (out * w).sum().backward()
    print(name, type(out.grad_fn).__name__, [t.grad for t in ins])


a = torch.randn(4)
b = torch.randn(4)
w = torch.rand(4)
show("lerp scalar", lambda: torch.lerp(a, b, 0.3))
show("lerp big", lambda: torch.lerp(a, b, 0.75))
show("lerp tensor", lambda: torch.lerp(a, b, w))
show("lerp method", lambda: a.lerp(b, 0.5))
show("lerp bcast", lambda: torch.lerp(torch.zeros(2, 1), torch.ones(3), torch.tensor([0.2, 0.7, 1.5])))
big = torch.randn(100)
end = torch.randn(100)
wt = torch.rand(100) * 1.2 - 0.1
x = a.clone()
x.lerp_(b, 0.25)
show("lerp_", lambda: x)
grads("lerp grads scalar", lambda p, q: torch.lerp(p, q, 0.3), a, b)
grads("lerp grads tensor", lambda p, q, r: torch.lerp(p, q, r), a, b, w)
show("lerp bad weight", lambda: torch.lerp(a, b, "x"))
show("lerp shape", lambda: torch.lerp(a, b, torch.rand(3)))

t1 = torch.randn(4)
t2 = torch.rand(4) + 0.5
show("addcmul", lambda: torch.addcmul(a, t1, t2))
show("addcmul value", lambda: torch.addcmul(a, t1, t2, value=0.1))
show("addcdiv", lambda: torch.addcdiv(a, t1, t2, value=-0.5))
show("addcmul method", lambda: a.addcmul(t1, t2, value=2))
show("addcdiv bcast", lambda: torch.addcdiv(torch.zeros(2, 1), t1, t2))
# Bit-exactness on a vector-sized body and a tail: PyTorch's kernels round lerp and addcmul once (FMA).
for n in (7, 45):
    print("lerp", n, torch.lerp(big[:n], end[:n], wt[:n]).tolist())
    print("lerp scalar", n, torch.lerp(big[:n], end[:n], 0.7).tolist(), torch.lerp(big[:n], end[:n], 0.3).tolist())
    print("addcmul", n, torch.addcmul(big[:n], end[:n], wt[:n], value=0.3).tolist())
    print("addcmul 1", n, torch.addcmul(big[:n], end[:n], wt[:n]).tolist())
print("lerp half", torch.lerp(big[:20].half(), end[:20].half(), 0.3), torch.lerp(big[:20].bfloat16(), end[:20].bfloat16(), wt[:20].bfloat16()))
print("addcmul half", torch.addcmul(big[:20].half(), end[:20].half(), wt[:20].half(), value=0.3))
print("addcdiv half", torch.addcdiv(big[:20].bfloat16(), end[:20].bfloat16(), wt[:20].bfloat16() + 1, value=0.3))
print("addcmul 100", torch.addcmul(big, end, wt, value=0.3).tolist()[:6])
print("addcdiv 100", torch.addcdiv(big, end, wt + 1, value=0.3).tolist()[:6])
y = a.clone()
y.addcmul_(t1, t2, value=0.5)
y.addcdiv_(t1, t2)
show("addc in place", lambda: y)
grads("addcmul grads", lambda p, q, r: torch.addcmul(p, q, r, value=0.5), a, t1, t2)
grads("addcdiv grads", lambda p, q, r: torch.addcdiv(p, q, r, value=0.5), a, t1, t2)
grads("addcmul bcast grads", lambda p, q, r: torch.addcmul(p, q, r), torch.randn(2, 1), t1, t2)
show("addcdiv int", lambda: torch.addcdiv(a, torch.ones(4, dtype=torch.long), torch.ones(4, dtype=torch.long)))
show("addcmul shape", lambda: torch.addcmul(a, t1, torch.randn(3)))

m = torch.randn(3, 4)
v = torch.tensor([1.0, 2.0, 3.0])
show("diag 1d", lambda: torch.diag(v))
show("diag 1d off", lambda: torch.diag(v, 1))
show("diag 1d neg", lambda: torch.diag(v, -2))
show("diag 2d", lambda: torch.diag(m))
show("diag 2d off", lambda: torch.diag(m, 1))
show("diag 2d neg", lambda: torch.diag(m, -1))
show("diag 2d far", lambda: torch.diag(m, 7))
show("diag 3d", lambda: torch.diag(torch.randn(2, 2, 2)))
show("diagonal", lambda: torch.diagonal(m))
show("diagonal off", lambda: m.diagonal(1))
show("diagonal 3d", lambda: torch.diagonal(torch.arange(24.).reshape(2, 3, 4), 0, 1, 2))
show("diagonal dims", lambda: torch.arange(24.).reshape(2, 3, 4).diagonal(offset=-1, dim1=2, dim2=0))
d = m.diagonal()
print("diagonal is view", d.is_contiguous(), d.stride(), d.storage_offset(), m.diagonal(1).storage_offset())
mm = m.clone()
mm.diagonal().fill_(0)
show("diagonal write", lambda: mm)
show("diagonal same", lambda: torch.diagonal(m, 0, 1, 1))
show("diagonal range", lambda: torch.diagonal(m, 0, 0, 5))
show("diag_embed", lambda: torch.diag_embed(torch.arange(6.).reshape(2, 3)))
show("diag_embed off", lambda: torch.diag_embed(v, 1))
show("diag_embed dims", lambda: torch.diag_embed(torch.arange(6.).reshape(2, 3), 0, 0, 2))
show("diag_embed same", lambda: torch.diag_embed(v, 0, 0, 0))
show("trace", lambda: torch.trace(m))
show("trace int", lambda: torch.trace(torch.arange(9).reshape(3, 3)))
show("trace method", lambda: m.trace())
show("trace 1d", lambda: torch.trace(v))
grads("diag grads 1d", lambda p: torch.diag(p, 1), v)
grads("diag grads 2d", lambda p: torch.diag(p, -1), m)
grads("diagonal grads", lambda p: p.diagonal(1), m)
grads("diag_embed grads", lambda p: torch.diag_embed(p), torch.randn(2, 3))
grads("trace grads", lambda p: torch.trace(p), m)

r = torch.arange(12).reshape(3, 4)
show("roll flat", lambda: torch.roll(r, 1))
show("roll dim", lambda: torch.roll(r, 1, 0))
show("roll neg", lambda: torch.roll(r, -1, 1))
show("roll big", lambda: torch.roll(r, 9, 1))
show("roll two", lambda: torch.roll(r, (1, 2), (0, 1)))
show("roll method", lambda: r.roll(shifts=2, dims=-1))
show("roll align", lambda: torch.roll(r, (1, 2), (0,)))
show("roll range", lambda: torch.roll(r, 1, 5))
grads("roll grads", lambda p: torch.roll(p, 1, 0), m)
grads("roll grads flat", lambda p: torch.roll(p, 5), m)
