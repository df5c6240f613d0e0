# nproc: 2 4
# Point to point and rooted collectives with gloo on CPU tensors: send/recv (with a source, from
# any source, with tags), isend/irecv in a ring, reduce to a root (every ReduceOp but AVG; the
# other ranks' tensors hold what Gloo's algorithm leaves there, as in PyTorch), gather and
# scatter (with group_dst/group_src), new_group (members, ranks, a collective on the group, a
# non-member's -1 and its warning), and PyTorch's errors. Rank 0 prints every rank's results.
import re
import warnings

import torch
import torch.distributed as dist
from rank_report import print_all_ranks

dist.init_process_group("gloo")
rank, world = dist.get_rank(), dist.get_world_size()
lines = []


def attempt(name, f):
    try:
        lines.append(f"{name}: ok {f()}")
    except Exception as e:  # a group's repr names its address: masked
        lines.append(f"{name}: {type(e).__name__}: {re.sub('0x[0-9a-f]+', '0x...', str(e))}")


# ---- send / recv ----
if rank == 0:
    for peer in range(1, world):
        dist.send(torch.tensor([10.0 * peer, peer]), dst=peer)
    got = []
    for _ in range(1, world):  # tag 11: a later message of another tag (the ring's) cannot match
        t = torch.zeros(2, dtype=torch.int64)
        src = dist.recv(t, tag=11)
        got.append((src, t.tolist()))
    lines.append(f"recv from any source {sorted(got)}")
else:
    t = torch.zeros(2)
    src = dist.recv(t, src=0)
    lines.append(f"recv from {src} {t.tolist()}")
    dist.send(torch.tensor([rank, rank * rank]), dst=0, tag=11)
# a tag matches a send with its receive
if rank == 1:
    dist.send(torch.tensor([1.0]), dst=0, tag=7)
if rank == 0:
    a = torch.zeros(1)
    dist.recv(a, src=1, tag=7)
    lines.append(f"tag {a.tolist()}")
# a ring of isend / irecv, the sends started before the receives
out = torch.arange(3, dtype=torch.float32) + 10 * rank
into = torch.zeros(3)
send_work = dist.isend(out, dst=(rank + 1) % world)
recv_work = dist.irecv(into, src=(rank - 1) % world)
recv_work.wait()
send_work.wait()
lines.append(f"ring {into.tolist()} {send_work.is_completed()} {recv_work.is_completed()}")
attempt("irecv into a strided view", lambda: dist.irecv(torch.zeros(2, 3)[:, 1], src=(rank - 1) % world))
attempt("isend of a strided view", lambda: dist.isend(torch.zeros(2, 3)[:, 1], dst=(rank + 1) % world))

# ---- reduce, gather, scatter ----
for op in ["SUM", "PRODUCT", "MIN", "MAX"]:
    t = torch.tensor([rank + 1.0, -rank, 2.0])
    dist.reduce(t, dst=world - 1, op=getattr(dist.ReduceOp, op))
    if rank == world - 1:
        lines.append(f"reduce {op} {t.tolist()}")
t = torch.tensor([rank + 1, 1 << rank])
dist.reduce(t, dst=0, op=dist.ReduceOp.BOR)
if rank == 0:
    lines.append(f"reduce BOR {t.tolist()}")
gathered = [torch.zeros(2) for _ in range(world)] if rank == 1 else None
dist.gather(torch.tensor([rank, rank + 0.5]), gathered, dst=1)
if rank == 1:
    lines.append(f"gather {[g.tolist() for g in gathered]}")
gathered = [torch.zeros(1, dtype=torch.int64) for _ in range(world)] if rank == 0 else None
work = dist.gather(torch.tensor([rank * 7]), gather_list=gathered, async_op=True)
work.wait()
if rank == 0:
    lines.append(f"gather to 0 {[g.item() for g in gathered]}")
mine = torch.zeros(2)
chunks = [torch.tensor([float(r), r * 2.0]) for r in range(world)] if rank == world - 1 else None
dist.scatter(mine, chunks, src=world - 1)
lines.append(f"scatter {mine.tolist()}")
mine = torch.zeros(1, dtype=torch.int64)
dist.scatter(mine, [torch.tensor([100 + r]) for r in range(world)] if rank == 0 else None)
lines.append(f"scatter from 0 {mine.tolist()}")

# ---- new_group ----
evens = dist.new_group([r for r in range(world) if r % 2 == 0])
pair = dist.new_group([0, 1])
lines.append(f"evens rank {dist.get_rank(evens)} size {dist.get_world_size(evens)}")
lines.append(f"pair rank {dist.get_rank(pair)} size {dist.get_world_size(pair)}")
if rank in (0, 1):
    lines.append(f"pair ranks {dist.get_process_group_ranks(pair)} group rank of 1: {dist.get_group_rank(pair, 1)} "
                 f"global rank of 0: {dist.get_global_rank(pair, 0)}")
t = torch.tensor([rank + 1.0])
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    dist.all_reduce(t, group=evens)
lines.append(f"all_reduce on evens {t.tolist()} {[str(c.message) for c in caught]}")
if rank % 2 == 0:
    b = torch.tensor([float(rank)])
    dist.broadcast(b, src=world - 2, group=evens)
    lines.append(f"broadcast on evens from {world - 2} {b.tolist()}")
    g = torch.tensor([rank * 1.0])
    dist.reduce(g, dst=0, group=evens)
    if rank == 0:
        lines.append(f"reduce on evens {g.tolist()}")
    attempt("broadcast from a rank outside the group", lambda: dist.broadcast(b, src=1, group=evens))
if rank in (0, 1):
    v = torch.tensor([rank + 10])
    if rank == 0:
        dist.send(v, dst=1, group=pair)
    else:
        lines.append(f"recv on pair from {dist.recv(v, src=0, group=pair)} {v.tolist()}")
    got = [torch.zeros(1, dtype=torch.int64) for _ in range(2)] if rank == 1 else None
    dist.gather(torch.tensor([rank]), got, group=pair, group_dst=1)
    if rank == 1:
        lines.append(f"gather on pair {[x.item() for x in got]}")

# ---- errors ----
attempt("send to self", lambda: dist.send(torch.ones(1), dst=rank))
attempt("send dst and group_dst", lambda: dist.send(torch.ones(1), dst=1, group_dst=1))
attempt("send no dst", lambda: dist.send(torch.ones(1)))
attempt("send a list", lambda: dist.send([torch.ones(1)], dst=(rank + 1) % world))
attempt("gather list on non-destination", lambda: dist.gather(torch.ones(1), [torch.ones(1)] * world, dst=(rank + 1) % world))
attempt("gather without list on destination", lambda: dist.gather(torch.ones(1), dst=rank))
attempt("scatter list on non-source", lambda: dist.scatter(torch.ones(1), [torch.ones(1)] * world, src=(rank + 1) % world))
attempt("scatter without list on source", lambda: dist.scatter(torch.ones(1), src=rank))
attempt("new_group rank outside", lambda: dist.new_group([0, world]))
dist.barrier()
print_all_ranks(lines)
dist.destroy_process_group()
