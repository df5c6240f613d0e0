# gather and the scatter family check the index dtype as PyTorch 2.15 does (issue 28, OpInfo):
# int32 or int64, any dtype when the index is empty, and the scatter family names itself scatter().
import torch

x = torch.arange(5.)
for idx in [torch.tensor([], dtype=torch.uint8), torch.tensor([], dtype=torch.float32), torch.tensor([1], dtype=torch.uint8),
            torch.tensor([], dtype=torch.int32), torch.tensor([1], dtype=torch.int32)]:
    try:
        print(torch.gather(x, 0, idx))
    except Exception as e:
        print(type(e).__name__, e)
for f in [lambda: torch.scatter(x, 0, torch.tensor([1], dtype=torch.uint8), 1.0),
          lambda: torch.scatter_add(x, 0, torch.tensor([1], dtype=torch.uint8), x[:1]),
          lambda: torch.scatter(x, 0, torch.tensor([], dtype=torch.uint8), 1.0),
          lambda: torch.scatter(x, 0, torch.tensor([1, 3], dtype=torch.int32), 9.0),
          lambda: torch.scatter_reduce(x, 0, torch.tensor([1], dtype=torch.uint8), x[:1], "sum"),
          lambda: torch.scatter_reduce(x, 0, torch.tensor([], dtype=torch.bool), x[:0], "sum")]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
g = torch.arange(5., requires_grad=True)
y = torch.gather(g, 0, torch.zeros(2, 0, dtype=torch.long))
y.sum().backward()
print(y, g.grad)
