# torch.masked's reductions and normalizations with a boolean mask (issue 28, OpInfo): each
# masked-out element is the op's identity; fully masked rows, broadcast masks, dtypes, errors.
import torch
import torch.masked as M


def attempt(label, fn):
    try:
        print(label, "->", fn())
    except Exception as e:
        print(label, "->", type(e).__name__ + ":", e)


x = torch.tensor([[1., -2., 3.], [4., 5., -6.]])
m = torch.tensor([[True, False, True], [False, False, False]])
print(M.sum(x, 1, mask=m), M.sum(x, mask=m), M.prod(x, 1, mask=m), M.prod(torch.tensor([[2, 3], [4, 5]]), 0, mask=torch.tensor([True, False])))
print(M.amax(x, 1, mask=m), M.amin(x, (0, 1), mask=m, keepdim=True), M.argmax(x, 1, mask=m), M.argmin(x, 1, mask=m))
print(M.mean(x, 1, mask=m), M.median(x, 1, mask=m), M.norm(x, 2.0, 1, mask=m), M.norm(x, float("-inf"), 1, mask=m))
print(M.var(x, 1, mask=m), M.std(x, 1, unbiased=False, mask=m), M.var(x, 1, correction=0, keepdim=True, mask=m))
print(M.softmax(x, 1, mask=m), M.log_softmax(x, 1, mask=m), M.softmin(x, 0, mask=torch.tensor([True, True, False])))
print(M.normalize(x, 2.0, 1, mask=m), M.logsumexp(x, 1, mask=m), M.logaddexp(x, -x, input_mask=m))
print(M.cumsum(x, 1, mask=m), M.cumprod(x, 1, mask=m), M.sum(torch.tensor([True, True, False]), mask=torch.tensor([True, False, True])))
print(M.sum(x), M.mean(x, 0), M.amax(torch.tensor([[1, 7], [3, 2]]), 1, mask=torch.tensor([[False, True], [False, False]])))
attempt("mean of ints", lambda: M.mean(torch.tensor([1, 2])))
attempt("median of a masked int row", lambda: M.median(torch.tensor([[1, 2], [3, 4]]), 1, mask=torch.tensor([[True, False], [False, False]])))
attempt("dim twice", lambda: M.sum(x, (1, 1), mask=m))
attempt("mask dims", lambda: M.sum(x[0], mask=m))
g = x.clone().requires_grad_()
(M.sum(g, 1, mask=m).sum() + M.softmax(g, 1, mask=torch.tensor([True, True, False]))[:, 0].sum()).backward()
print(g.grad)
