# More of complex tensors: variance and norms (real results), running sums, trace, nonzero,
# eye/linspace/rand of a complex dtype (rand draws the float pairs, as ATen's uniform_), a
# Linear layer of complex64 weights, torch.save of a conjugate view, finfo of a complex
# dtype (its parts'), and the texts PyTorch refuses with.
import io

import torch


def attempt(label, f):
    try:
        print(label, repr(f()))
    except Exception as e:
        print(label, type(e).__name__ + ":", e)


x = torch.tensor([[1 + 2j, 3 - 1j, 0.5j], [-2 + 0j, 0j, 1 + 1j]])
print(repr(x.var()), repr(x.std(1)), repr(x.var(0, keepdim=True)), repr(x.to(torch.cdouble).std()))
print(repr(x.norm()), repr(torch.linalg.vector_norm(x, 1, dim=1)), repr(x.abs().max()))
print(repr(x.cumsum(1)), repr(x.trace() if x.shape[0] == x.shape[1] else x[:, :2].trace()))
print(repr(x.nonzero()), repr(torch.count_nonzero(x) if hasattr(torch, "count_nonzero") else 0))
print(repr(torch.eye(2, dtype=torch.cfloat)), repr(torch.linspace(0, 1, 3, dtype=torch.cdouble)))
torch.manual_seed(3)
print(repr(torch.rand(3, dtype=torch.cfloat)))
torch.manual_seed(0)
layer = torch.nn.Linear(2, 2, dtype=torch.cfloat)
print(layer.weight.dtype, repr(layer(torch.tensor([[1 + 1j, -1j]]))))
z = x.clone().requires_grad_()
(z.var() + z.cumsum(1).abs().sum() + z.norm()).backward()
print(repr(z.grad))
buffer = io.BytesIO()
torch.save([x.conj(), x[0]], buffer)
buffer.seek(0)
print(repr(torch.load(buffer)[0]), torch.finfo(torch.cfloat).eps, torch.finfo(torch.cdouble).bits)
attempt("argmax:", lambda: x.argmax())
attempt("sort:", lambda: x.sort())
attempt("abs_:", lambda: x.clone().abs_())
attempt("arange:", lambda: torch.arange(3, dtype=torch.cfloat))
attempt("complex alpha, float:", lambda: torch.add(torch.ones(2), torch.ones(2), alpha=1j))
attempt("complex alpha, int:", lambda: torch.add(torch.ones(2, dtype=torch.int64), torch.ones(2, dtype=torch.int64), alpha=1j))
attempt("complex alpha:", lambda: torch.add(torch.ones(2) * 1j, torch.ones(2), alpha=1j))
