# torch.utils.data as tutorials use it: TensorDataset, DataLoader batches (shuffled in
# PyTorch's order after manual_seed), drop_last, random_split, a custom Dataset.
import torch
from torch.utils.data import DataLoader, Dataset, TensorDataset, random_split

torch.manual_seed(0)
x = torch.arange(10, dtype=torch.float32).unsqueeze(1)
y = torch.arange(10) % 2
ds = TensorDataset(x, y)
print(len(ds), ds[3])
for xb, yb in DataLoader(ds, batch_size=4):
    print(xb.view(-1).tolist(), yb.tolist())
for xb, yb in DataLoader(ds, batch_size=4, shuffle=True):
    print(xb.view(-1).tolist(), yb.tolist())
loader = DataLoader(ds, batch_size=3, shuffle=True, drop_last=True)
print(len(loader), [b[0].view(-1).tolist() for b in loader])
train, test = random_split(ds, [7, 3])
print(len(train), len(test), [int(train[i][0]) for i in range(len(train))], [int(test[i][0]) for i in range(3)])

class Squares(Dataset):
    def __len__(self):
        return 5

    def __getitem__(self, i):
        return torch.tensor([float(i)]), i * i

for xb, yb in DataLoader(Squares(), batch_size=2):
    print(xb.tolist(), yb)
