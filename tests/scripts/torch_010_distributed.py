# torch.distributed as one process (gloo on CPU, world_size 1, rank 0), DistributedDataParallel,
# DistributedSampler's orders, and torch.finfo / torch.iinfo. Every error is printed as its type
# and message. Recorded from PyTorch 2.15 (CPU) by gen_expected.py.
import os
import torch
import torch.nn as nn
import torch.distributed as dist
from torch.utils.data import TensorDataset, DataLoader
from torch.utils.data.distributed import DistributedSampler

def attempt(f):
    try:
        r = f()
        print('ok', r)
    except Exception as e:
        print(type(e).__name__ + ':', e)

print('-- before init')
print(dist.is_available(), dist.is_initialized(), dist.is_nccl_available(), dist.is_gloo_available())
attempt(lambda: dist.get_rank())
attempt(lambda: dist.get_world_size())
attempt(lambda: dist.get_backend())
attempt(lambda: dist.barrier())
attempt(lambda: dist.all_reduce(torch.ones(2)))
attempt(lambda: dist.all_reduce([1.0, 2.0]))
attempt(lambda: dist.destroy_process_group())
attempt(lambda: nn.parallel.DistributedDataParallel(nn.Linear(2, 2)))
attempt(lambda: DistributedSampler(TensorDataset(torch.arange(4))))

print('-- rendezvous')
for k in ['RANK', 'WORLD_SIZE', 'MASTER_ADDR', 'MASTER_PORT']:
    if k in os.environ:
        del os.environ[k]
attempt(lambda: dist.init_process_group(backend='gloo'))
attempt(lambda: dist.init_process_group())
attempt(lambda: dist.init_process_group(backend='gloo', world_size=1))
attempt(lambda: dist.init_process_group(backend='gloo', rank=0))
attempt(lambda: dist.init_process_group(backend='gloo', rank=0, world_size=1))
attempt(lambda: dist.init_process_group(backend='gloo', init_method='tcp://127.0.0.1:29531'))
attempt(lambda: dist.init_process_group(backend='gloo', init_method='tcp://127.0.0.1:29531', rank=0))
attempt(lambda: dist.init_process_group(backend='gloo', init_method='bogus://x', rank=0, world_size=1))
attempt(lambda: dist.init_process_group(backend='mpi'))
os.environ['RANK'] = '0'
attempt(lambda: dist.init_process_group(backend='gloo'))
os.environ['WORLD_SIZE'] = '1'
attempt(lambda: dist.init_process_group(backend='gloo'))
os.environ['MASTER_ADDR'] = '127.0.0.1'
attempt(lambda: dist.init_process_group(backend='gloo'))
os.environ['MASTER_PORT'] = 'abc'
attempt(lambda: dist.init_process_group(backend='gloo'))
os.environ['MASTER_PORT'] = '70000'
attempt(lambda: dist.init_process_group(backend='gloo'))
os.environ['MASTER_PORT'] = '29532'
print(dist.is_initialized())

print('-- init')
print(dist.init_process_group(backend='GLOO'))
print(dist.is_initialized(), dist.get_rank(), dist.get_world_size(), dist.get_backend())
attempt(lambda: dist.init_process_group(backend='gloo'))
t = torch.tensor([1.0, 2.0])
print(dist.all_reduce(t), t)
print(dist.all_reduce(t, op=dist.ReduceOp.MAX), t)
print(dist.all_reduce(t, dist.ReduceOp.AVG), t)
attempt(lambda: dist.all_reduce(torch.tensor([1, 2]), op=dist.ReduceOp.AVG))
print(dist.broadcast(t, src=0), t)
attempt(lambda: dist.broadcast(t, src=1))
print(dist.barrier())
print(dist.ReduceOp.SUM, dist.ReduceOp.PRODUCT, dist.ReduceOp.MIN, repr(dist.ReduceOp.MAX))

