# Tensors on the GPU: printing, ops, indexing, casts, and the same-device error.
import torch
print(torch.cuda.is_available(), torch.cuda.device_count())
x = torch.arange(12, dtype=torch.float32).reshape(3, 4)
g = x.to('cuda')
print(g)
print(g.device, g.is_cuda, g.dtype, g.shape)
print(g * 2 + 1, g / 3)
print(g @ g.T)
print(g.sum(), g.sum(0), g.mean(1), g.max(), g.argmax(1), g.prod(1))
print(g.softmax(1))
print(torch.exp(g / 10), torch.sqrt(g), torch.tanh(g / 5), (g - 5).relu())
print(g.cpu() is x, g.cpu().equal(x), g.cuda() is g, g.to('cuda:0') is g)
i = torch.tensor([0, 2], device='cuda')
print(g[i], g[g > 5], g[:, 1:3], g.T.contiguous())
g2 = g.clone()
g2[g2 > 5] = 0
print(g2)
print(g.to(torch.int64) // 3, g.to(torch.int64) % 5, g.half(), g.to(torch.bfloat16))
print(g.double().sum().item(), g.int().sum().item(), (g > 3).sum())
print(torch.where(g > 4, g, -g), g.clamp(2, 7), g.abs().neg())
print(torch.cat([g, g]).shape, torch.stack([g, g], 1).shape, g.view(4, 3), g.flatten()[::5])
try:
    x + g
except RuntimeError as e:
    print(e)
try:
    torch.mm(x, g)
except RuntimeError as e:
    print(e)
