# clamp on integer tensors: a bound past the near end of the dtype's range clamps nothing,
# one past the far end is an error; float bounds promote. (Found on a real GPU, where
# casting -1 to uint8 saturates instead of wrapping.)
import torch
t = torch.tensor([0, 1, 2, 3, 5, 7, 200, 255], dtype=torch.uint8)
i = torch.tensor([-5, 0, 5], dtype=torch.int32)
for f in [lambda: t.clamp(-1, 3), lambda: t.clamp(max=300), lambda: t.clamp(min=-3),
          lambda: t.clamp(2.5, 6.7), lambda: t.clamp(min=300), lambda: t.clamp(max=-1),
          lambda: i.clamp(-2.5, 2.5), lambda: i.clamp(min=2**40), lambda: i.clamp(max=-2**40),
          lambda: i.clamp(min=-2**40, max=2), lambda: torch.tensor([2**62 + 1]).clamp(max=2**62),
          lambda: i.clamp(min=True), lambda: torch.clamp(t, 1, 3), lambda: t.clamp_(max=-1)]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__ + ":", e)
print(t)
