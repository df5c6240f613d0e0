# Convolutions and padding: nn.Conv1d/Conv2d reprs and seeded weights, F.conv1d/F.conv2d with
# stride, padding (numbers, 'same', 'valid'), dilation, groups, bias; unbatched inputs; grads and
# grad_fns; F.pad's modes; PyTorch's errors. Values that print are exact in float32 (small
# integers), so any summation order gives PyTorch's digits; random inputs are compared with a
# float64 convolution instead.
import torch
import torch.nn as nn
import torch.nn.functional as F
import warnings

def attempt(label, fn):
    try:
        out = fn()
        print(label, "->", out if not isinstance(out, torch.Tensor) else tuple(out.shape))
    except Exception as e:
        print(label, "->", type(e).__name__ + ":", e)

# ---- modules: reprs, parameters, seeded initial values ----
print(nn.Conv2d(1, 16, kernel_size=5, stride=1, padding=2))
print(nn.Conv2d(1, 6, 5))
print(nn.Conv2d(3, 8, (3, 1), stride=(2, 1), padding=(1, 0), dilation=(2, 1), groups=1, bias=False))
print(nn.Conv2d(4, 4, 3, stride=2, padding=1, dilation=2, groups=2, bias=False, padding_mode="reflect"))
print(nn.Conv2d(4, 4, 3, padding="same"), nn.Conv2d(4, 4, 3, padding="valid"))
print(nn.Conv2d(4, 4, 3, padding=(0, 0), dilation=1))
print(nn.Conv1d(4, 8, 3, stride=2, padding=1), nn.Conv1d(4, 8, 3, padding="same", padding_mode="circular"))
net = nn.Sequential(nn.Conv2d(1, 2, 3), nn.ReLU(), nn.Conv1d(2, 2, 1))
print(net)
print([(n, tuple(p.shape)) for n, p in net.named_parameters()])
print(list(net.state_dict().keys()))

torch.set_printoptions(precision=8)
torch.manual_seed(0)
c = nn.Conv2d(2, 3, 3)
print(c.weight)
print(c.bias)
c1 = nn.Conv1d(2, 2, 4, groups=2, bias=False)
print(c1.weight, c1.bias)
c64 = nn.Conv2d(1, 2, 2, device="cpu", dtype=torch.float64)
print(c64.weight.dtype, c64.bias.dtype, c64.weight.device, c64.weight.requires_grad)
print(c64.weight)
torch.set_printoptions(profile="default")

# ---- exact forward values (small integers) ----
torch.manual_seed(1)
x = torch.randint(-3, 4, (2, 3, 5, 6)).float()
w = torch.randint(-2, 3, (4, 3, 3, 3)).float()
b = torch.tensor([0.5, -1.0, 0.25, 2.0])
print(F.conv2d(x, w, b))
print(F.conv2d(x, w, b, stride=2, padding=1))
print(F.conv2d(x, w, None, stride=(1, 2), padding=(2, 0), dilation=(2, 1)))
print(F.conv2d(x, w[:3, :1], None, groups=3).shape, F.conv2d(x, torch.ones(6, 1, 2, 2), groups=3)[0, :, 0])
print(F.conv2d(x, w, padding="same").shape, F.conv2d(x, w, padding="valid").shape)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    print(F.conv2d(x, w[..., :2], padding="same")[0, 0])
    F.conv2d(x, w[..., :2], padding="same")  # PyTorch warns once
print([(c.category.__name__, str(c.message)) for c in caught])
print(F.conv2d(x, w, padding="same", dilation=2)[1, 3])
print(F.conv2d(x[0], w, b).shape, F.conv2d(x[0], w, b)[2])
print(F.conv2d(x.double(), w.double(), b.double()).dtype)
print(F.conv2d(x.long(), w.long())[0, 0])
x1 = torch.randint(-3, 4, (2, 2, 7)).float()
w1 = torch.randint(-2, 3, (3, 2, 3)).float()
print(F.conv1d(x1, w1, torch.tensor([1.0, 0.0, -1.0])))
print(F.conv1d(x1, w1, stride=2, padding=2, dilation=2))
print(F.conv1d(x1[1], w1[:2, :1], groups=2), F.conv1d(x1, w1, padding="same").shape)
print(F.conv2d(torch.zeros(0, 3, 5, 6), w).shape)

# ---- random inputs: float32 against a float64 convolution ----
torch.manual_seed(2)
xr = torch.randn(4, 3, 9, 8)
wr = torch.randn(6, 3, 3, 2)
br = torch.randn(6)
for kw in [{}, {"stride": 2}, {"padding": 1}, {"dilation": (2, 1), "padding": (2, 0)}]:
    got = F.conv2d(xr, wr, br, **kw)
    ref = F.conv2d(xr.double(), wr.double(), br.double(), **kw)
    print(kw, tuple(got.shape), (got.double() - ref).abs().max().item() < 1e-5)
