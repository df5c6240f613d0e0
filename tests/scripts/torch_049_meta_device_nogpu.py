# The meta device: tensors with shapes and no data, printing, ops, autograd, factories inside
# 'with torch.device("meta")', and PyTorch's texts when values are asked for or devices mix.
import torch
m = torch.ones(2, 3, device='meta')
print(m, repr(m.device), torch.device('meta'), m.is_meta, torch.zeros(2, dtype=torch.int64, device='meta'), torch.empty(0, device='meta'))
print(m.sum(), m @ torch.ones(3, 2, device='meta'), (m * 2).shape, m.to('meta') is m)
for c in ["m.cpu()", "m.item()", "m + torch.ones(2, 3)", "torch.ones(2,3) + m", "m.tolist()", "print(m.numpy())", "torch.device('meta:0')", "torch.ones(3).to('meta')", "m[0, 1]", "m.mean().backward()", "torch.ones(1, device='meta').item()"]:
    try: print(eval(c))
    except Exception as e: print(type(e).__name__, e)
x = torch.ones(2, requires_grad=True, device='meta'); y = (x * 3).sum(); print(y); y.backward(); print(x.grad)
with torch.device('meta'):
    l = torch.nn.Linear(2, 3)
print(l.weight, torch.ones(1).device)
t = torch.rand(2, 3, 10, 10, device="meta")
conv = torch.nn.Conv2d(3, 5, 2, device="meta")
print(conv(t))
print(torch.randn(2, device='meta'), torch.randint(0, 5, (3,), device='meta'))
net = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.ReLU(), torch.nn.Linear(8, 2)).to("meta")
print(net[0].weight, net(torch.randn(5, 4, device="meta")).shape, torch.empty_like(m), torch.zeros_like(m, dtype=torch.float64))
for c in ("m.to('cpu')", "m[m > 0]", "torch.ones(2, device='meta').sum(0).item()"):
    try:
        print(eval(c))
    except Exception as e:
        print(type(e).__name__, str(e).split('\n')[0])
