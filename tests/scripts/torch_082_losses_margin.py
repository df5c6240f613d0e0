# Losses: cosine_embedding, margin_ranking, hinge_embedding, triplet_margin(_with_distance),
# poisson_nll, gaussian_nll, soft_margin, multilabel_soft_margin, multi_margin,
# multilabel_margin: every reduction, gradients, grad_fn names, legacy size_average/reduce,
# the modules, and PyTorch's shape and argument errors.
import warnings

import torch
import torch.nn as nn
import torch.nn.functional as F


def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


def show(name, loss, *inputs):
    print(name, loss)
    grads = torch.autograd.grad(loss.sum(), inputs, allow_unused=True)
    for g in grads:
        print(g)


torch.manual_seed(0)
x = torch.randn(3, 4, requires_grad=True)
y = torch.randn(3, 4, requires_grad=True)
z = torch.randn(3, 4, requires_grad=True)
t_pm = torch.tensor([1., -1, 1])
v1 = torch.randn(5, requires_grad=True)
v2 = torch.randn(5, requires_grad=True)
t5 = torch.tensor([1., -1, 1, -1, 1])
hinge_t = torch.tensor([[1., -1, 1, -1], [1, 1, -1, -1], [-1, -1, 1, 1]])
cls = torch.tensor([0, 1, 3])
ml_t = torch.tensor([[0, 1, -1, 2], [3, -1, 0, 0], [1, 2, 3, 0]])
soft_t = (torch.randn(3, 4) > 0).float()

for r in ["mean", "sum", "none"]:
    print("reduction", r)
    show("cosine_embedding", F.cosine_embedding_loss(x, y, t_pm, reduction=r), x, y)
    show("cosine_embedding margin", F.cosine_embedding_loss(x, y, t_pm, margin=0.2, reduction=r), x)
    show("margin_ranking", F.margin_ranking_loss(v1, v2, t5, reduction=r), v1, v2)
    show("margin_ranking margin", F.margin_ranking_loss(v1, v2, t5, margin=0.5, reduction=r), v1)
    show("hinge_embedding", F.hinge_embedding_loss(x, hinge_t, reduction=r), x)
    show("hinge_embedding margin", F.hinge_embedding_loss(x, hinge_t, margin=2.0, reduction=r), x)
    show("triplet_margin", F.triplet_margin_loss(x, y, z, reduction=r), x, y, z)
    show("triplet_margin p1 swap", F.triplet_margin_loss(x, y, z, margin=2.0, p=1, swap=True, reduction=r), x, z)
    show("triplet_with_distance", F.triplet_margin_with_distance_loss(x, y, z, reduction=r), x, y, z)
    show("triplet_with_distance cos swap", F.triplet_margin_with_distance_loss(
        x, y, z, distance_function=lambda a, b: 1.0 - F.cosine_similarity(a, b), swap=True, reduction=r), x)
    show("poisson_nll", F.poisson_nll_loss(x, y.abs(), reduction=r), x)
    show("poisson_nll full", F.poisson_nll_loss(x.abs(), y.abs() * 3, log_input=False, full=True, reduction=r), x)
    show("gaussian_nll", F.gaussian_nll_loss(x, y, torch.ones(3, 4) * 0.5, reduction=r), x, y)
    show("gaussian_nll full homo", F.gaussian_nll_loss(x, y, torch.full((3, 1), 0.3), full=True, reduction=r), x)
    show("gaussian_nll short var", F.gaussian_nll_loss(x, y, torch.tensor([0.5, 1.0, 2.0]), reduction=r), x)
    show("soft_margin", F.soft_margin_loss(x, hinge_t, reduction=r), x)
    show("multilabel_soft_margin", F.multilabel_soft_margin_loss(x, soft_t, reduction=r), x)
    show("multilabel_soft_margin weight", F.multilabel_soft_margin_loss(
        x, soft_t, weight=torch.tensor([1., 2, 3, 4]), reduction=r), x)
    show("multi_margin", F.multi_margin_loss(x, cls, reduction=r), x)
    show("multi_margin p2 weight", F.multi_margin_loss(x, cls, p=2, margin=0.5, weight=torch.tensor([1., 2, 3, 4]),
                                                       reduction=r), x)
    show("multilabel_margin", F.multilabel_margin_loss(x, ml_t, reduction=r), x)

