# The nuclear and spectral matrix norms (torch.norm(p='nuc'), linalg.matrix_norm 'nuc'/2/-2), lstsq's drivers
# (rank, residuals, singular values as each reports them) and round(decimals=) (issue 28, OpInfo).
import torch
x = torch.tensor([[1., 2], [3, 4]])
b = torch.arange(24.).view(2, 3, 4)
print(x.norm('nuc'), torch.linalg.matrix_norm(x, 'nuc'), torch.linalg.norm(x, 'nuc'), torch.linalg.matrix_norm(x, 2), torch.linalg.matrix_norm(x, -2))
print(torch.linalg.matrix_norm(b, 'nuc'), torch.linalg.matrix_norm(b, 2, dim=(0, 2), keepdim=True), torch.linalg.norm(b, 2, dim=(2, 1)))
print(torch.norm(b, 'nuc', dim=(0, 2)), torch.norm(b, 'nuc', dim=(2, 0), keepdim=True).shape)
for f in [lambda: torch.norm(b, 'nuc'), lambda: torch.linalg.matrix_norm(x, 3)]:
    try: print(f())
    except Exception as e: print(type(e).__name__, e)
g = torch.tensor([[2., 1.], [0., 3.]], requires_grad=True)
(torch.norm(g, 'nuc') + torch.linalg.matrix_norm(g, 2)).backward()
print(g.grad)
for f in [lambda: torch.round(torch.tensor([15]), decimals=-1), lambda: torch.round(torch.tensor([1.2345, 2.5, -0.125]), decimals=2), lambda: torch.tensor([1234.5, 15.]).round(decimals=-1), lambda: torch.round(torch.tensor([1.25]), decimals=1), lambda: torch.tensor([1.25]).round_(decimals=1), lambda: torch.round(torch.tensor([True]), decimals=1), lambda: torch.round(torch.tensor([15]), decimals=0), lambda: torch.round(torch.tensor([2.5, 3.5])), lambda: torch.tensor([0.5, 1.5]).round_(), lambda: torch.round(torch.tensor([1.23456789], dtype=torch.float64), decimals=5), lambda: torch.round(torch.tensor([4])), lambda: torch.round(torch.tensor([0.1234]), decimals=0)]:
    try: print(f())
    except Exception as e: print(type(e).__name__, e)
A = torch.tensor([[1., 2], [3, 4], [5, 7]])
B = torch.tensor([[1.], [2], [4]])
for d in [None, 'gels', 'gelsy', 'gelsd', 'gelss']:
    r = torch.linalg.lstsq(A, B, driver=d)
    print(d, r.solution.T, r.residuals, r.rank, r.singular_values)
print(torch.linalg.lstsq(torch.tensor([[1., 2, 3], [3, 4, 5]]), torch.ones(2, 1)).rank)
try:
    torch.linalg.lstsq(A, B, driver="gelsx")
except RuntimeError as e:
    print("RuntimeError:", e)