got = F.conv2d(xr, torch.randn(6, 1, 3, 3), groups=3)
print(tuple(got.shape), got.is_contiguous())

# ---- gradients (exact) and grad_fns ----
xg = x.clone().requires_grad_()
wg = w.clone().requires_grad_()
bg = b.clone().requires_grad_()
out = F.conv2d(xg, wg, bg, stride=2, padding=1)
print(out.grad_fn, out.requires_grad)
print(out.grad_fn.next_functions)
up = torch.randint(-2, 3, out.shape).float()
out.backward(up)
print(xg.grad[1])
print(wg.grad[3])
print(bg.grad)
xg.grad = None
wg.grad = None
out = F.conv2d(xg, wg[:3, :1], None, groups=3, dilation=2)
print(out.grad_fn.next_functions)
out.sum().backward()
print(xg.grad[0, 2], wg.grad[:, 0, 0])
out = F.conv2d(xg[0], wg, bg)
print(out.grad_fn, out.grad_fn.next_functions[0][0])
out = F.conv2d(xg, wg[..., :2], padding="same")
print(out.grad_fn.next_functions[0][0])
x1g = x1.clone().requires_grad_()
out = F.conv1d(x1g, w1, padding=1)
print(out.grad_fn)
out.backward(torch.ones_like(out))
print(x1g.grad)
model = nn.Conv2d(3, 2, 2)
y = model(x)
print(y.grad_fn.next_functions[1][0].variable is model.weight)
y.sum().backward()
print(model.bias.grad, model.weight.grad.shape)

# ---- F.pad ----
t = torch.arange(12.0).reshape(1, 1, 3, 4)
print(F.pad(t, (1, 2)))
print(F.pad(t, (1, 1, 2, 0), value=-1.0))
print(F.pad(t, (-1, 1, 0, -2)))
print(F.pad(t, (-1, -1)))
print(F.pad(t, (1, 1, 1, 1, 1, 0)).shape)
print(F.pad(t, (2, 1, 1, 2), mode="reflect"))
print(F.pad(t, (2, 1, 1, 2), mode="replicate"))
print(F.pad(t, (2, 1, 1, 2), mode="circular"))
print(F.pad(t[0], (2, 1), mode="reflect"))
print(F.pad(torch.arange(4), (1, 1), value=7), F.pad(t.long(), (1, 0), value=2.5)[0, 0, 0])
tg = t.clone().requires_grad_()
for mode in ["constant", "reflect", "replicate", "circular"]:
    p = F.pad(tg, (2, 1, 1, 1), mode=mode)
    print(mode, p.grad_fn)
    tg.grad = None
    p.backward(torch.arange(float(p.numel())).reshape(p.shape))
    print(tg.grad)
print(F.pad(tg, (-1, 0)).grad_fn, F.pad(tg[0], (1, 1), mode="reflect").grad_fn)

# ---- conv modules: padding modes, device/dtype kwargs, train/eval, output ----
torch.manual_seed(3)
m = nn.Conv2d(1, 1, 3, padding=1, padding_mode="replicate", bias=False)
with torch.no_grad():
    m.weight.copy_(torch.tensor([[[[0.0, 1.0, 0.0], [1.0, -4.0, 1.0], [0.0, 1.0, 0.0]]]]))
print(m(t))
m.padding_mode = "zeros"
print(m(t))
m1 = nn.Conv1d(1, 1, 2, padding="same", bias=False)
with torch.no_grad():
    m1.weight.fill_(1.0)
print(m1(torch.arange(5.0).reshape(1, 1, 5)))

