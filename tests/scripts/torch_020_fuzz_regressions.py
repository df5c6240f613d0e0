# Calls the fuzzer (tests/fuzz) found ending tensorplay or failing an internal check, as
# PyTorch answers them.
import torch

# The smallest integer divided by -1: floor division wraps, remainder is 0 (this crashed).
for dtype in (torch.int64, torch.int32, torch.uint8):
    x = torch.tensor([torch.iinfo(dtype).min, 7, -7 if dtype != torch.uint8 else 3], dtype=dtype)
    print(x // -1, x % -1, torch.remainder(x, -1), x.div(-1, rounding_mode="floor"))
print(torch.tensor([2**62]) * 4, torch.tensor([2**63 - 1]) + 1, torch.tensor([3]) ** 64)

# backward() fits the given gradient to the output's dtype (this failed an internal check).
x = torch.tensor(2.0, requires_grad=True)
x.backward(torch.tensor(1.0, dtype=torch.bfloat16))
print(x.grad)
y = torch.ones(2, requires_grad=True)
(y * 3).backward(torch.ones(2, dtype=torch.float64))
print(y.grad)
