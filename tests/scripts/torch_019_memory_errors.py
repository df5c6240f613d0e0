# Allocations no machine can satisfy (more bytes than an address space holds) raise PyTorch's
# RuntimeError and leave the session going; Python's own MemoryError stays Python's.
import torch


def show(f):
    try:
        f()
        print("no error")
    except Exception as e:
        print(type(e).__name__ + ":", e)


x = torch.ones(2, 3)
show(lambda: torch.empty(2**60))
show(lambda: torch.zeros(2**40, 2**22))
show(lambda: torch.ones(2**59, dtype=torch.float64))
show(lambda: torch.empty(2**61, dtype=torch.uint8).fill_(1))
show(lambda: x.expand(2**58, 2, 3).contiguous())
show(lambda: [0] * 2**62)
print(x * 2)
