# Second-order uses of create_graph: a Hessian-vector product of a small MLP, the gradient
# penalty of WGAN-GP, a Newton step, and a custom autograd.Function whose backward is made
# of torch ops (differentiable again).
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 4), nn.Tanh(), nn.Linear(4, 1))
x = torch.randn(5, 3)
y = torch.randn(5, 1)
loss = F.mse_loss(model(x), y)
params = list(model.parameters())
grads = torch.autograd.grad(loss, params, create_graph=True)
for g in grads:
    print(tuple(g.shape), type(g.grad_fn).__name__)
v = [torch.ones_like(p) for p in params]
dot = sum((g * vi).sum() for g, vi in zip(grads, v))
hv = torch.autograd.grad(dot, params)
for h in hv:
    print(h)

# The same with ReLU and a softmax classifier.
torch.manual_seed(1)
net = nn.Sequential(nn.Linear(4, 6), nn.ReLU(), nn.Linear(6, 3))
inp = torch.randn(8, 4)
target = torch.tensor([0, 1, 2, 1, 0, 2, 2, 1])
ce = F.cross_entropy(net(inp), target)
g = torch.autograd.grad(ce, list(net.parameters()), create_graph=True)
gnorm = sum((gi ** 2).sum() for gi in g)
print(gnorm)
gnorm.backward()
for p in net.parameters():
    print(p.grad)

# Gradient penalty: ||d critic / d input|| pushed towards 1.
torch.manual_seed(2)
critic = nn.Sequential(nn.Linear(2, 8), nn.LeakyReLU(0.2), nn.Linear(8, 1))
real, fake = torch.randn(4, 2), torch.randn(4, 2)
alpha = torch.rand(4, 1)
mixed = (alpha * real + (1 - alpha) * fake).requires_grad_(True)
out = critic(mixed)
grad, = torch.autograd.grad(out, mixed, grad_outputs=torch.ones_like(out), create_graph=True)
print(grad)
penalty = ((grad.norm(2, dim=1) - 1) ** 2).mean()
print(penalty)
penalty.backward()
print(critic[0].weight.grad)
print(critic[2].weight.grad)

# Newton's method on f(t) = t^4 - 3 t^2 + t, from t = 2.
t = torch.tensor(2.0, requires_grad=True)
for step in range(4):
    f = t ** 4 - 3 * t ** 2 + t
    d1, = torch.autograd.grad(f, t, create_graph=True)
    d2, = torch.autograd.grad(d1, t)
    with torch.no_grad():
        t -= d1 / d2
    print(step, round(t.item(), 6), round(d1.item(), 4), round(d2.item(), 4))


# A custom Function whose backward is written with torch ops.
class Cube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x ** 3

    @staticmethod
    def backward(ctx, grad_output):
        x, = ctx.saved_tensors
        return grad_output * 3 * x ** 2


c = torch.tensor([1.0, -2.0, 0.5], requires_grad=True)
g, = torch.autograd.grad(Cube.apply(c).sum(), c, create_graph=True)
print(g)
h, = torch.autograd.grad(g.sum(), c, create_graph=True)
print(h)
k, = torch.autograd.grad(h.sum(), c)
print(k)

# A small CNN's input-gradient penalty: conv, batch norm, pooling and padding differentiated
# twice; each gradient shows the backward kernel PyTorch records.
torch.manual_seed(3)
cnn = nn.Sequential(nn.Conv2d(2, 3, 3, padding=1, padding_mode="reflect"), nn.BatchNorm2d(3), nn.ReLU(),
                    nn.MaxPool2d(2), nn.Conv2d(3, 2, 2), nn.AdaptiveAvgPool2d(1), nn.Flatten())
img = torch.randn(2, 2, 6, 6, requires_grad=True)
score = cnn(img).sum()
g_img, = torch.autograd.grad(score, img, create_graph=True)
print(type(g_img.grad_fn).__name__, g_img.shape)
penalty = g_img.pow(2).sum()
penalty.backward()
print(penalty)
print(cnn[0].weight.grad[0, 0])
print(cnn[1].weight.grad, cnn[1].bias.grad)
print(cnn[4].weight.grad[0, 0])
print(img.grad[0, 0])
x4 = torch.randn(1, 2, 5, 5, requires_grad=True)
for name, f in [("max_pool2d", lambda t: F.max_pool2d(t, 2)), ("avg_pool2d", lambda t: F.avg_pool2d(t, 3, 1)),
                ("adaptive_avg_pool2d", lambda t: F.adaptive_avg_pool2d(t, 2)),
                ("adaptive_max_pool2d", lambda t: F.adaptive_max_pool2d(t, 2)),
                ("reflect pad", lambda t: F.pad(t, (1, 2, 0, 1), mode="reflect")),
                ("replicate pad", lambda t: F.pad(t, (1, 1, 1, 1), mode="replicate")),
                ("circular pad", lambda t: F.pad(t, (1, 1, 1, 1), mode="circular")),
                ("conv2d", lambda t: F.conv2d(t, torch.ones(1, 2, 2, 2))),
                ("batch_norm", lambda t: F.batch_norm(t, None, None, training=True)),
                ("embedding", None)]:
    if f is None:
        table = torch.randn(4, 2, requires_grad=True)
        g, = torch.autograd.grad(F.embedding(torch.tensor([0, 3, 0]), table).sum(), table, create_graph=True)
    else:
        g, = torch.autograd.grad(f(x4).sum(), x4, create_graph=True)
    print(name, g.requires_grad, type(g.grad_fn).__name__ if g.grad_fn is not None else None)