print('-- DistributedDataParallel')
torch.manual_seed(0)
net = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2))
model = nn.parallel.DistributedDataParallel(net)
print(model)
print(type(model).__name__, isinstance(model, nn.Module), model.module is net)
print(torch.nn.parallel.DistributedDataParallel is nn.parallel.DistributedDataParallel)
print(list(model.state_dict().keys()))
print([name for name, p in model.named_parameters()])
print(len(list(model.parameters())), model.device_ids, model.output_device)
x = torch.randn(5, 3)
out = model(x)
print(out)
print(torch.equal(out, net(x)))
out.sum().backward()
print(net[0].weight.grad)
print(model.training, model.eval() is model, model.training, net.training)
model.train()
print(net.training)
attempt(lambda: nn.parallel.DistributedDataParallel(nn.ReLU()))
attempt(lambda: nn.parallel.DistributedDataParallel(net, device_ids=[0]))
attempt(lambda: nn.parallel.DistributedDataParallel(net, device_ids=[0, 1]))

print('-- DistributedSampler')
ds = TensorDataset(torch.arange(10.0))
s = DistributedSampler(ds)
print(list(s), len(s), s.num_replicas, s.rank, s.epoch, s.shuffle, s.seed, s.num_samples, s.total_size)
s.set_epoch(1)
print(list(s), s.epoch)
s.set_epoch(2)
print(list(s))
print(list(DistributedSampler(ds, seed=7)))
print(list(DistributedSampler(ds, num_replicas=3, rank=1, shuffle=False)))
print(list(DistributedSampler(ds, num_replicas=3, rank=2, seed=5, drop_last=True)))
s4 = DistributedSampler(ds, num_replicas=4, rank=3)
print(list(s4), len(s4))
s5 = DistributedSampler(ds, num_replicas=4, rank=3, shuffle=False, drop_last=True)
print(list(s5), len(s5))
print(list(DistributedSampler(TensorDataset(torch.arange(3.0)), num_replicas=8, rank=7, shuffle=False)))
attempt(lambda: DistributedSampler(ds, num_replicas=2, rank=2))
attempt(lambda: DistributedSampler(ds, num_replicas=2, rank=-1))
torch.manual_seed(0)
loader = DataLoader(ds, batch_size=4, sampler=s)
print(len(loader))
for (batch,) in loader:
    print(batch)
print(torch.rand(1))
print(len(DataLoader(ds, batch_size=4, sampler=s, drop_last=True)))
attempt(lambda: DataLoader(ds, batch_size=4, sampler=s, shuffle=True))
print([b[0].tolist() for b in DataLoader(ds, sampler=[3, 1, 2])])
print(dist.destroy_process_group(), dist.is_initialized())
attempt(lambda: dist.get_rank())
print(dist.init_process_group('gloo', init_method='tcp://127.0.0.1:29533', rank=0, world_size=1))
print(dist.get_world_size(), dist.get_backend())
dist.destroy_process_group()

print('-- finfo / iinfo')
for d in [torch.float32, torch.float64, torch.float16, torch.bfloat16]:
    f = torch.finfo(d)
    print(f)
    print(f.bits, f.eps, f.max, f.min, f.tiny, f.smallest_normal, f.resolution, f.dtype)
print(torch.finfo())
print(torch.finfo(type=torch.half).max)
for d in [torch.int64, torch.int32, torch.uint8]:
    i = torch.iinfo(d)
    print(i)
    print(i.bits, i.max, i.min, i.dtype)
print(type(torch.finfo(torch.float32)), type(torch.iinfo(torch.int32)))
print(torch.tensor([70000.0]).half(), torch.tensor([torch.finfo(torch.float16).max]).half())
attempt(lambda: torch.finfo(torch.int64))
attempt(lambda: torch.finfo(torch.bool))
attempt(lambda: torch.iinfo(torch.float32))
attempt(lambda: torch.iinfo(torch.bool))
attempt(lambda: torch.finfo('float32'))
attempt(lambda: torch.iinfo(3))
attempt(lambda: torch.iinfo())
attempt(lambda: torch.iinfo(torch.int32, 1))
