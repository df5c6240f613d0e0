# torch.autograd.Function: forward/backward staticmethods through Function.apply, ctx
# (save_for_backward, saved_tensors, needs_input_grad, mark_non_differentiable, mark_dirty,
# set_materialize_grads, attributes), non-tensor arguments, the grad_fn object and its
# repr, PyTorch's errors for wrong gradients and old-style functions, and the grad-mode
# decorators. Recorded from PyTorch 2.15 (CPU).
import warnings

import torch

# A warning as its category and text (its first line names this script by a path).
warnings.showwarning = lambda msg, cat, *args, **kwargs: print(cat.__name__ + ':', msg)


def attempt(f):
    try:
        r = f(); print('ok', r)
    except Exception as e:
        print(type(e).__name__ + ':', e)


class MyReLU(torch.autograd.Function):
    @staticmethod
    def forward(ctx, input, k):
        ctx.save_for_backward(input)
        ctx.k = k
        print('forward needs', ctx.needs_input_grad, type(ctx).__name__, torch.is_grad_enabled())
        return input.clamp(min=0) * k

    @staticmethod
    def backward(ctx, grad_output):
        input, = ctx.saved_tensors
        g = grad_output.clone()
        g[input < 0] = 0
        return g * ctx.k, None


x = torch.tensor([-1.0, 2.0, 3.0], requires_grad=True)
y = MyReLU.apply(x, 2.0)
print(y)
print(type(y.grad_fn), y.grad_fn, y.grad_fn.name(), y.grad_fn.next_functions)
print(type(y.grad_fn).__module__, type(y.grad_fn).__qualname__, y.grad_fn is y.grad_fn, y.is_leaf)
print(y.grad_fn.saved_tensors, y.grad_fn.k, y.grad_fn.needs_input_grad)
z = (y * y).sum()
print(z.grad_fn.next_functions[0][0].next_functions[0][0] is y.grad_fn)
z.backward()
print(x.grad)
attempt(lambda: y.grad_fn.saved_tensors)
attempt(lambda: y.sum().backward())
with torch.no_grad():
    n = MyReLU.apply(x, 1.0)
print(n, n.grad_fn, n.requires_grad)
n = MyReLU.apply(torch.ones(2), 1.0)
print(n, n.grad_fn, n.requires_grad)

# retain_graph, two uses of one output, double inputs.
xd = torch.tensor([[0.5, -2.0], [1.5, 3.0]], dtype=torch.double, requires_grad=True)
y = MyReLU.apply(xd, 3)
(y.sum() + (y * 2).sum()).backward(retain_graph=True)
print(xd.grad, y.dtype)
y.sum().backward()
print(xd.grad)
print(torch.autograd.grad(MyReLU.apply(xd, -1.0).sum(), xd))


class Legendre(torch.autograd.Function):
    @staticmethod
    def forward(ctx, input):
        ctx.save_for_backward(input)
        return 0.5 * (5 * input ** 3 - 3 * input)

    @staticmethod
    def backward(ctx, grad_output):
        input, = ctx.saved_tensors
        return grad_output * 1.5 * (5 * input ** 2 - 1)


a = torch.tensor(0.3, requires_grad=True)
b = torch.linspace(-1, 1, 5)
out = Legendre.apply(a * b)
print(out)
out.sum().backward()
print(a.grad)


class Two(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, b):
        s = a + b
        i = torch.argmax(a)
        ctx.mark_non_differentiable(i)
        return s, a * b, i

    @staticmethod
    def backward(ctx, g1, g2, g3):
        print('Two.backward', g1, g2, g3)
        return g1 + g2, g1


a = torch.tensor([1., 2.], requires_grad=True)
b = torch.tensor([3., 4.], requires_grad=True)
s, p, i = Two.apply(a, b)
print(s, p, i, i.requires_grad, s.grad_fn is p.grad_fn)
s.sum().backward()
print(a.grad, b.grad)


