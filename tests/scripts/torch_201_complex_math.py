# Math on complex tensors: elementwise ops (c10::complex's formulas, composed over the real
# parts in tensorplay: equal to PyTorch's within float rounding, which four printed digits
# hide), reductions, matrix products, closeness; complex64 and complex128.
import torch

x = torch.tensor([1 + 2j, 3 - 1j])
w = torch.tensor([2 - 1j, 0.5 + 0.5j])
for dtype in (torch.cfloat, torch.cdouble):
    a, b = x.to(dtype), w.to(dtype)
    print(dtype)
    print("add", repr(a + b), repr(torch.add(a, b, alpha=2)), repr(a + 1), repr(2 + a))
    print("sub", repr(a - b), repr(torch.sub(a, b, alpha=0.5)), repr(1 - a))
    print("mul", repr(a * b), repr(a * 2), repr(a * 1j), repr(a * torch.tensor([1, 2])))
    print("div", repr(a / b), repr(a / 2), repr(1 / a), repr(a / torch.tensor([2.0, 4.0])))
    print("pow", repr(a ** b), repr(a ** 2), repr(a.pow(0.5)), repr(2 ** a))
    for op in ["neg", "exp", "log", "sqrt", "sin", "cos", "tanh", "sigmoid", "reciprocal", "abs", "angle", "sgn",
               "square", "isnan", "isfinite"]:
        print(op, repr(getattr(torch, op)(a)))
    print("eq", repr(a == b), repr(a != a), repr(a == a.conj().conj()), repr(a == (1 + 2j)))
    print("sum", repr(a.sum()), repr(a.mean()), repr(a.prod()))
    m = torch.tensor([[1 + 1j, 2], [3j, 4 - 1j], [0.5, -1j]], dtype=dtype)
    print("dims", repr(m.sum(0)), repr(m.sum(1, keepdim=True)), repr(m.mean(1)), repr(m.prod(0)),
          repr(m.prod(1, keepdim=True)))
    sq = m[:2]
    print("matmul", repr(sq @ sq), repr(torch.mm(sq, sq.conj())), repr(torch.bmm(sq[None], sq[None])))
    print("mv", repr(m @ a), repr(torch.matmul(a, sq)), repr(torch.stack([sq, sq]) @ a))
    print("close", repr(torch.isclose(a, a + 1e-9)), torch.allclose(a, a), torch.allclose(a, b))

# special values
s = torch.tensor([0j, -1 + 0j, -4 + 0j, complex(0.0, -0.0), 1e-30 + 1e30j])
print(repr(torch.sqrt(s)), repr(torch.log(s[:3])), repr(s.abs()), repr(s.angle()), repr(torch.sgn(s)))
print(repr(torch.tensor([1 + 1j, 2j]) / torch.tensor([0j, 1 + 0j])))
z = torch.tensor([[0.25 + 1j, -2 + 0.5j], [1e-3 - 4j, 7 + 0j]], dtype=torch.cdouble)
print(repr(z.exp()), repr(z.log()), repr(z @ z), repr(z.sum()), repr(z.prod()))
print(repr(torch.zeros(0, dtype=torch.cfloat).sum()), repr(torch.zeros(0, dtype=torch.cfloat).prod()))
with torch.no_grad():
    q = torch.tensor([1 + 1j], requires_grad=True)
    print(repr(q * 2))
