# nn.CrossMapLRN2d, the legacy cross-channel local response normalization PyTorch 2.x keeps:
# outputs and input gradients for odd and even window sizes (its forward never drops channel 0
# from the running window sum past the first pre_pad channels: PyTorch's quirk, kept), the
# grad_fn, the repr and the 4-D check.
import torch

torch.manual_seed(0)
for size in (2, 3, 4, 5, 8):
    x = torch.randn(2, 6, 3, 3, requires_grad=True)
    m = torch.nn.CrossMapLRN2d(size, 1e-2, 0.75, 2.0)
    y = m(x)
    y.backward(torch.randn_like(y))
    print(size, y[1, :, 0, 1], x.grad[1, :, 2, 0])
print(torch.nn.CrossMapLRN2d(3), torch.nn.CrossMapLRN2d(3)(torch.randn(1, 2, 2, 2, requires_grad=True)).grad_fn)
try:
    torch.nn.CrossMapLRN2d(3)(torch.randn(2, 3, 4))
except ValueError as e:
    print(e)
