# vmap composed with the other transforms: per-sample grad, grad_and_value with aux, jacrev and
# jacfwd per sample, vjp inside vmap, and grad of a function that uses vmap inside; each against
# a loop over the samples.
import warnings

import torch
from torch.func import grad, grad_and_value, jacfwd, jacrev, vjp, vmap

warnings.simplefilter("ignore", FutureWarning)  # PyTorch's jacfwd warns about torch.jit on first use
torch.manual_seed(0)
xs = torch.randn(5, 3)
w = torch.randn(3)


def loss(w, x):
    return torch.tanh(x @ w).pow(2).sum() + (w * x).sin().sum()


def loop(fn, *args, in_dims):
    size = next(a.shape[d] for a, d in zip(args, in_dims) if d is not None)
    return [fn(*[a if d is None else a.select(d, i) for a, d in zip(args, in_dims)]) for i in range(size)]


per_sample = vmap(grad(loss), in_dims=(None, 0))(w, xs)
print(per_sample.shape, torch.allclose(per_sample, torch.stack(loop(grad(loss), w, xs, in_dims=(None, 0)))))
g, (value, aux) = vmap(grad_and_value(lambda w, x: (loss(w, x), x.sum()), has_aux=True), in_dims=(None, 0))(w, xs)
print(g.shape, value.shape, torch.allclose(value, torch.stack([loss(w, x) for x in xs])), torch.allclose(aux, xs.sum(1)))
print(vmap(grad(loss, argnums=1), in_dims=(None, 0))(w, xs).shape)
both = vmap(grad(loss, argnums=(0, 1)))(xs, xs)
print([t.shape for t in both])

jr = vmap(jacrev(lambda x: x.sin() * x.sum()))(xs)
print(jr.shape, torch.allclose(jr, torch.stack(loop(jacrev(lambda x: x.sin() * x.sum()), xs, in_dims=(0,)))))
jf = vmap(jacfwd(lambda x: x.exp() * w))(xs)
print(jf.shape, torch.allclose(jf, torch.stack([torch.diag(x.exp() * w) for x in xs])))


def vjp_of(x, ct):
    _, fn = vjp(torch.sin, x)
    return fn(ct)[0]


print(torch.allclose(vmap(vjp_of)(xs, xs * 2), xs.cos() * xs * 2))
print(grad(lambda w: vmap(lambda x: loss(w, x))(xs).sum())(w))
print(torch.allclose(grad(lambda w: vmap(lambda x: loss(w, x))(xs).sum())(w), per_sample.sum(0), atol=1e-6))
