# In-place writes through views: the write joins the base's history (CopySlices), every view
# of that base rebuilds its grad_fn (AsStridedBackward0), and the views that may not be
# written (split/unbind pieces, views made under no_grad, views of leaves) raise PyTorch's errors.
import torch
import torch.nn.functional as F


def attempt(label, fn):
    try:
        fn()
        print(label, "ok")
    except RuntimeError as e:
        print(label, "RuntimeError:", e)


s = torch.tensor([1., 2., 3., 4.], requires_grad=True)

# A write through a view of a non-leaf: the base's grad_fn becomes CopySlices.
h = s * 2
v = h[0:2]
print(v.grad_fn.name(), v._base is h, v._is_view(), h._is_view())
v.mul_(10)
print(v.grad_fn.name(), h.grad_fn.name(), h._version, v._version)
print(h)
h.sum().backward()
print(s.grad)
s.grad = None

# A zero buffer filled through a view by a tensor that requires grad.
o = torch.zeros(3, 2)
src = torch.tensor([1., 2.], requires_grad=True)
o[1].copy_(src)
print(o.grad_fn.name(), o.requires_grad, o.is_leaf)
(o * torch.arange(6.).view(3, 2)).sum().backward()
print(src.grad)

# Another view of the same base sees the write (its grad_fn is rebuilt from the base).
h = s * 2
a = h[0]
b = h[0:2]
a.mul_(10)
print(b.grad_fn.name(), b)
b.sum().backward()
print(s.grad)
s.grad = None

# A write to the base itself: its earlier views are rebuilt too.
h = s * 2
tail = h[1:]
h.mul_(3)
print(tail.grad_fn.name())
tail.sum().backward()
print(s.grad)
s.grad = None

# A view of a view: the write reaches the root base.
h = s * 2
row = h.view(2, 2)[1]
row.add_(1)
print(row._base is h, row.grad_fn.name(), h.grad_fn.name())
h.sum().backward()
print(s.grad)
s.grad = None

# Real-world shapes: an activation applied in place to part of a layer's output.
torch.manual_seed(0)
x = torch.arange(6.).view(2, 3) / 6
w = torch.tensor([[1., -1., 0.5, 2.], [0.5, 0.25, -2., 1.], [-1., 1., 1., -0.5]], requires_grad=True)
out = x @ w
out[:, :2].mul_(3)
F.relu(out[:, 2:], inplace=True)
print(type(out.grad_fn).__name__)
out.sum().backward()
print(w.grad)
w.grad = None
out = x @ w
out[:, 1:].sigmoid_()
out.sum().backward()
print(w.grad)

# The other operand requires grad, the written base does not.
weights = torch.tensor([3., 5.], requires_grad=True)
buf = torch.ones(2, 2)
buf[:, 1].mul_(weights)
print(buf.grad_fn.name(), buf)
buf.sum().backward()
print(weights.grad)

# A write under no_grad is not recorded.
h = s * 2
with torch.no_grad():
    h[1:].zero_()
print(h.grad_fn.name(), h)
h.sum().backward()
print(s.grad)
s.grad = None

# Which results are views, and of what.
e = torch.randn(3, 4)
print(e.t()._is_view(), e.reshape(12)._is_view(), e.t().reshape(12)._is_view(), e.contiguous()._is_view())
print(e[[0, 1]]._is_view(), e.T._is_view(), e.expand(2, 3, 4)._is_view(), e.unsqueeze(0)._is_view())
print(e.flatten()._is_view(), e.detach()._is_view(), e.view_as(e)._is_view(), e.narrow(1, 1, 2)._is_view())
print(e.diagonal()._is_view(), e.unfold(1, 2, 1)._is_view(), e[1]._is_view(), e.permute(1, 0)._is_view())
print(e.movedim(0, 1)._is_view(), e.split(2)[0]._is_view(), e.unbind()[0]._is_view(), e.as_strided((2,), (1,))._is_view())
print(e.sum()._is_view(), (e + 1)._is_view(), e.clone()._is_view(), e.squeeze()._is_view())
print(e.view(12).view(3, 4)._base is e, e.t()[0]._base is e, e._base, e.detach()._base)
print(torch.broadcast_to(e, (2, 3, 4))._base is e, e.expand_as(torch.ones(2, 3, 4))._is_view())

