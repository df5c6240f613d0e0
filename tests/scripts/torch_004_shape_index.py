# Shape ops, indexing and assignment.
import torch
x = torch.arange(12)
print(x.reshape(3, 4), x.view(2, 6).shape, x.view(-1, 3).shape, torch.reshape(x, (4, 3)).shape)
m = x.reshape(3, 4)
print(m.T, m.t().shape, m.transpose(0, 1).is_contiguous(), m.permute(1, 0).shape)
print(m.flatten(), m.unsqueeze(0).shape, m.unsqueeze(0).squeeze().shape, torch.ones(1, 3, 1).squeeze(0).shape)
print(m.T.contiguous().is_contiguous(), torch.ones(3, 1).expand(3, 4).shape)
print(torch.cat([m, m]).shape, torch.cat((m, m), dim=1).shape, torch.stack([m, m]).shape)
print(m.chunk(2, dim=1))
print(torch.split(x, 5))
print(m[0], m[-1, -1], m[1:, ::2], m[:, 1])
print(m[None].shape, m[..., 0], m[[0, 2]], m[m > 8])
print(m[torch.tensor([0, 2]), torch.tensor([1, 3])])
print(m[0, 1].item(), m.size(), m.size(0), m.dim(), m.numel(), m.ndim)
m[0, 0] = 100
m[1] = torch.tensor([7, 7, 7, 7])
m[2, 1:3] = -1
m[m > 50] = 0
print(m)
print(x)
print(len(m), [r.sum().item() for r in m])
y = m.clone()
y[0, 0] = 9
print(m[0, 0].item(), y[0, 0].item())
z = m
m += 1
print(z is m, m)
w = m.add_(1)
print(w is m, m.zero_() is m, m)
f = torch.ones(2, 2)
f.mul_(3)
f.fill_(2.5)
f.copy_(torch.tensor([[1.0, 2.0], [3.0, 4.0]]))
print(f, f.clamp_(max=2.0), f)
print(f.float() is f, f.double().dtype, f.long().dtype, f.int().dtype, f.bool().dtype, f.half().dtype)
print(f.to(torch.float64).dtype, f.to('cpu') is f, f.cpu() is f, f.to(torch.ones(1, dtype=torch.int64)).dtype)
print(f.device, f.is_cuda, f.get_device(), f.is_pinned(), f.detach().shape, f.type())
print(int(torch.tensor(3)), float(torch.tensor(2.5)), bool(torch.tensor([1])))