# grad_fn of each loss
for loss in [F.cosine_embedding_loss(x, y, t_pm), F.margin_ranking_loss(v1, v2, t5, reduction="none"),
             F.hinge_embedding_loss(x, hinge_t, reduction="sum"), F.triplet_margin_loss(x, y, z, reduction="none"),
             F.poisson_nll_loss(x, y), F.gaussian_nll_loss(x, y, torch.ones(3, 4), reduction="none"),
             F.soft_margin_loss(x, hinge_t), F.soft_margin_loss(x, hinge_t, reduction="none"),
             F.multilabel_soft_margin_loss(x, soft_t, reduction="none"), F.multi_margin_loss(x, cls),
             F.multi_margin_loss(x, cls, reduction="none"), F.multilabel_margin_loss(x, ml_t)]:
    print(loss.grad_fn.name())

# 0-d / 1-d forms
print(F.cosine_embedding_loss(v1, v2, torch.tensor(-1.0), margin=-0.5))
print(F.multi_margin_loss(x[0], torch.tensor(1)), F.multi_margin_loss(x[0], torch.tensor([1]), reduction="none"))
print(F.multi_margin_loss(x[0], torch.tensor(1), reduction="none"))
print(F.multilabel_margin_loss(x[0], torch.tensor([3, -1, 0, 0]), reduction="none"))
print(F.multilabel_margin_loss(x, torch.full((3, 4), -1)))
print(F.poisson_nll_loss(torch.tensor([0.0, 1.0]), torch.tensor([0.0, 5.0]), full=True, reduction="none"))

# legacy size_average / reduce
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    print(F.margin_ranking_loss(v1, v2, t5, size_average=False))
    print(F.soft_margin_loss(x, hinge_t, reduce=False))
    print(nn.MultiMarginLoss(size_average=False).reduction)
    print(F.poisson_nll_loss(x, y.abs(), reduce=False).shape)
for w in caught:
    print(w.category.__name__, w.message)

# modules
print(nn.CosineEmbeddingLoss(margin=0.1), nn.MarginRankingLoss(), nn.HingeEmbeddingLoss(), nn.TripletMarginLoss(),
      nn.TripletMarginWithDistanceLoss(), nn.PoissonNLLLoss(), nn.GaussianNLLLoss(), nn.SoftMarginLoss(),
      nn.MultiLabelSoftMarginLoss(), nn.MultiMarginLoss(), nn.MultiLabelMarginLoss())
print(nn.CosineEmbeddingLoss(margin=0.1, reduction="sum")(x, y, t_pm))
print(nn.MarginRankingLoss(margin=0.3)(v1, v2, t5))
print(nn.HingeEmbeddingLoss(margin=0.5, reduction="none")(x, hinge_t))
print(nn.TripletMarginLoss(margin=0.5, p=1.0, swap=True)(x, y, z))
print(nn.TripletMarginWithDistanceLoss(distance_function=nn.PairwiseDistance(p=1), margin=0.5)(x, y, z))
print(nn.PoissonNLLLoss(log_input=False, full=True, eps=1e-4)(x.abs(), y.abs()))
print(nn.GaussianNLLLoss(full=True, eps=0.1)(x, y, torch.ones(3, 4) * 0.05))
print(nn.SoftMarginLoss(reduction="sum")(x, hinge_t))
mlsm = nn.MultiLabelSoftMarginLoss(weight=torch.tensor([1., 0.5, 2, 1]))
print(mlsm(x, soft_t), list(mlsm.state_dict().keys()))
mm = nn.MultiMarginLoss(p=2, margin=0.7, weight=torch.tensor([1., 0.5, 2, 1]))
print(mm(x, cls), mm.p, mm.margin, list(mm.state_dict().keys()))
print(nn.MultiLabelMarginLoss(reduction="none")(x, ml_t))
print(nn.TripletMarginLoss().margin, nn.TripletMarginLoss().p, nn.TripletMarginLoss().eps,
      nn.TripletMarginWithDistanceLoss().distance_function)

