# Source: d2l-ai/d2l-en, chapter_preliminaries/probability.md (the PyTorch code cells, in order)
#   commit 23d7a5aecceee57d1292c56e90cce307f183bb0a, sample code under LICENSE-SAMPLECODE (MIT-0)
#   (Dive into Deep Learning). tensorplay corpus: a notebook's displayed cell values are printed.
import torch
torch.manual_seed(0)  # tensorplay corpus: seed added for determinism

def show(value):  # tensorplay corpus: prints what a notebook shows for a cell's last expression
    if value is not None:
        print(repr(value))

# tensorplay corpus: `from d2l import torch as d2l` removed (used only for the plot below)
import random
random.seed(0)  # tensorplay corpus: seed added for determinism
import torch
from torch.distributions.multinomial import Multinomial

num_tosses = 100
heads = sum([random.random() > 0.5 for _ in range(num_tosses)])
tails = num_tosses - heads
print("heads, tails: ", [heads, tails])

fair_probs = torch.tensor([0.5, 0.5])
show((Multinomial(100, fair_probs).sample()))

show((Multinomial(100, fair_probs).sample() / 100))

counts = Multinomial(10000, fair_probs).sample()
show((counts / 10000))

counts = Multinomial(1, fair_probs).sample((10000,))
cum_counts = counts.cumsum(dim=0)
estimates = cum_counts / cum_counts.sum(dim=1, keepdims=True)
estimates = estimates.numpy()

# tensorplay corpus: the d2l.plt plot of the two estimate curves replaced by printing samples of them
print(estimates[[0, 9, 99, 999, 9999]])
