# One-dim indexing: gather, scatter, scatter_add, index_select, index_add, index_fill, masked_fill
# (and their in-place forms): values, grad_fns, gradients and PyTorch's texts for bad input.
import torch
x = torch.arange(6.).reshape(2,3)
tests = ["x.gather(1, torch.tensor([[0],[2]], dtype=torch.int32))", "x.gather(1, torch.tensor([[5],[2]]))", "x.gather(1, torch.tensor([0,1]))",
 "x.gather(0, torch.tensor([[0,1,0,1]]))", "x.gather(3, torch.tensor([[0]]))", "x.scatter(1, torch.tensor([[0],[2]]), torch.ones(1,1))",
 "x.scatter(1, torch.tensor([[0],[2]]), torch.ones(2,1, dtype=torch.float64))", "x.index_select(1, torch.tensor([[0]]))", "x.index_select(1, torch.tensor([3]))",
 "x.index_select(1, torch.tensor([0.]))", "x.index_add(1, torch.tensor([0]), torch.ones(2,2))", "x.index_add(1, torch.tensor([4]), torch.ones(2,1))",
 "x.masked_fill(torch.tensor([1,0,1]), 0)", "x.masked_fill(torch.tensor([True,False]), 0)", "x.masked_fill(torch.tensor([True,False,True]), torch.tensor([1.,2.]))",
 "x.scatter_add(1, torch.tensor([[0],[2]]), torch.ones(2,1))", "x.scatter(1, torch.tensor([[0],[2]]), 5.0)", "x.index_add(1, torch.tensor([0,0]), torch.ones(2,2), alpha=2)",
 "torch.gather(x, 1, torch.tensor([[2,1],[0,0]]))", "x.masked_fill(x > 2, -1.0)", "x.index_fill(1, torch.tensor([0]), 9)",
 "torch.index_select(x, 0, torch.tensor([1,1,0]))", "x.clone().index_add_(1, torch.tensor([2,0]), torch.ones(2,2))", "x.clone().masked_fill_(x < 2, 7)",
 "x.clone().scatter_(0, torch.tensor([[1,0,1]]), 9.)", "x.clone().scatter_add_(0, torch.tensor([[1,0,1]]), torch.ones(1,3))", "torch.tensor(3.).gather(0, torch.tensor(0))"]
for t in tests:
    try: print(eval(t))
    except Exception as e: print(type(e).__name__, e)
y = x.clone().requires_grad_()
out = y.gather(1, torch.tensor([[2,2],[0,1]])); print(out)
out.sum().backward(); print(y.grad)
print(y.index_select(1, torch.tensor([0,0])), y.masked_fill(x>2, 0), y.index_add(1, torch.tensor([0]), torch.ones(2,1)), y.scatter(1, torch.tensor([[0],[2]]), 5.0), y.scatter_add(1, torch.tensor([[0],[2]]), torch.ones(2,1)))
s = torch.ones(2, 1, requires_grad=True); v = torch.tensor(2., requires_grad=True)
for f in (lambda: y.scatter(1, torch.tensor([[0],[2]]), s * 3), lambda: y.scatter_add(1, torch.tensor([[1],[1]]), s * 3),
          lambda: y.index_select(1, torch.tensor([2, 2, 0])) * torch.arange(6.).reshape(2, 3), lambda: y.index_add(1, torch.tensor([1]), s, alpha=3),
          lambda: y.masked_fill(x > 2, v), lambda: y.index_fill(1, torch.tensor([1]), -1.)):
    y.grad = None; s.grad = None; v.grad = None
    o = f(); (o * o).sum().backward(); print(o.grad_fn.name(), y.grad, s.grad, v.grad)
try:
    y.index_add_(1, torch.tensor([0]), torch.ones(2, 1))
except Exception as e: print(type(e).__name__, e)
z = x.clone().requires_grad_(); w = z * 1; w.index_add_(1, torch.tensor([0]), torch.ones(2, 1)); print(w)
