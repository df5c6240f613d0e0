# The seeds' DistributedDataParallel block on one simulated GPU, as one process with
# world_size 1 (expected output written by hand from PyTorch's rules: CPU-only PyTorch cannot
# run the nccl backend). A world of 2 started alone waits for the rank that never comes and
# times out; a rank other than 0 finds no master; both with PyTorch 2.15's texts.
import datetime
import os
import torch
import torch.nn as nn
import torch.optim as optim
import torch.distributed as dist

class SimpleNN(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(3, 10)
        self.fc2 = nn.Linear(10, 2)

    def forward(self, x):
        return self.fc2(torch.relu(self.fc1(x)))

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
os.environ['MASTER_ADDR'] = 'localhost'
os.environ['MASTER_PORT'] = '29613'
os.environ['WORLD_SIZE'] = '2'
os.environ['RANK'] = '0'
try:
    dist.init_process_group(backend='nccl', timeout=datetime.timedelta(seconds=1))
except RuntimeError as e:
    print(type(e).__name__, e)
os.environ['WORLD_SIZE'] = '1'
os.environ['RANK'] = '1'
try:
    dist.init_process_group(backend='nccl', timeout=datetime.timedelta(seconds=1))
except RuntimeError as e:
    print(type(e).__name__, e)
os.environ['RANK'] = '0'
print(dist.is_initialized(), os.environ.get('RANK'), os.getenv('NO_SUCH_VARIABLE', 'unset'))

dist.init_process_group(backend='nccl')
print(dist.get_backend(), dist.get_rank(), dist.get_world_size())

# Initialize the model and move it to the GPU
torch.manual_seed(0)
model = SimpleNN().to(device)
model = nn.parallel.DistributedDataParallel(model)
print(model)
print(model.device_ids, model.output_device, model.device)
optimizer = optim.SGD(model.parameters(), lr=0.1)
x = torch.randn(4, 3).to(device)
labels = torch.tensor([0, 1, 1, 0]).to(device)
try:
    model(torch.randn(4, 3))
except RuntimeError as e:
    print(e)
optimizer.zero_grad()
loss = nn.CrossEntropyLoss()(model(x), labels)
loss.backward()
grad = model.module.fc1.weight.grad
dist.all_reduce(grad)
print(loss.device, grad.device, round(loss.item(), 4))
optimizer.step()
print(model.module.fc2.bias.device, list(model.state_dict().keys())[:2])
pinned = nn.parallel.DistributedDataParallel(SimpleNN().to(device), device_ids=[0])
print(pinned.device_ids, pinned.output_device)
print(pinned(torch.randn(2, 3)).device)  # with device_ids, DDP moves the inputs there first
dist.destroy_process_group()
print(dist.is_initialized())
