# cumsum/cumprod: values (ATen's double accumulation for float32), dtypes, gradients (with and
# without zeros for cumprod), in place, and bad input.
import torch
torch.manual_seed(0)
x = torch.randn(3, 4)
print(x.cumsum(0), torch.cumsum(x, dim=1), x.cumprod(1), torch.arange(5).cumsum(0), torch.tensor([True, False, True]).cumsum(0))
print(torch.arange(1, 6, dtype=torch.int32).cumprod(0), x.cumsum(-1, dtype=torch.float64), torch.tensor(2.).cumsum(0))
v = torch.randn(100000)
c = v.cumsum(0)
print(c[-1].item(), c[50000].item(), v.double().cumsum(0)[-1].item())
w = torch.randn(2, 5, requires_grad=True)
y = w.cumsum(1); print(y)
(y * torch.arange(10.).reshape(2, 5)).sum().backward(); print(w.grad)
w.grad = None
z = w.cumprod(1); print(z); (z * torch.arange(10.).reshape(2, 5)).sum().backward(); print(w.grad)
q = torch.tensor([[2., 0., 3., 0.5], [1., 2., 0., 4.]], requires_grad=True)
r = q.cumprod(1); print(r); (r * torch.arange(8.).reshape(2, 4)).sum().backward(); print(q.grad)
a = torch.ones(2, 3); a.cumsum_(1); print(a)
for bad in ("x.cumsum()", "x.cumsum(2)", "torch.cumsum(x, 0, dtype=torch.int64).dtype"):
    try: print(eval(bad))
    except Exception as e: print(type(e).__name__, e)
