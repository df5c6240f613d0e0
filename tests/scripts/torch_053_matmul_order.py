# float32 products summed in PyTorch's CPU order (core/backends/cpu/pytorch_order_gemm.h):
# every element's bits, hashed, for each kernel class measured to agree with PyTorch 2.15;
# a changed summation order changes the hash. Plus a few printed values to read.
import hashlib
import torch

torch.manual_seed(0)


def bits(t):
    return hashlib.sha256(t.detach().contiguous().numpy().tobytes()).hexdigest()[:16]


def show(label, t):
    print(f"{label:38s} {tuple(t.shape)} {bits(t)}")


# Fused blocks (M >= 4, N >= 12): one fused multiply-add chain per output, K in blocks.
a, b = torch.randn(64, 1000), torch.randn(1000, 100)
show("mm (64,1000)@(1000,100) K blocks 192", a @ b)
show("mm (64,193)@(193,16) K blocks 96", torch.randn(64, 193) @ torch.randn(193, 16))
show("mm (16,300)@(300,16) K blocks 150", torch.randn(16, 300) @ torch.randn(300, 16))
show("mm (1000,64)T@(64,100) transposed", torch.randn(64, 1000).t() @ torch.randn(64, 100))
show("mm (64,10)@(10,100)T transposed", torch.randn(64, 10) @ torch.randn(100, 10).t())

# addmm adds the products to the bias already in the output, block by block.
lin = torch.nn.Linear(1000, 100)
x = torch.randn(64, 1000)
show("Linear(1000,100) on (64,1000)", lin(x))
show("addmm (128,784)@(784,400)T + b", torch.addmm(torch.randn(400), torch.randn(128, 784),
                                                   torch.randn(400, 784).t()))

# In order (narrow products): rounded products added left to right.
show("mm (64,100)@(100,8)", torch.randn(64, 100) @ torch.randn(100, 8))
show("mm (64,100)@(100,3)", torch.randn(64, 100) @ torch.randn(100, 3))
show("mm (2,400)@(400,100)", torch.randn(2, 400) @ torch.randn(400, 100))
show("mm (1,2000)@(2000,3)", torch.randn(1, 2000) @ torch.randn(2000, 3))
small = torch.nn.Linear(3, 1)
show("Linear(3,1) on (2000,3)", small(torch.randn(2000, 3)))
show("mm (64,4)@(4,1)", torch.randn(64, 4) @ torch.randn(4, 1))

# mm of one row by one column is sgemm's, in order, not sdot's (nn.Linear(1, 1)'s weight
# gradient is one: grad.t() @ input).
show("mm (1,100)@(100,1)", torch.randn(1, 100) @ torch.randn(100, 1))
show("mm (1,2000)@(2000,1)", torch.randn(1, 2000) @ torch.randn(2000, 1))
show("vector (2000,)@(2000,1)", torch.randn(2000) @ torch.randn(2000, 1))
one = torch.nn.Linear(1, 1)
one(torch.randn(100, 1)).pow(2).mean().backward()
print("Linear(1,1) weight grad:", one.weight.grad.item())

# dot: 4 accumulators of 4 lanes.
for n in (16, 100, 2000, 4096):
    u, v = torch.randn(n), torch.randn(n)
    print(f"dot of {n}:", torch.dot(u, v).item(), (u @ v).item())

# Values a learner reads.
w = torch.arange(12.0).reshape(3, 4) / 7
print(w @ w.t())
print(torch.nn.functional.linear(torch.ones(2, 3) / 3, torch.full((4, 3), 0.1), torch.ones(4)))