# A view made under no_grad of a base that requires grad: it requires grad, without a grad_fn.
with torch.no_grad():
    nv = s[0:2]
print(nv.requires_grad, nv.grad_fn, nv.is_leaf)
print(nv)

# The views that may not be written while a gradient is recorded.
attempt("view of a leaf", lambda: s[0].mul_(2))
attempt("setitem on a leaf", lambda: s.__setitem__(0, 5.))
attempt("unbind piece", lambda: (s * 2).unbind()[0].mul_(2))
attempt("split piece", lambda: (s * 2).split(2)[1].add_(1))
attempt("chunk piece", lambda: (s * 2).chunk(2)[1].add_(1))
attempt("split_with_sizes piece", lambda: (s * 2).split([1, 3])[1].add_(1))
attempt("tensor_split piece", lambda: (s * 2).tensor_split(2)[1].add_(1))
attempt("no_grad view", lambda: nv.mul_(2))
z = torch.zeros(2, 2)
attempt("unbind of a plain tensor, written with a tensor that requires grad", lambda: z.unbind()[0].copy_(src))
attempt("unbind of a plain tensor, written with a number", lambda: z.unbind()[0].mul_(2))
with torch.no_grad():
    znv = z[0]
attempt("plain view made under no_grad, written with grad", lambda: znv.copy_(src))

h = s * 2
with torch.no_grad():
    hv = h[0:3]
hvv = hv[0:2]
print(hvv.grad_fn.name())
attempt("view of a no_grad view", lambda: hvv.mul_(2))

h = s * 2
piece = h.unbind()[1]
h.mul_(2)
attempt("unbind piece after its base was written", lambda: piece.grad_fn)
attempt("using it", lambda: piece + 1)

# Writes through views with nothing recorded are fine, and the gradient of the rest stays right.
with torch.no_grad():
    for r in (s * 2).unbind():
        r.mul_(2)
h = s * 2
p0, p1 = h.split(2)
print(p0.grad_fn.name(), p1.grad_fn.name())
(p0.sum() + 2 * p1.sum()).backward()
print(s.grad)

# An in-place op's saved output is the written tensor itself: a later write to it (or to its
# base, through another view) is caught when backward needs it.
out = x @ w
out[:, :2].sigmoid_()
F.relu(out[:, 2:], inplace=True)
attempt("sigmoid_ output written again through its base", lambda: out.sum().backward())
h = s * 2
h.sigmoid_()
h.mul_(2)
attempt("sigmoid_ output written again", lambda: h.sum().backward())
h = s * 2
h.exp_()
h.sum().backward()
print(s.grad)
s.grad = None

# A saved output still carries the graph under create_graph (exp's and tanh's second derivatives).
r = torch.tensor([0.5, 1.0], requires_grad=True)
g, = torch.autograd.grad(r.exp().sum(), r, create_graph=True)
print(g, type(g.grad_fn).__name__)
g.sum().backward()
print(r.grad)
g, = torch.autograd.grad(torch.tanh(r).sum(), r, create_graph=True)
print(torch.autograd.grad(g.sum(), r))

# detach_() cannot cut a view out of its base's graph (any view, even without grad); a
# tensor that is no view can.
attempt("detach_ of a view of a non-leaf", lambda: (s * 2)[0:2].detach_())
attempt("detach_ of a view without grad", lambda: torch.ones(3).view(3).detach_())
h = s * 2
h.detach_()
print(h.requires_grad, h.grad_fn, h._is_view())

# The version error names the op that made the saved input as it is now: its own op when
# written under no_grad (PyTorch says "output 0" even for var_mean's mean, output 1), the
# in-place op when written with grad.
for grad_mode in (False, True):
    x = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
    v, m = torch.var_mean(x, dim=0)
    z = m.sin()
    with torch.set_grad_enabled(grad_mode):
        m.add_(1)
    attempt(f"saved input written, grad mode {grad_mode}", lambda: z.sum().backward())
