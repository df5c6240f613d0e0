# nproc: 2 4
# The collectives with gloo on CPU tensors: all_reduce with each ReduceOp and dtype, broadcast
# from the last rank, all_gather, all_gather_into_tensor, reduce_scatter(_tensor), barrier,
# all_gather_object, async_op's Work, and PyTorch's errors for misuse. Rank 0 prints every
# rank's results. (Not here: a strided view, which PyTorch 2.15's Gloo group reduces as if
# its elements were contiguous from its offset; tensorplay reduces the view's own elements.)
import torch
import torch.distributed as dist
from rank_report import print_all_ranks

dist.init_process_group("gloo")
rank, world = dist.get_rank(), dist.get_world_size()
lines = []


def attempt(name, f):
    try:
        lines.append(f"{name}: ok {f()}")
    except Exception as e:
        lines.append(f"{name}: {type(e).__name__}: {e}")


for op in ["SUM", "AVG", "PRODUCT", "MIN", "MAX"]:
    t = torch.tensor([rank + 1.0, -rank, 0.5 * rank])
    dist.all_reduce(t, op=getattr(dist.ReduceOp, op))
    lines.append(f"all_reduce {op} float32 {t.tolist()}")
for op in ["SUM", "PRODUCT", "MIN", "MAX", "BAND", "BOR", "BXOR"]:
    t = torch.tensor([rank + 1, 6, 1 << rank], dtype=torch.int64)
    dist.all_reduce(t, op=getattr(dist.ReduceOp, op))
    lines.append(f"all_reduce {op} int64 {t.tolist()}")
for dtype in [torch.float64, torch.float16, torch.bfloat16, torch.int32, torch.uint8, torch.bool]:
    t = torch.tensor([rank % 2, 1, 2], dtype=dtype)
    dist.all_reduce(t)
    lines.append(f"all_reduce SUM {dtype} {t.tolist()}")

t = torch.full((2, 2), float(rank))
work = dist.broadcast(t, src=world - 1, async_op=True)
waited = work.wait()
lines.append(f"broadcast from {world - 1} {t.tolist()} work {waited} {work.is_completed()}")
gathered = [torch.zeros(2, dtype=torch.int64) for _ in range(world)]
dist.all_gather(gathered, torch.tensor([rank, rank * rank]))
lines.append(f"all_gather {[g.tolist() for g in gathered]}")
flat = torch.zeros(world * 2)
dist.all_gather_into_tensor(flat, torch.tensor([rank, -rank], dtype=torch.float32))
lines.append(f"all_gather_into_tensor {flat.tolist()}")
out = torch.zeros(2)
dist.reduce_scatter_tensor(out, torch.arange(2.0 * world) * (rank + 1))
lines.append(f"reduce_scatter_tensor {out.tolist()}")
out = torch.zeros(2)
dist.reduce_scatter(out, [torch.full((2,), float(r + rank)) for r in range(world)], op=dist.ReduceOp.MAX)
lines.append(f"reduce_scatter MAX {out.tolist()}")
lines.append(f"barrier {dist.barrier()}")
objects = [None] * world
dist.all_gather_object(objects, {"rank": rank, "name": f"worker{rank}"})
lines.append(f"all_gather_object {objects}")

attempt("broadcast from a rank past the world", lambda: dist.broadcast(torch.ones(1), src=world))
attempt("all_reduce BAND of floats", lambda: dist.all_reduce(torch.ones(1), op=dist.ReduceOp.BAND))
attempt("all_reduce AVG of ints", lambda: dist.all_reduce(torch.ones(1, dtype=torch.int64), op=dist.ReduceOp.AVG))
attempt("all_reduce of a list", lambda: dist.all_reduce([1.0]))
attempt("all_gather into a short list", lambda: dist.all_gather([torch.zeros(1)], torch.zeros(1)))
attempt("all_gather of another size", lambda: dist.all_gather([torch.zeros(2)] * world, torch.zeros(3)))
attempt("all_gather of another dtype", lambda: dist.all_gather([torch.zeros(1)] * world, torch.zeros(1, dtype=torch.int64)))
attempt("init twice", lambda: dist.init_process_group("gloo"))

print_all_ranks(lines)
dist.destroy_process_group()
if rank == 0:
    print("initialized after destroy:", dist.is_initialized())
