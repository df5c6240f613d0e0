# Errors a learner meets, with PyTorch's exact texts.
import torch
x = torch.ones(2, 2)
for f in [lambda: bool(x), lambda: bool(torch.ones(0)), lambda: float(x), lambda: len(torch.tensor(1.0)),
          lambda: x.item(), lambda: x.view(3), lambda: torch.ones(2) @ torch.ones(3),
          lambda: torch.ones(2, 3) + torch.ones(3, 2), lambda: x[5], lambda: torch.exp(3),
          lambda: x.reshape('a'), lambda: torch.device('gpu'), lambda: x.add('a'),
          lambda: x + 'a', lambda: torch.cat([x, torch.ones(3)])]:
    try:
        f()
    except Exception as e:
        print(type(e).__name__ + ":", e)
print(x == None, x != None)
y = torch.ones(2, 3) + torch.ones(3, 2)