# errors
attempt(lambda: F.cosine_embedding_loss(x, x, torch.ones(3, 1)))
attempt(lambda: F.cosine_embedding_loss(x, x, torch.ones(())))
attempt(lambda: F.cosine_embedding_loss(x[0], x[0], torch.ones(3)))
attempt(lambda: F.cosine_embedding_loss(x, x, t_pm, reduction="avg"))
attempt(lambda: F.margin_ranking_loss(v1, x, t5))
attempt(lambda: F.margin_ranking_loss(v1, v2, t5, reduction="foo"))
attempt(lambda: F.hinge_embedding_loss(x, hinge_t, reduction="bad"))
attempt(lambda: F.triplet_margin_loss(x, y, z[0]))
attempt(lambda: F.triplet_margin_loss(x, y, z, margin=0))
attempt(lambda: F.triplet_margin_with_distance_loss(x, y, z[0]))
attempt(lambda: F.triplet_margin_with_distance_loss(x, y, z, reduction="x"))
attempt(lambda: F.triplet_margin_with_distance_loss(x, y, z, margin=-1.0))
attempt(lambda: nn.TripletMarginLoss(margin=0.0))
attempt(lambda: nn.TripletMarginWithDistanceLoss(margin=-2))
attempt(lambda: F.poisson_nll_loss(x, y, reduction="x"))
attempt(lambda: F.gaussian_nll_loss(x, y, torch.ones(3, 5)))
attempt(lambda: F.gaussian_nll_loss(x, y, -1.0))
attempt(lambda: F.gaussian_nll_loss(x, y, -torch.ones(3, 4)))
attempt(lambda: F.gaussian_nll_loss(x, y, torch.ones(3, 4), reduction="x"))
attempt(lambda: F.soft_margin_loss(x, hinge_t, reduction="x"))
attempt(lambda: F.multilabel_soft_margin_loss(x, soft_t, reduction="x"))
attempt(lambda: F.multi_margin_loss(x, torch.tensor([0, 1, 4])))
attempt(lambda: F.multi_margin_loss(x, torch.tensor([0, -1, 2])))
attempt(lambda: F.multi_margin_loss(x, torch.tensor([0, 1])))
attempt(lambda: F.multi_margin_loss(x, torch.tensor([[0, 1, 2]])))
attempt(lambda: F.multi_margin_loss(x, torch.tensor([0., 1, 2])))
attempt(lambda: F.multi_margin_loss(x, cls, p=3))
attempt(lambda: F.multi_margin_loss(x, cls, weight=torch.ones(3)))
attempt(lambda: F.multi_margin_loss(x, cls, weight=torch.ones(4, 1)))
attempt(lambda: F.multi_margin_loss(x.double(), cls, weight=torch.ones(4)))
attempt(lambda: F.multi_margin_loss(torch.randn(3, 2, 2), cls))
attempt(lambda: F.multi_margin_loss(torch.randn(3, 0), cls))
attempt(lambda: F.multi_margin_loss(x.int(), cls))
attempt(lambda: nn.MultiMarginLoss(p=3))
attempt(lambda: nn.MultiMarginLoss(weight=torch.ones(2, 2)))
attempt(lambda: F.multilabel_margin_loss(x, torch.tensor([0, 1, -1, 2])))
attempt(lambda: F.multilabel_margin_loss(x, torch.tensor([[0, 4, -1, 2]] * 3)))
attempt(lambda: F.multilabel_margin_loss(x, torch.tensor([[0, 1, -2, 2]] * 3)))
attempt(lambda: F.multilabel_margin_loss(x, torch.tensor([[0., 1, 2, 3]] * 3)))
attempt(lambda: F.multilabel_margin_loss(torch.randn(2, 3, 4), torch.zeros(2, 3, 4, dtype=torch.long)))
attempt(lambda: F.multilabel_margin_loss(x.int(), ml_t))