class NoMaterialize(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        ctx.set_materialize_grads(False)
        return a.clone(), a.clone()

    @staticmethod
    def backward(ctx, g1, g2):
        print('NoMaterialize.backward', g1, g2)
        return g1


q, r = NoMaterialize.apply(a)
q.sum().backward()


class Same(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        return a

    @staticmethod
    def backward(ctx, g):
        return g * 5


o = Same.apply(a)
print(o is a, o.grad_fn, a.grad_fn, o)


class AddOne(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        a.add_(1)
        ctx.mark_dirty(a)
        return a

    @staticmethod
    def backward(ctx, g):
        return g * 2


lx = torch.tensor([1., 2.], requires_grad=True)
h = lx * 1
out = AddOne.apply(h)
print(out is h, out, h.grad_fn)
out.sum().backward()
print(lx.grad)
attempt(lambda: AddOne.apply(lx))
print(lx)


class DirtyNotReturned(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        a.add_(1)
        ctx.mark_dirty(a)
        return a * 2


attempt(lambda: DirtyNotReturned.apply(lx * 1))


class OnlySecond(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, b):
        print('OnlySecond needs', ctx.needs_input_grad)
        return a * b

    @staticmethod
    def backward(ctx, g):
        return None, g * 2


c = torch.ones(2)
d = torch.tensor([1., 1.], requires_grad=True)
OnlySecond.apply(c, d).sum().backward()
print(d.grad, c.grad)


class WithSetup(torch.autograd.Function):
    @staticmethod
    def forward(x, k):
        return x * k

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.k = inputs[1]

    @staticmethod
    def backward(ctx, g):
        return g * ctx.k, None


w = torch.tensor([1., 2.], requires_grad=True)
WithSetup.apply(w, 4.0).sum().backward()
print(w.grad)


# Errors.
def bad(backward, *args):
    cls = type('Bad', (torch.autograd.Function,), {
        'forward': staticmethod(lambda ctx, *a: a[0] * 2), 'backward': staticmethod(backward)})
    attempt(lambda: cls.apply(*args).sum().backward())


x = torch.tensor([1., 2., 3.], requires_grad=True)
bad(lambda ctx, g: g, x, x)
bad(lambda ctx, g: (g, g), x, 3.0)
bad(lambda ctx, g: g[:2], x)
bad(lambda ctx, g: 3, x)
bad(lambda ctx, g: (g, None, None), x)
bad(lambda ctx, g: (g, g, g), x)
bad(lambda ctx, g: g.sum(), x)
bad(lambda ctx, g: torch.ones(2, 3), x)
bad(lambda ctx, g: g.double(), x)
bad(lambda ctx, g: 1 / 0, x)
print(x.grad)


class Old(torch.autograd.Function):
    def forward(self, a):
        return a * 2

    def backward(self, g):
        return g


attempt(lambda: Old.apply(x))
attempt(lambda: Old()(x))
class NoBackward(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        return a * 2


attempt(lambda: NoBackward.apply(x).sum().backward())
class NoForward(torch.autograd.Function):
    pass


attempt(lambda: NoForward.apply(x))
class SaveNumber(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        ctx.save_for_backward(a, 3)
        return a


attempt(lambda: SaveNumber.apply(x))
class Modified(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, c):
        ctx.save_for_backward(c)
        return a * c

    @staticmethod
    def backward(ctx, g):
        c, = ctx.saved_tensors
        return g * c, None


h = torch.ones(3)
m = Modified.apply(x, h)
h.add_(1)
attempt(lambda: m.sum().backward())


# The grad-mode decorators.
@torch.no_grad()
def f1(t):
    return t * 2


@torch.no_grad
def f2(t):
    return t * 2


@torch.enable_grad()
def f3(t):
    return t * 2


@torch.inference_mode()
def f4(t):
    return t * 2


@torch.set_grad_enabled(False)
def f5(t):
    return t * 2


print(f1(x).requires_grad, f2(x).requires_grad, f4(x).requires_grad, f5(x).requires_grad, torch.is_grad_enabled())
with torch.no_grad():
    print(f3(x).requires_grad)
print(f1.__name__, f2.__name__, f5.__name__)
