# The functional ops PyTorch also has in the torch namespace: torch.conv2d and the others that are F's
# own objects there, and torch.max_pool1d/2d (F's without return_indices: a TypeError for it).
import torch
x = torch.arange(16.).view(1, 1, 4, 4)
print(torch.max_pool2d(x, 2), torch.max_pool2d(x, 2, 1), torch.max_pool2d(x, kernel_size=3, stride=1, padding=1))
print(torch.max_pool1d(torch.arange(8.).view(1, 1, 8), 3, 2))
try:
    torch.max_pool2d(x, 2, return_indices=True)
except TypeError as e:
    print(e)
w = torch.ones(1, 1, 2, 2)
print(torch.conv2d(x, w), torch.conv1d(torch.ones(1, 1, 4), torch.ones(1, 1, 2), padding=1))
print(torch.avg_pool1d(torch.arange(6.).view(1, 1, 6), 2), torch.adaptive_avg_pool1d(torch.arange(6.).view(1, 1, 6), 4))
print(torch.conv_transpose2d(x, w).shape, torch.pdist(torch.arange(6.).view(3, 2)))