# ctc_loss: padded and concatenated targets, every reduction, zero_infinity, unbatched input;
# gradients through log_softmax (the leaf log_probs' own gradient agrees to float32 rounding
# only: it is printed to 3 decimals)
torch.manual_seed(0)
logits = torch.randn(6, 3, 5, requires_grad=True)
lp = logits.log_softmax(2)
ctc_t = torch.tensor([[1, 1, 2], [4, 3, 0], [2, 0, 0]])
for r in ["mean", "sum", "none"]:
    loss = F.ctc_loss(lp, ctc_t, [6, 5, 3], [3, 2, 1], reduction=r)
    print(r, loss)
    print(torch.autograd.grad(loss.sum(), logits, retain_graph=True)[0])
print(F.ctc_loss(lp, torch.tensor([1, 1, 2, 4, 3, 2]), (6, 5, 3), (3, 2, 1), blank=0))
print(F.ctc_loss(lp, ctc_t, torch.tensor([6, 5, 3]), torch.tensor([3, 2, 1]), blank=0))
print(F.ctc_loss(lp, ctc_t.int(), [6, 5, 3], [3, 2, 0], blank=0, reduction="none"))
print(F.ctc_loss(lp, ctc_t, [2, 5, 3], [3, 2, 1], reduction="none"))
zi = F.ctc_loss(lp, ctc_t, [2, 5, 3], [3, 2, 1], reduction="none", zero_infinity=True)
print(zi)
print(torch.autograd.grad(zi.sum(), logits, retain_graph=True)[0][:, 0])
print(F.ctc_loss(lp[:, 0], torch.tensor([1, 2]), [6], [2], reduction="none"))
leaf = lp.detach().requires_grad_()
F.ctc_loss(leaf, ctc_t, [6, 5, 3], [3, 2, 1]).backward()
print((leaf.grad * 1000).round() / 1000)
ctc = nn.CTCLoss(blank=4, zero_infinity=True)
print(ctc, ctc.blank, ctc.zero_infinity, ctc(lp, torch.tensor([[1, 1, 2], [0, 3, 0], [2, 0, 0]]), [6, 5, 3], [3, 2, 1]))
attempt(lambda: F.ctc_loss(lp, ctc_t, [6, 5], [3, 2, 1]))
attempt(lambda: F.ctc_loss(lp, ctc_t, [6, 5, 3], [3, 2]))
attempt(lambda: F.ctc_loss(lp, ctc_t, [6, 5, 3], [3, 2, 1], blank=5))
attempt(lambda: F.ctc_loss(lp, ctc_t, [7, 5, 3], [3, 2, 1]))
attempt(lambda: F.ctc_loss(lp, ctc_t, [6, 5, -1], [3, 2, 1]))
attempt(lambda: F.ctc_loss(lp, ctc_t, [6, 5, 3], [4, 2, 1]))
attempt(lambda: F.ctc_loss(lp, ctc_t, [6, 5, 3], [-1, 2, 1]))
attempt(lambda: F.ctc_loss(lp, torch.tensor([1, 1, 2, 4]), [6, 5, 3], [3, 2, 1]))
attempt(lambda: F.ctc_loss(lp, ctc_t[:2], [6, 5, 3], [3, 2, 1]))
attempt(lambda: F.ctc_loss(lp, ctc_t.unsqueeze(0), [6, 5, 3], [3, 2, 1]))
attempt(lambda: F.ctc_loss(torch.randn(4), torch.tensor([1]), [4], [1]))
attempt(lambda: F.ctc_loss(lp, ctc_t, [6, 5, 3], [3, 2, 1], reduction="avg"))
