# torch.bernoulli / Tensor.bernoulli_, Tensor.exponential_ and torch.normal's four overloads
# after manual_seed, their grad_fns and error texts. bernoulli_ with a number p prints only
# properties: PyTorch builds with MKL may draw it from MKL's own stream on Intel CPUs.
import torch


def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


# bernoulli with a probability tensor: float p draws float uniforms, double p double ones.
torch.manual_seed(0)
p = torch.tensor([[0.1, 0.5, 0.9], [0.3, 0.7, 0.2]])
print(torch.bernoulli(p), torch.bernoulli(p.double()), p.bernoulli())
print(torch.bernoulli(torch.rand(20)).tolist())
print(torch.bernoulli(torch.full((4,), 0.5), generator=torch.Generator().manual_seed(5)))
x = torch.zeros(2, 3)
print(x.bernoulli_(torch.tensor([0.2, 0.8, 0.5])), torch.rand(1))
print(torch.zeros(3, dtype=torch.int64).bernoulli_(torch.tensor([0.3, 0.6, 0.9])))
print(torch.zeros(3, dtype=torch.bool).bernoulli_(torch.tensor([0.3, 0.6, 0.9], dtype=torch.float64)))
print(torch.zeros(4, 3).t().bernoulli_(torch.rand(3, 4)))
print(torch.bernoulli(torch.tensor([0.0, 1.0, 0.0, 1.0])), torch.bernoulli(torch.ones(0)))
pg = torch.full((3,), 0.5, requires_grad=True)
y = torch.bernoulli(pg)
print(y.grad_fn.name(), y.requires_grad)
y.sum().backward()
print(pg.grad)

# bernoulli_(p) with a number: values are 0 or 1, in the tensor's dtype.
torch.manual_seed(0)
for dtype in (torch.float32, torch.float64, torch.int64, torch.bool):
    b = torch.empty(100, dtype=dtype).bernoulli_(0.3)
    print(dtype, b.shape, b.dtype, set(b.tolist()) <= {0, 1})
print(torch.empty(5).bernoulli_(0.0), torch.empty(5).bernoulli_(1.0), torch.bernoulli(torch.empty(3), 1.0))
print(torch.empty(5).bernoulli_().shape, torch.empty(5).bernoulli_(p=0.5).dtype)

# exponential_.
for seed in (0, 1, 99):
    torch.manual_seed(seed)
    print(torch.empty(6).exponential_(), torch.empty(3, dtype=torch.float64).exponential_(2.5))
torch.manual_seed(0)
print(torch.empty(4, dtype=torch.float16).exponential_(0.5), torch.empty(4, dtype=torch.bfloat16).exponential_())
print(torch.empty(3, 2).t().exponential_(), torch.empty(2).exponential_(lambd=3))
print(torch.empty(3).exponential_(generator=torch.Generator().manual_seed(1)))
print(torch.zeros(3).exponential_(float("inf")))
e = torch.empty(1000).exponential_(4.0)
print(round(e.mean().item(), 4), e.min().item() >= 0)

# geometric_.
torch.manual_seed(0)
print(torch.empty(8).geometric_(0.3), torch.empty(5, dtype=torch.int64).geometric_(0.9))
print(torch.empty(4, dtype=torch.float64).geometric_(p=0.05), torch.empty(2, 3).t().geometric_(0.5))
show(lambda: torch.empty(3).geometric_(1.0))
show(lambda: torch.empty(3).geometric_(0))
show(lambda: torch.empty(3, dtype=torch.bool).geometric_(0.5))
show(lambda: torch.empty(3).geometric_())

# Half and bfloat16 probabilities draw float uniforms.
torch.manual_seed(0)
print(torch.bernoulli(torch.rand(40).half()).tolist())
print(torch.zeros(40).bernoulli_(torch.rand(40).bfloat16()).tolist())

# normal: tensor/tensor, tensor/float, float/tensor, float/float + size.
for seed in (0, 5):
    torch.manual_seed(seed)
    print(torch.normal(torch.arange(4.0), torch.tensor([1.0, 0.5, 2.0, 0.1])))
    print(torch.normal(torch.zeros(2, 3), 2.0), torch.normal(mean=torch.ones(3)))
    print(torch.normal(3.0, torch.full((5,), 0.5)))
    print(torch.normal(2.0, 3.0, size=(2, 4)), torch.normal(0, 1, (3,)))
torch.manual_seed(1)
print(torch.normal(torch.zeros(20), torch.ones(20)))
print(torch.normal(torch.zeros(2, 3), torch.ones(3)), torch.normal(torch.zeros(2, 1), torch.ones(3)))
print(torch.normal(torch.zeros(2, dtype=torch.float64), torch.ones(2)),
      torch.normal(torch.zeros(2), torch.ones(2, dtype=torch.float64)))
print(torch.normal(0.0, 1.0, (2, 2), dtype=torch.float64), torch.normal(1.0, 2.0, (3,), requires_grad=True))
print(torch.normal(torch.zeros(3), 1.0, generator=torch.Generator().manual_seed(3)))
m = torch.zeros(2, 3, requires_grad=True)
s = torch.ones(3, requires_grad=True)
for out in (torch.normal(m, s), torch.normal(m, 1.0), torch.normal(0.0, s)):
    print(out.grad_fn.name(), out.shape)
torch.normal(m, s).sum().backward()
print(m.grad, s.grad)

# The in-place samplers cut the gradient: it is zero through them.
leaf = torch.ones(3, requires_grad=True)
for fill in (lambda t: t.exponential_(), lambda t: t.bernoulli_(0.5), lambda t: t.bernoulli_(torch.rand(3)),
             lambda t: t.geometric_(0.5)):
    t = leaf * 2
    fill(t)
    print(t.grad_fn.name(), end=" ")
    (t * leaf).sum().backward()
    print(leaf.grad.tolist())
    leaf.grad = None

show(lambda: torch.bernoulli(torch.tensor([1.5])))
show(lambda: torch.bernoulli(torch.tensor([-0.5, 0.5])))
show(lambda: torch.bernoulli(torch.tensor([1, 0])))
show(lambda: torch.bernoulli(torch.tensor([0.5]), 1.5))
show(lambda: torch.zeros(3).bernoulli_(-0.1))
show(lambda: torch.zeros(3).bernoulli_(torch.tensor([0.5, 0.5])))
show(lambda: torch.zeros(3).bernoulli_(torch.tensor([1, 0, 1])))
show(lambda: torch.zeros(3).bernoulli_("a"))
show(lambda: torch.zeros(2, requires_grad=True).bernoulli_(0.5))
show(lambda: torch.zeros(3).exponential_(0))
show(lambda: torch.zeros(3).exponential_(-1.5))
show(lambda: torch.zeros(3, dtype=torch.int64).exponential_())
show(lambda: torch.zeros(2, requires_grad=True).exponential_())
show(lambda: torch.normal(torch.zeros(3), -torch.ones(3)))
show(lambda: torch.normal(torch.zeros(3), -1.0))
show(lambda: torch.normal(0.0, -1.0, (2,)))
show(lambda: torch.normal(0.0, torch.tensor([-1.0])))
show(lambda: torch.normal(torch.zeros(2), torch.ones(3)))
show(lambda: torch.normal(torch.zeros(2, dtype=torch.int64), 1.0))
show(lambda: torch.normal(0, 1))
show(lambda: torch.normal(0.0, 1.0))
show(lambda: torch.normal(1.0))
show(lambda: torch.normal(torch.zeros(2), torch.ones(2), (2,)))
