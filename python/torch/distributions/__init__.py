"""torch.distributions: parameterizable probability distributions and sampling functions, as in
PyTorch (the part RL / VAE tutorials and d2l use: Normal, Uniform, Bernoulli, Categorical,
Multinomial, kl_divergence), written like PyTorch's own package so the same random draws happen in the same
order."""
from torch.distributions import constraints
from torch.distributions.bernoulli import Bernoulli
from torch.distributions.categorical import Categorical
from torch.distributions.distribution import Distribution
from torch.distributions.exp_family import ExponentialFamily
from torch.distributions.kl import kl_divergence, register_kl
from torch.distributions.multinomial import Multinomial
from torch.distributions.normal import Normal
from torch.distributions.uniform import Uniform

__all__ = [
    "Bernoulli",
    "Categorical",
    "Distribution",
    "ExponentialFamily",
    "Multinomial",
    "Normal",
    "Uniform",
    "kl_divergence",
    "register_kl",
]
