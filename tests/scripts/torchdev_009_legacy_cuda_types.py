# The legacy CUDA tensor types and bfloat16 support on a simulated T4 (issue 28); what a CUDA
# PyTorch prints on a T4 (compute capability 7.5: bfloat16 only by emulation).
import warnings
import torch
from torch.utils.data import DataLoader, TensorDataset

x = torch.ones(2, 2)
g = x.cuda()
print(g.type(), g.long().type(), isinstance(g, torch.cuda.FloatTensor), isinstance(g, torch.FloatTensor))
print(x.type(torch.cuda.FloatTensor).device, x.type("torch.cuda.DoubleTensor").type())
print(g.type(torch.FloatTensor).device, g.type(torch.cuda.FloatTensor) is g, g.type(torch.cuda.LongTensor).dtype)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    a = torch.cuda.FloatTensor([1, 2])
    b = torch.cuda.LongTensor(2, 3)
print(a, b.shape, b.device, [str(w.message) for w in caught])
try:
    torch.cuda.FloatTensor([1.0], device="cpu")
except RuntimeError as e:
    print("RuntimeError:", e)
print(torch.cuda.is_bf16_supported(), torch.cuda.is_bf16_supported(including_emulation=False))
print(torch.backends.cuda.is_built())
for xb, yb in DataLoader(TensorDataset(torch.arange(4.), torch.arange(4)), batch_size=2, pin_memory=True):
    print(xb.is_pinned(), yb.is_pinned())
