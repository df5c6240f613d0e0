# pin_memory=True on a machine without an accelerator: the DataLoader warns once per iterator
# and goes on with ordinary memory (issue 28); bfloat16 support is False without a GPU.
import os
import warnings
import torch
from torch.utils.data import DataLoader, TensorDataset

ds = TensorDataset(torch.arange(6.).view(3, 2), torch.tensor([0, 1, 0]))
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    for x, y in DataLoader(ds, batch_size=2, pin_memory=True):
        print(x, y, x.is_pinned())
for w in caught:
    print(w.category.__name__, w.message, os.path.basename(w.filename))
print(torch.cuda.is_bf16_supported(), torch.cuda.is_bf16_supported(including_emulation=False))
print(isinstance(torch.ones(1), torch.cuda.FloatTensor), torch.ones(2).type())
