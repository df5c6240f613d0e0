# torch.autograd.gradcheck / gradgradcheck; .data's own version counter (writes autograd must
# not see) against detach()'s shared one; _version; is_xpu / is_mps; torch.onnx importable.
import torch

torch.manual_seed(0)
x = torch.rand(2, 3, dtype=torch.double, requires_grad=True)
w = torch.rand(3, dtype=torch.double, requires_grad=True)
print(torch.autograd.gradcheck(lambda a, b: (a * b).sin().sum(1), (x, w)))
print(torch.autograd.gradgradcheck(lambda a: a.pow(3).tanh(), x))
print(torch.rand(2))  # gradgradcheck draws its grad_outputs from the global generator


class BadSquare(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        ctx.save_for_backward(a)
        return a * a

    @staticmethod
    def backward(ctx, g):
        a, = ctx.saved_tensors
        return g * 3 * a  # wrong: should be 2 * a


v = torch.tensor([1.0, 2.0], dtype=torch.double, requires_grad=True)
try:
    torch.autograd.gradcheck(BadSquare.apply, v)
except Exception as e:
    print(type(e).__name__, e)
print(torch.autograd.gradcheck(BadSquare.apply, v, raise_exception=False))
try:
    torch.autograd.gradcheck(lambda a: a * 2, torch.ones(2, dtype=torch.double))
except Exception as e:
    print(type(e).__name__, e)
try:  # the output does not depend on the input through autograd, but its values do
    torch.autograd.gradcheck(lambda a: a.detach() * 2, torch.ones(2, dtype=torch.double, requires_grad=True))
except Exception as e:
    print(type(e).__name__, e)
print(torch.autograd.gradcheck(lambda a: torch.ones(2).sum() + 0 * a.detach(), torch.ones(2, dtype=torch.double, requires_grad=True)))

# .data: writes through it are not seen by autograd; through detach() they are.
a = torch.ones(3, requires_grad=True)
y = a * a
a.data.add_(1)
y.sum().backward()
print(a.grad, a._version, a.data._version)
b = torch.ones(3, requires_grad=True)
y = b * b
b.detach().add_(1)
print(b._version)
try:
    y.sum().backward()
except Exception as e:
    print(type(e).__name__, e)
c = torch.zeros(4)
c[1] = 2
c.add_(1)
print(c._version, c[1:]._version, c.view(2, 2)._version)

print(torch.zeros(1).is_xpu, torch.zeros(1).is_mps, torch.zeros(1).is_cpu)
import torch.onnx  # noqa: E402
print(torch.onnx.is_in_onnx_export())
