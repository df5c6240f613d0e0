# torch.distributions, continuous part: Normal and Uniform (reprs, shapes, seeded samples,
# log_prob/entropy/cdf, gradients through rsample and log_prob, validation errors) and
# kl_divergence, a VAE-style reparameterisation step.
import math
import torch
import torch.nn as nn
from torch.distributions import Normal, Uniform, Distribution, kl_divergence, constraints
import torch.distributions as D


def show(label, fn):
    try:
        print(label, fn())
    except Exception as e:
        print(label, type(e).__name__, e)


torch.manual_seed(0)
n = Normal(0., 1.)
print(n, n.batch_shape, n.event_shape, n.has_rsample)
print(n.mean, n.stddev, n.variance, n.mode)
print(n.sample(), n.sample((3,)), n.rsample((2, 2)))
print(n.log_prob(torch.tensor(0.5)), n.entropy(), n.cdf(torch.tensor(0.3)))
print(n.perplexity())

nb = Normal(torch.tensor([0.0, 1.0, -2.0]), torch.tensor([1.0, 0.5, 2.0]))
print(nb)
print(nb.batch_shape, nb.event_shape, nb.sample().shape, nb.sample((4, 2)).shape)
print(nb.sample((2,)))
print(nb.log_prob(torch.tensor([0.1, 0.2, 0.3])))
print(nb.log_prob(torch.zeros(5, 3)).shape, nb.entropy())
print(Normal(torch.tensor([1.0]), 2.0), Normal(torch.zeros(2, 3), 1.0).batch_shape)
print(Normal(torch.tensor(1.0, dtype=torch.float64), 2.0).sample().dtype)
print(nb.expand(torch.Size([2, 3])).batch_shape, nb.expand([2, 3]))
print(Normal.arg_constraints, Normal.support, constraints.positive, constraints.real_vector)

# rsample carries gradients (reparameterisation); sample does not.
loc = torch.tensor([0.5, -0.5], requires_grad=True)
scale = torch.tensor([1.0, 2.0], requires_grad=True)
d = Normal(loc, scale)
z = d.rsample()
print(z, z.requires_grad, d.sample().requires_grad)
z.sum().backward()
print(loc.grad, scale.grad)
loc.grad = None; scale.grad = None
lp = d.log_prob(torch.tensor([1.0, 1.0]))
print(lp, lp.grad_fn is not None)
lp.sum().backward()
print(loc.grad, scale.grad)
print(d.entropy())

# validation (on by default) with PyTorch's texts
show("neg scale", lambda: Normal(0., -1.))
show("neg scale t", lambda: Normal(torch.zeros(2), torch.tensor([1.0, 0.0])))
show("nan loc", lambda: Normal(torch.tensor([float('nan')]), 1.0))
show("no validate", lambda: Normal(0., -1., validate_args=False))
show("bad type", lambda: Normal("a", 1.0))
show("log_prob float", lambda: Normal(0., 1.).log_prob(0.5))
show("log_prob shape", lambda: nb.log_prob(torch.zeros(2)))
show("mode uniform", lambda: Uniform(0., 1.).mode)

torch.manual_seed(1)
u = Uniform(0., 5.)
print(u, u.support, u.batch_shape)
print(u.sample(), u.sample((4,)), u.rsample((2,)))
print(u.mean, u.stddev, u.variance, u.entropy())
print(u.log_prob(torch.tensor([1.0, 4.9])), u.cdf(torch.tensor([0.0, 2.5, 4.0])))
ub = Uniform(torch.tensor([0.0, -1.0]), torch.tensor([1.0, 3.0]))
print(ub, ub.sample((3,)))
show("uniform out of support", lambda: ub.log_prob(torch.tensor([0.5, 3.5])))
show("uniform low>=high", lambda: Uniform(2., 1.))
print(Uniform(0., 1., validate_args=False).log_prob(torch.tensor(2.0)))
low = torch.tensor(1.0, requires_grad=True)
high = torch.tensor(3.0, requires_grad=True)
r = Uniform(low, high).rsample((3,))
r.sum().backward()
print(r, low.grad, high.grad)

# kl_divergence
p = Normal(torch.tensor([0.0, 1.0]), torch.tensor([1.0, 2.0]))
q = Normal(torch.tensor([0.5, 0.0]), torch.tensor([1.5, 1.0]))
print(kl_divergence(p, q), kl_divergence(q, p), kl_divergence(p, p))
print(kl_divergence(Uniform(0., 1.), Uniform(-1., 2.)), kl_divergence(Uniform(-1., 2.), Uniform(0., 1.)))
print(kl_divergence(Uniform(0., 1.), Normal(0., 1.)), kl_divergence(Normal(0., 1.), Uniform(0., 1.)))
show("kl missing", lambda: kl_divergence(Normal(0., 1.), D.Bernoulli(0.5)))
show("kl missing 2", lambda: kl_divergence(Normal(0., 1.), D.Categorical(torch.ones(2))))

# VAE reparameterisation: encoder -> (mu, logvar) -> z = rsample -> decoder; KL to N(0, 1).
torch.manual_seed(0)
enc = nn.Linear(4, 4)
dec = nn.Linear(2, 4)
x = torch.randn(3, 4)
h = enc(x)
mu, logvar = h[:, :2], h[:, 2:]
posterior = Normal(mu, torch.exp(0.5 * logvar))
zz = posterior.rsample()
recon = dec(zz)
kl = kl_divergence(posterior, Normal(torch.zeros_like(mu), torch.ones_like(mu))).sum(-1).mean()
loss = nn.functional.mse_loss(recon, x) + kl
loss.backward()
print(posterior.batch_shape, zz.grad_fn.name(), kl, loss)
print(enc.weight.grad)
print(dec.bias.grad)

# the default validation switch
Distribution.set_default_validate_args(False)
print(Normal(0., -1.).scale)
Distribution.set_default_validate_args(True)
show("validate again", lambda: Normal(0., -1.))
show("set bad", lambda: Distribution.set_default_validate_args(3))
