# Tensors assembled from others: diff (with n, dim, prepend/append, bool), kron, block_diag,
# cartesian_prod, combinations, vander, tril_indices/triu_indices: values, dtypes, grad_fns,
# gradients and PyTorch's error texts.
import torch


def attempt(f):
    try:
        r = f()
        print(r)
    except Exception as e:
        print(type(e).__name__, e)


torch.manual_seed(0)
x = torch.tensor([1.0, 4.0, 9.0, 16.0, 25.0])
a = torch.arange(6.0).reshape(2, 3)
b = torch.arange(3.0)

# diff.
print(torch.diff(x), x.diff(n=2), torch.diff(x, n=4), torch.diff(x, n=7), torch.diff(x, n=0))
print(torch.diff(a), torch.diff(a, dim=0), torch.diff(a, n=2, dim=1, prepend=a), torch.diff(a, dim=0, append=a[:1]))
print(torch.diff(x, prepend=torch.tensor([0.0]), append=torch.tensor([30.0, 40.0])))
print(torch.diff(torch.tensor([True, False, False, True])), torch.diff(torch.tensor([1, 5, 2], dtype=torch.uint8)))
print(torch.diff(torch.tensor([3, 1, 4], dtype=torch.int32)), torch.diff(torch.randn(3, 4), dim=0).shape)
print(torch.diff(torch.tensor([1, 2]), prepend=torch.tensor([0.5])))
xg = x.clone().requires_grad_()
d = torch.diff(xg, n=2)
print(d.grad_fn.name(), type(torch.diff(xg, n=0).grad_fn).__name__, torch.diff(xg, prepend=xg[:1]).grad_fn.name())
(d * torch.tensor([1.0, 10.0, 100.0])).sum().backward()
print(xg.grad)
attempt(lambda: torch.diff(torch.tensor(1.0)))
attempt(lambda: torch.diff(x, n=-1))
attempt(lambda: torch.diff(a, prepend=b))
attempt(lambda: torch.diff(a, dim=0, append=torch.zeros(1, 2)))
attempt(lambda: torch.diff(a, dim=2))

# kron.
k = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
print(torch.kron(k, torch.eye(2)), torch.kron(b, k), k.kron(torch.tensor(2.0)), torch.kron(torch.tensor([1, 2]), torch.tensor([3, 4])))
print(torch.kron(k, torch.ones(2, 1, 2)).shape, torch.kron(torch.tensor([1, 2]), torch.tensor([0.5])).dtype)
print(torch.kron(a.t().contiguous(), k)[3])
kg = k.clone().requires_grad_()
kr = torch.kron(kg, torch.tensor([[1.0, -1.0], [2.0, 0.5]]))
print(kr.grad_fn.name(), kr.is_contiguous())
kr.sum().backward()
print(kg.grad)

# block_diag.
print(torch.block_diag(k, b, torch.tensor(7.0)), torch.block_diag(), torch.block_diag(torch.tensor([1, 2]), torch.tensor([[0.5]])))
print(torch.block_diag(torch.zeros(2, 0), k, torch.ones(0, 1)), torch.block_diag(b).shape, torch.block_diag(torch.tensor(True)).dtype)
bd = torch.block_diag(kg, torch.arange(3.0, requires_grad=True), torch.tensor(5.0))
print(bd.grad_fn.name(), bd.shape)
bd_in = torch.arange(3.0, requires_grad=True)
(torch.block_diag(kg, bd_in) * torch.arange(15.0).reshape(3, 5)).sum().backward()
print(kg.grad, bd_in.grad)
attempt(lambda: torch.block_diag(torch.zeros(2, 2, 2)))
attempt(lambda: torch.block_diag(k, 1))
attempt(lambda: torch.block_diag([k, k]))

# cartesian_prod.
c = torch.tensor([1, 2])
print(torch.cartesian_prod(c, torch.tensor([3, 4, 5])), torch.cartesian_prod(c) is c, torch.cartesian_prod(c, c, c).shape)
print(torch.cartesian_prod(c, torch.tensor([], dtype=torch.int64)))
attempt(lambda: torch.cartesian_prod(torch.tensor([1.0, 2.0]), torch.tensor([3, 4])))
cg = torch.tensor([1.0, 2.0], requires_grad=True)
cp = torch.cartesian_prod(cg, torch.tensor([3.0, 4.0, 5.0]))
print(cp.grad_fn.name())
(cp[:, 0] * torch.arange(6.0)).sum().backward()
print(cg.grad)
attempt(lambda: torch.cartesian_prod(a))
attempt(lambda: torch.cartesian_prod(c, torch.tensor(1)))
attempt(lambda: torch.cartesian_prod())
attempt(lambda: torch.cartesian_prod([c]))

# combinations.
e = torch.tensor([10, 20, 30, 40])
print(torch.combinations(e), torch.combinations(e, r=3), torch.combinations(e, with_replacement=True).shape)
print(torch.combinations(e, r=1), torch.combinations(e, r=0), torch.combinations(e, r=5), torch.combinations(e[:2], r=3, with_replacement=True))
print(torch.combinations(torch.tensor([]), r=2), torch.combinations(torch.tensor([1.5]), with_replacement=True))
eg = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
co = torch.combinations(eg)
print(co.grad_fn.name())
(co[:, 0] * 10 + co[:, 1]).sum().backward()
print(eg.grad)
attempt(lambda: torch.combinations(a))
attempt(lambda: torch.combinations(e, r=-1))
attempt(lambda: torch.combinations(torch.tensor(1.0)))

# vander.
v = torch.tensor([1.0, 2.0, 3.0, 5.0])
print(torch.vander(v), torch.vander(v, N=3, increasing=True), torch.vander(v, N=0), torch.vander(v, N=1))
print(torch.vander(torch.tensor([1, 2, 3])), torch.vander(torch.tensor([2], dtype=torch.int32), N=3).dtype, torch.vander(torch.tensor([True, False])))
vg = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
vd = torch.vander(vg)
print(vd.grad_fn.name(), type(torch.vander(vg, increasing=True).grad_fn).__name__, torch.vander(vg, N=1).requires_grad)
attempt(lambda: torch.vander(a))
attempt(lambda: torch.vander(v, N=-1))

# tril_indices, triu_indices.
print(torch.tril_indices(3, 3), torch.tril_indices(3, 4, 1), torch.tril_indices(4, 3, -1), torch.tril_indices(3, 3, -5))
print(torch.triu_indices(3, 3), torch.triu_indices(4, 3, -1), torch.triu_indices(2, 5, 2), torch.triu_indices(3, 3, 9))
print(torch.tril_indices(0, 3), torch.triu_indices(3, 0), torch.tril_indices(2, 2, dtype=torch.int32))
print(torch.triu_indices(3, 3, device='meta'), torch.tril_indices(row=2, col=3, offset=1))
m = torch.arange(9.0).reshape(3, 3)
i, j = torch.triu_indices(3, 3, 1)
print(m[i, j])
attempt(lambda: torch.tril_indices(-1, 3))
attempt(lambda: torch.triu_indices(3, -2))
attempt(lambda: torch.tril_indices(3, 3, dtype=torch.float32))
attempt(lambda: torch.triu_indices(3, 3, dtype=torch.uint8))
