# flip, repeat, tile, tril, triu (and in place): values, grad_fns, gradients, PyTorch's texts.
import torch
x = torch.arange(6.).reshape(2, 3).requires_grad_()
print(x.flip(0), x.flip([0, 1]), torch.flip(x, (1,)), x.repeat(2, 1), x.repeat(1, 2, 2).shape, x.tile((2,)), torch.tril(x), x.triu(1), x.tril(-1))
for c in ["x.repeat(2)", "x.tile(4611686018427387904)", "x.flip(2)", "x.flip(0, 0)", "torch.tril(torch.ones(3))", "x.repeat(-1, 2)", "x.flip([0, 0])"]:
    try: print(eval(c))
    except Exception as e: print(type(e).__name__, e)
(x.flip(0) * torch.arange(6.).reshape(2,3)).sum().backward(); print(x.grad); x.grad=None
(x.repeat(2, 2) * torch.arange(24.).reshape(4, 6)).sum().backward(); print(x.grad); x.grad=None
(x.tril() * 2).sum().backward(); print(x.grad)
print(torch.ones(2, 2, dtype=torch.int64).triu(), torch.tensor([True, False]).repeat(2), torch.ones(3,3,3).tril().sum())
m = torch.ones(3, 3); m.triu_(1); print(m, torch.tensor(5.).flip(0), torch.arange(4).tile(2, 1), torch.tril(torch.ones(4, 4)) == 0)
