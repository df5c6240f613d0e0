# sort, argsort, topk: values, positions (stable for ties), NaN placement, grad_fns, gradients,
# and PyTorch's texts.
import torch
x = torch.tensor([[3., 1., 2., 1.], [0., -1., 5., 5.]], requires_grad=True)
print(x.sort(), torch.sort(x, dim=0, descending=True), x.argsort(dim=1, descending=True), torch.argsort(x, stable=True))
print(x.topk(2), torch.topk(x, 1, dim=0, largest=False))
for c in ["x.topk(5)", "x.sort(dim=3)", "torch.tensor([1., float('nan'), 0.]).sort()", "torch.tensor([1., float('nan'), 0.]).sort(descending=True)",
          "torch.tensor([3, 1, 2]).sort(descending=True)", "torch.tensor(3.).topk(1)", "torch.tensor([True, False, True]).sort()", "torch.randn(3, 0).sort(1)"]:
    try: print(eval(c))
    except Exception as e: print(type(e).__name__, e)
y = x.sort(1)[0]; (y * torch.arange(8.).reshape(2, 4)).sum().backward(); print(x.grad); x.grad = None
x.topk(2)[0].sum().backward(); print(x.grad); x.grad = None
torch.manual_seed(0)
logits = torch.randn(5, 10)
print(logits.topk(3, dim=1).indices, logits.argsort(dim=0)[:2], torch.randn(1000).sort().values[::200])
