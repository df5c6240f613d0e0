# nn.EmbeddingBag and F.embedding_bag (issue 28; the text-classification tutorial's layer): bags from
# 2-D rows or 1-D offsets, sum/mean/max, include_last_offset, per_sample_weights, padding_idx, errors.
import warnings
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
bag = nn.EmbeddingBag(10, 3, mode="sum")
print(bag, nn.EmbeddingBag(5, 2, padding_idx=-1, max_norm=1.0), bag.weight)
inp = torch.tensor([1, 2, 4, 5, 4, 3, 2, 9])
off = torch.tensor([0, 4, 4])
print(bag(inp, off), nn.EmbeddingBag.from_pretrained(bag.weight.detach(), mode="max")(inp, off))
w = torch.arange(12.).view(4, 3)
for mode in ("sum", "mean", "max"):
    print(mode, F.embedding_bag(torch.tensor([[0, 2], [1, 3], [3, 3]]), w, mode=mode),
          F.embedding_bag(torch.tensor([0, 2, 1, 3]), w, torch.tensor([0, 1, 4]), mode=mode, include_last_offset=True))
print(F.embedding_bag(torch.tensor([0, 2, 1, 3]), w, torch.tensor([0, 2]), mode="sum",
                      per_sample_weights=torch.tensor([1., 2., 0.5, -1.])))
print(F.embedding_bag(torch.tensor([0, 2, 1, 3]), w, torch.tensor([0, 2]), mode="mean", padding_idx=2))
for f in [lambda: F.embedding_bag(torch.tensor([0, 1]), w), lambda: F.embedding_bag(torch.tensor([[0, 1]]), w, torch.tensor([0])),
          lambda: F.embedding_bag(torch.tensor([0, 1]), w, torch.tensor([1])), lambda: F.embedding_bag(torch.tensor([0, 1]), w, torch.tensor([0]), mode="min"),
          lambda: F.embedding_bag(torch.tensor([0, 1]), w, torch.tensor([0]), mode="mean", per_sample_weights=torch.ones(2)),
          lambda: F.embedding_bag(torch.tensor([0, 1]), w[0], torch.tensor([0]))]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
g = w.clone().requires_grad_()
F.embedding_bag(torch.tensor([0, 2, 1, 3, 2]), g, torch.tensor([0, 2]), mode="mean").sum().backward()
print(g.grad)
