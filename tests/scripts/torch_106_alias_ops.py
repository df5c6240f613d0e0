# Ops PyTorch spells as other ops, and the complex-number ops that are no-ops on real tensors
# (issue 28): values, identities and PyTorch's error texts.
import torch


def attempt(label, fn):
    try:
        print(label, "->", fn())
    except Exception as e:
        print(label, "->", type(e).__name__ + ":", e)


x = torch.tensor([[3., -1., 2.], [0., 5., -4.]])
print(torch.broadcast_to(torch.tensor([1, 2, 3]), (2, 3)), x[0].broadcast_to(2, 3).stride())
print(torch.argwhere(x > 0), x.argwhere().shape, torch.msort(x), x.msort())
print(torch.split_with_sizes(torch.arange(5), [2, 3]), torch.unsafe_split(torch.arange(5), 2))
print(torch.unsafe_chunk(torch.arange(6), 4), x.unsafe_chunk(2, dim=1)[1])
print(torch.rsub(x, 1), torch.rsub(x, torch.ones(3), alpha=2), torch.rsub(torch.tensor([1, 2]), 5, alpha=2))
print(torch.fill(torch.tensor([1, 2]), 2.7), torch.scalar_tensor(3), torch.scalar_tensor(2, dtype=torch.int64))
print(torch.broadcast_shapes((2, 1), (3,)), torch.broadcast_shapes(3, (2, 1)), torch.broadcast_shapes())
attempt("broadcast_shapes", lambda: torch.broadcast_shapes((2, 3), (4,)))
print(x.sum_to_size(1, 3), x.sum_to_size(3), x.sum_to_size((2, 1)))
attempt("sum_to_size", lambda: x.sum_to_size(4))
print(torch.conj(x) is x, torch.conj_physical(x) is x, torch.resolve_conj(x) is x, x.resolve_neg() is x)
print(torch.real(x) is x, x.real is x, x.is_conj(), x.is_neg(), x.mH.shape)
attempt("imag", lambda: torch.imag(x))
attempt("x.imag", lambda: x.imag)
print(torch.pinverse(torch.tensor([[2., 0.], [0., 4.]])), torch.linalg.diagonal(torch.arange(8.).view(2, 2, 2)))
print(torch.tensor([[1., 2.], [3., 4.]]).pinverse(rcond=0.5))
g = torch.tensor([1., 2., 3.], requires_grad=True)
(torch.rsub(g, 1.0, alpha=3).sum() + torch.broadcast_to(g, (2, 3)).sum()).backward()
print(g.grad)
