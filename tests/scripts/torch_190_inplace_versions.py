# Every in-place op counts on the tensor's version counter, the random fills included (nn.init
# and a learner's x.uniform_() too), so that autograd catches a saved tensor written later; the
# error names the saved tensor's producer as it is when the error is raised. And Tensor.random_.
import torch

torch.manual_seed(0)
fills = {
    "uniform_": lambda t: t.uniform_(), "normal_": lambda t: t.normal_(),
    "random_": lambda t: t.random_(0, 5), "bernoulli_": lambda t: t.bernoulli_(0.5),
    "exponential_": lambda t: t.exponential_(), "cauchy_": lambda t: t.cauchy_(),
    "log_normal_": lambda t: t.log_normal_(), "geometric_": lambda t: t.geometric_(0.5),
    "fill_": lambda t: t.fill_(1), "zero_": lambda t: t.zero_(),
}
for name, fill in fills.items():
    t, e = torch.empty(3), torch.empty(0)
    fill(t)
    fill(t)
    fill(e)
    print(name, t._version, e._version)

lin = torch.nn.Linear(2, 3)
print("Linear", lin.weight._version, lin.bias._version)
print("Conv2d", torch.nn.Conv2d(1, 1, 2).weight._version, "Embedding", torch.nn.Embedding(3, 2).weight._version)
print("LSTM", [p._version for p in torch.nn.LSTM(2, 2).parameters()])

# Tensor.random_'s forms: (from, to), (to), (from, None) and () up to the dtype's limit.
print(torch.empty(8).random_(3, 7), torch.empty(8, dtype=torch.int64).random_(4))
print(torch.empty(6, dtype=torch.uint8).random_(), torch.empty(4).random_(10, None))
print(torch.empty(4, dtype=torch.float64).random_(), torch.empty(5, dtype=torch.bool).random_())
try:
    torch.empty(3).random_(5, 2)
except RuntimeError as err:
    print("RuntimeError:", err)


def backward_error(tag, loss):
    try:
        loss.backward()
        print(tag, "no error")
    except RuntimeError as err:
        print(tag, err)


x = torch.randn(3, requires_grad=True)
y = x * 2
z = y.sin()
y.add_(1)
backward_error("rebased:", z.sum())
p = torch.randn(3, requires_grad=True)
r = (p * 1).exp()
s = r.sin()
r.mul_(3)
backward_error("output rebased:", s.sum())
d = (torch.randn(3, requires_grad=True) * 1).exp()
d.add_(1)
backward_error("saved output:", d.sum())
# A transposed weight saved by addmm, the weight stepped since (a GAN's generator backward
# through the discriminator after the discriminator's optimizer step).
lin = torch.nn.Linear(4, 1)
h = torch.randn(5, 4, requires_grad=True)
out = lin(h).sum()
with torch.no_grad():
    lin.weight.add_(1)
backward_error("view of a stepped weight:", out)
leaf = torch.randn(3, requires_grad=True)
q = leaf.sin()
with torch.no_grad():
    leaf.random_(0, 3)
backward_error("leaf filled:", q.sum())
# A product saves an operand only for the other's gradient: a first layer's weight (its input is
# data) stepped between two backwards is no error, and the second gradient uses the new weight
# nowhere (d loss / d W needs the input only).
x = torch.randn(4, 3)
first = torch.nn.Linear(3, 2)
loss = first(x).pow(2).sum()
loss.backward(retain_graph=True)
g1 = first.weight.grad.clone()
with torch.no_grad():
    first.weight.add_(1)
loss.backward()
print("first layer stepped:", torch.equal(first.weight.grad, 2 * g1))
a = torch.randn(3, 3, requires_grad=True)
b = torch.randn(3, 3)
m = a.mm(b)
with torch.no_grad():
    a.mul_(2)
backward_error("mm, its grad-requiring operand written:", m.sum())
m = a.mm(b)
b.add_(1)
backward_error("mm, the data operand written:", m.sum())
