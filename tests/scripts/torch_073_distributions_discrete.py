# torch.distributions, discrete part: Bernoulli and Categorical (probs or logits, lazy
# conversions, seeded samples, log_prob/entropy, validation errors), their KL divergences and a
# REINFORCE-style policy-gradient step.
import torch
import torch.nn as nn
from torch.distributions import Bernoulli, Categorical, kl_divergence
from torch.distributions.utils import logits_to_probs, probs_to_logits, clamp_probs, broadcast_all


def show(label, fn):
    try:
        print(label, fn())
    except Exception as e:
        print(label, type(e).__name__, e)


torch.manual_seed(0)
b = Bernoulli(0.3)
print(b, b.batch_shape, b.event_shape, b.support)
print(b.sample(), b.sample((6,)), b.probs, b.logits)
print(b.mean, b.variance, b.stddev, b.entropy(), b.mode)
print(b.log_prob(torch.tensor([0.0, 1.0])))
bl = Bernoulli(logits=torch.tensor([-1.0, 0.0, 2.0]))
print(bl)
print(bl.probs, bl, bl.sample((2,)), bl.entropy(), bl.mode)
print(bl.log_prob(torch.tensor([1.0, 0.0, 1.0])), bl.enumerate_support(), bl.param_shape)
bp = Bernoulli(torch.tensor([[0.1, 0.9], [0.5, 0.0]]))
print(bp, bp.batch_shape, bp.sample(), bp.enumerate_support(expand=False).shape)
print(bp.entropy(), bp.logits, bp.expand([3, 2, 2]).batch_shape)
show("both", lambda: Bernoulli(probs=0.5, logits=0.0))
show("neither", lambda: Bernoulli())
show("probs > 1", lambda: Bernoulli(torch.tensor([0.5, 1.5])))
show("not boolean", lambda: Bernoulli(0.5).log_prob(torch.tensor(0.5)))
p = torch.tensor([0.2, 0.7], requires_grad=True)
lp = Bernoulli(p).log_prob(torch.tensor([1.0, 0.0]))
lp.sum().backward()
print(lp, p.grad)
lg = torch.tensor([0.3], requires_grad=True)
e = Bernoulli(logits=lg).entropy()
e.sum().backward()
print(e, lg.grad)

torch.manual_seed(0)
c = Categorical(torch.tensor([0.1, 0.2, 0.3, 0.4]))
print(c, c.batch_shape, c.event_shape, c.param_shape, c.support)
print(c.sample(), c.sample((8,)), c.sample((2, 3)))
print(c.probs, c.logits, c.entropy(), c.mode)
print(c.log_prob(torch.tensor([0, 3, 2])), c.enumerate_support(), c.mean, c.variance)
cu = Categorical(torch.tensor([1.0, 1.0, 2.0]))
print(cu.probs, cu.entropy())
cl = Categorical(logits=torch.tensor([[1.0, 2.0, 3.0], [0.0, 0.0, -1.0]]))
print(cl, cl.batch_shape, cl.logits)
print(cl.probs, cl.sample(), cl.sample((4,)), cl.sample((4,)).shape)
print(cl.log_prob(torch.tensor([2, 0])), cl.log_prob(torch.tensor([[1], [2]])), cl.entropy())
print(cl.enumerate_support(), cl.mode, cl.expand([5, 2]).sample().shape)
print(Categorical(probs=torch.tensor([0.5, 0.5, 0.0])).entropy())
show("neg probs", lambda: Categorical(torch.tensor([0.5, -0.1, 0.6])))
show("0-dim", lambda: Categorical(torch.tensor(0.5)))
show("0-dim logits", lambda: Categorical(logits=torch.tensor(0.5)))
show("out of support", lambda: c.log_prob(torch.tensor(4)))
show("non-integer", lambda: c.log_prob(torch.tensor(1.5)))
show("bad batch", lambda: cl.log_prob(torch.tensor([0, 1, 2])))
show("both", lambda: Categorical(probs=torch.ones(2), logits=torch.ones(2)))
show("nan logits", lambda: Categorical(logits=torch.tensor([0.0, float('nan')])))

# utils
print(logits_to_probs(torch.tensor([0.0, 1.0])), logits_to_probs(torch.tensor([0.0, 1.0]), is_binary=True))
print(probs_to_logits(torch.tensor([0.25, 0.75])), probs_to_logits(torch.tensor([0.0, 0.25, 1.0]), is_binary=True))
print(clamp_probs(torch.tensor([0.0, 0.5, 1.0])), broadcast_all(torch.zeros(2, 1), 3.0, torch.ones(3)))

# KL
print(kl_divergence(Bernoulli(torch.tensor([0.2, 0.0, 1.0])), Bernoulli(torch.tensor([0.5, 0.3, 0.0]))))
pc = Categorical(torch.tensor([[0.2, 0.8, 0.0], [0.3, 0.3, 0.4]]))
qc = Categorical(logits=torch.tensor([1.0, 0.0, -1.0]))
print(kl_divergence(pc, qc), kl_divergence(qc, pc))

# REINFORCE: sample actions from a policy, weight log-probs by the rewards, step.
torch.manual_seed(0)
policy = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 3))
opt = torch.optim.SGD(policy.parameters(), lr=0.1)
states = torch.randn(5, 4)
dist = Categorical(logits=policy(states))
actions = dist.sample()
rewards = (actions == 1).float() - 0.5
loss = -(dist.log_prob(actions) * rewards).mean() - 0.01 * dist.entropy().mean()
opt.zero_grad()
loss.backward()
opt.step()
print(actions, rewards, loss)
print(policy[2].bias.grad)
print(policy[0].weight[0])
dist2 = Categorical(logits=policy(states))
print(dist2.probs)

# what the package builds on: torch.broadcast_tensors, Tensor.ndimension, torch's constants
a = torch.zeros(2, requires_grad=True)
bt = torch.broadcast_tensors(a, torch.ones(3, 1), torch.zeros(3, 2))
print(bt, type(bt).__name__)
print(torch.broadcast_tensors(a)[0] is a, torch.broadcast_tensors(), torch.broadcast_tensors(torch.tensor(1.0)))
show("bt mismatch", lambda: torch.broadcast_tensors(torch.zeros(2), torch.zeros(3)))
show("bt number", lambda: torch.broadcast_tensors(torch.zeros(2), 3))
print(torch.zeros(2, 3).ndimension(), torch.tensor(1).ndimension(), torch.pi, torch.e, torch.inf, torch.nan)
