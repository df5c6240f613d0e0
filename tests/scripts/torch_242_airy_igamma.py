# torch.special.airy_ai and the regularized incomplete gamma functions torch.igamma / igammac
# (special.gammainc / gammaincc, the methods and their in-place forms): values across their
# ranges in float32 and float64 (printed to 6 digits: tensorplay evaluates them its own way, to
# assert_close's tolerances), the edge values, dtypes, gradients (igamma: in x only) and refusals.
import torch

torch.set_printoptions(precision=6)


def attempt(label, fn):
    try:
        print(label, "->", fn())
    except Exception as e:
        print(label, "->", type(e).__name__ + ":", e)


x = torch.tensor([-60.0, -20.5, -9.0, -8.0, -5.5, -2.0, -0.5, 0.0, 0.5, 1.0, 2.5, 4.9, 5.1, 8.0, 12.0, 30.0],
                 dtype=torch.float64)
print(torch.special.airy_ai(x))
torch.set_printoptions(precision=4)  # float32: ATen computes in float, tensorplay in double
print(torch.special.airy_ai(x[2:].float()))
print(torch.special.airy_ai(torch.tensor([float("inf"), -float("inf"), float("nan"), 200.0])))
print(torch.special.airy_ai(torch.tensor([-3, 0, 2])), torch.special.airy_ai(torch.tensor([True, False])))
y = torch.special.airy_ai(torch.tensor([1.0, 2.0], requires_grad=True))
print(y.requires_grad, y.grad_fn)

a = torch.tensor([0.5, 1.0, 1.0, 2.5, 3.0, 10.0, 50.0, 0.1], dtype=torch.float64)
z = torch.tensor([0.2, 1.0, 3.0, 2.0, 7.5, 9.0, 55.0, 0.01], dtype=torch.float64)
print(torch.igamma(a, z), torch.igammac(a, z))
print(torch.igamma(a, z) + torch.igammac(a, z))
print(torch.special.gammainc(a.float(), z.float()), torch.special.gammaincc(a.float(), 2.0 * z.float()))
torch.set_printoptions(precision=6)
edges_a = torch.tensor([0.0, 0.0, -1.0, 1.0, float("inf"), float("inf"), 1.0, 2.0, float("nan")])
edges_x = torch.tensor([0.0, 1.0, 1.0, 0.0, 1.0, float("inf"), float("inf"), -1.0, 1.0])
print(torch.igamma(edges_a, edges_x), torch.igammac(edges_a, edges_x))
print(torch.igamma(torch.tensor([1.0, 2.0]), torch.tensor([1.0, 2.0], dtype=torch.float64)))
print(a.igamma(z), a.clone().igamma_(z), a.clone().igammac_(z))
attempt("igamma int", lambda: torch.igamma(torch.tensor([1, 2]), torch.tensor([1, 2])))
attempt("igamma bool", lambda: torch.igamma(torch.tensor([True]), torch.tensor([True])))
attempt("igamma number", lambda: torch.igamma(torch.tensor([1.0, 2.0]), 2.0))

xs = torch.tensor([0.5, 1.5, 4.0], requires_grad=True)
shape = torch.tensor([1.0, 2.0, 3.0])
p = torch.igamma(shape, xs)
print(p.grad_fn)
p.sum().backward()
print(xs.grad)
xs.grad = None
torch.igammac(shape, xs).sum().backward()
print(xs.grad)
a_grad = torch.tensor([1.0, 2.0], requires_grad=True)
attempt("igamma grad in a", lambda: torch.igamma(a_grad, torch.tensor([1.0, 2.0])).sum().backward())