# ---- errors ----
attempt("conv2d 2-D input", lambda: F.conv2d(torch.zeros(8, 8), w))
attempt("conv2d 5-D input", lambda: F.conv2d(torch.zeros(1, 2, 3, 8, 8), w))
attempt("conv1d 1-D input", lambda: F.conv1d(torch.zeros(8), w1))
attempt("module 2-D input", lambda: nn.Conv2d(3, 4, 3)(torch.zeros(3, 8)))
attempt("conv1d 4-D input", lambda: nn.Conv1d(3, 4, 3)(torch.zeros(2, 3, 8, 8)))
attempt("channels", lambda: F.conv2d(x, torch.zeros(4, 2, 3, 3)))
attempt("module channels", lambda: nn.Conv2d(3, 4, 3)(torch.zeros(2, 4, 8, 8)))
attempt("weight dims", lambda: F.conv2d(x, torch.zeros(4, 3, 3)))
attempt("conv1d 4-D weight", lambda: F.conv1d(x1, torch.zeros(4, 2, 3, 3)))
attempt("weight 1-D", lambda: F.conv1d(x1, torch.zeros(4)))
attempt("groups divisible", lambda: F.conv2d(x, w, groups=3))
attempt("groups at least", lambda: F.conv2d(x, torch.zeros(2, 1, 3, 3), groups=3))
attempt("groups 0", lambda: F.conv2d(x, w, groups=0))
attempt("kernel too large", lambda: F.conv2d(x, torch.zeros(4, 3, 6, 3)))
attempt("kernel with dilation", lambda: F.conv2d(x, w, dilation=3))
attempt("empty spatial", lambda: F.conv2d(torch.zeros(2, 3, 0, 8), w))
attempt("negative padding", lambda: F.conv2d(x, w, padding=-1))
attempt("stride 0", lambda: F.conv2d(x, w, stride=0))
attempt("stride -1 and dilation 0", lambda: F.conv2d(x, w, stride=-1, dilation=0))
attempt("dilation 0", lambda: F.conv2d(x, w, dilation=0))
attempt("dilation -1", lambda: F.conv2d(x, w, dilation=-1))
attempt("bias size", lambda: F.conv2d(x, w, torch.zeros(3)))
attempt("bias 2-D", lambda: F.conv2d(x, w, torch.zeros(4, 1)))
attempt("stride length", lambda: F.conv2d(x, w, stride=(1, 1, 1)))
attempt("padding length", lambda: F.conv2d(x, w, padding=[1, 1, 1]))
attempt("padding string", lambda: F.conv2d(x, w, padding="full"))
attempt("same and strided", lambda: F.conv2d(x, w, padding="same", stride=2))
attempt("same and 3-D weight", lambda: F.conv2d(x, torch.zeros(4, 3, 3), padding="same"))
attempt("input double", lambda: F.conv2d(x.double(), w, b))
attempt("input double no bias", lambda: F.conv2d(x.double(), w))
attempt("weight double", lambda: F.conv2d(x, w.double(), b))
attempt("bias double", lambda: F.conv2d(x, w, b.double()))
attempt("weight double small input", lambda: F.conv2d(x[:1, :, :4, :4], w.double()))
attempt("weight long", lambda: F.conv2d(x, w.long()))
attempt("bool", lambda: F.conv2d(x.bool(), w.bool()))
attempt("module double input", lambda: nn.Conv2d(3, 4, 3)(x.double()))
attempt("Conv2d groups", lambda: nn.Conv2d(3, 4, 3, groups=2))
attempt("Conv2d out groups", lambda: nn.Conv2d(4, 3, 3, groups=2))
attempt("Conv2d groups 0", lambda: nn.Conv2d(4, 4, 3, groups=0))
attempt("Conv2d same strided", lambda: nn.Conv2d(4, 4, 3, padding="same", stride=2))
# These two texts show a Python set, whose order changes from run to run: printed sorted.
for label, kw in [("Conv2d padding string", {"padding": "full"}), ("Conv2d padding_mode", {"padding_mode": "mirror"})]:
    try:
        nn.Conv2d(4, 4, 3, **kw)
    except ValueError as e:
        text = str(e)
        print(label, "->", text[:text.index("{")], sorted(eval(text[text.index("{"):text.index("}") + 1])),
              text[text.index("}") + 1:])
attempt("pad odd", lambda: F.pad(t, (1,)))
attempt("pad too long", lambda: F.pad(t, (1,) * 10))
attempt("pad crop too much", lambda: F.pad(t, (-3, -3)))
attempt("pad mode", lambda: F.pad(t, (1, 1), mode="mirror"))
attempt("pad reflect value", lambda: F.pad(t, (1, 1, 1, 1), mode="reflect", value=1.0))
attempt("pad reflect too much", lambda: F.pad(t, (4, 4, 1, 1), mode="reflect"))
attempt("pad reflect rows", lambda: F.pad(t, (1, 1, 3, 3), mode="reflect"))
attempt("pad reflect 2 on 4-D", lambda: F.pad(t, (1, 1), mode="reflect"))
attempt("pad reflect 1-D", lambda: F.pad(torch.zeros(5), (1, 1), mode="reflect"))
attempt("pad circular wraps", lambda: F.pad(t, (5, 1, 1, 1), mode="circular"))
for mode in ["reflect", "replicate", "circular"]:
    attempt(f"pad {mode} crops to nothing", lambda: F.pad(t, (-2, -2, 0, 0), mode=mode))
    attempt(f"pad {mode} crops rows", lambda: F.pad(t, (0, 0, -2, -1), mode=mode))
    attempt(f"pad {mode} 1-d crops", lambda: F.pad(t[0], (-2, -2), mode=mode))
    attempt(f"pad {mode} empty plane", lambda: F.pad(torch.zeros(1, 1, 0, 4), (1, 1, 0, 0), mode=mode))
    attempt(f"pad {mode} empty 1-d", lambda: F.pad(torch.zeros(2, 0), (1, 1), mode=mode))
