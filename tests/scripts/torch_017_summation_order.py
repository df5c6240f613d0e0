# float32/float64 sums and means, and narrow matrix products, bit for bit as PyTorch's CPU
# kernels compute them (printed as hex, so a last-bit difference shows). Sizes stay under
# 32768 elements, where PyTorch sums on one thread whatever the machine.
import torch

torch.manual_seed(0)


def h(t):  # hex without "0x", which the runner masks as an address
    return " ".join(float(v).hex().replace("0x", "") for v in t.flatten().tolist())


shapes = [(10,), (7,), (16,), (17,), (33,), (100,), (1000,), (5000,), (5, 2), (5, 3), (64, 10),
          (10, 64), (3, 70), (70, 3), (20, 20), (130, 40), (40, 130), (2, 3, 4), (4, 33, 5)]
for dtype in (torch.float32, torch.float64):
    for shape in shapes:
        x = torch.randn(*shape, dtype=dtype)
        print(shape, dtype, "all", h(x.sum()), h(x.mean()))
        for d in range(len(shape)):
            print(shape, dtype, d, h(x.sum(d)), h(x.mean(d, keepdim=True)))
        if len(shape) == 2:
            print(shape, dtype, "t", h(x.t().sum(0)))

# Products whose right operand is contiguous with 2, 3, 4 or 8 columns (PyTorch's MKL adds
# each dot product in order there), and a small nn.Linear's forward and backward.
for columns in (2, 3, 4, 8):
    for rows, inner in ((7, 5), (64, 256), (1, 1000)):
        a = torch.randn(rows, inner)
        b = torch.randn(inner, columns)
        print(columns, rows, inner, h(a @ b))
layer = torch.nn.Linear(3, 2)
x = torch.randn(5, 3)
y = layer(x)
y.pow(2).mean().backward()
print(h(y))
print(h(layer.weight.grad), h(layer.bias.grad))
