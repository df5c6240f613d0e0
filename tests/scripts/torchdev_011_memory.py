# The caching allocator's statistics and snapshots on the simulated GPU (tensorplay runs this
# with --sim): memory_stats() under PyTorch's keys, memory_summary() in PyTorch's table,
# memory_snapshot()'s segments and blocks, and the history that
# torch.cuda.memory._record_memory_history records and _dump_snapshot writes, in PyTorch's
# pickle format (tests/memory/viz_reference_test.sh opens such a file with PyTorch's own
# torch.cuda._memory_viz). The checks here need no PyTorch.
import os
import pickle
import tempfile

import torch

MiB = 1024 * 1024
torch.cuda.memory._record_memory_history(max_entries=100000)
a = torch.ones(1000, device='cuda')                 # 4000 bytes -> a 512-rounded block of a 2 MiB segment
b = torch.ones(3 * MiB // 4, device='cuda')         # 3 MiB -> a 20 MiB segment
c = torch.ones(256, 256, device='cuda')             # 256 KiB -> the small segment
del b
stats = torch.cuda.memory_stats()
print(len(stats), list(stats)[:3])
for key in ["allocation.all.current", "allocation.all.allocated", "allocation.all.freed",
            "allocated_bytes.all.current", "allocated_bytes.all.peak", "allocated_bytes.large_pool.peak",
            "requested_bytes.all.current", "reserved_bytes.all.current", "reserved_bytes.small_pool.current",
            "segment.all.current", "active.all.current", "inactive_split.all.current",
            "inactive_split_bytes.all.current", "num_device_alloc", "num_ooms"]:
    print(f"{key:36} {stats[key]}")
print(torch.cuda.memory_allocated() == stats["allocated_bytes.all.current"],
      torch.cuda.max_memory_reserved() == stats["reserved_bytes.all.peak"])
print(torch.cuda.memory_summary())
print(torch.cuda.memory_summary(abbreviated=True).count("\n"))
print(torch.cuda.memory_stats_as_nested_dict()["allocated_bytes"]["all"]["current"])

for seg in torch.cuda.memory_snapshot():
    print(seg["segment_type"], seg["total_size"], seg["allocated_size"], seg["active_size"], seg["requested_size"],
          seg["stream"], [(blk["size"], blk["requested_size"], blk["state"]) for blk in seg["blocks"]])

# The out-of-memory error is recorded too, and the session goes on.
try:
    torch.empty(1 << 40, dtype=torch.uint8, device='cuda')
except torch.OutOfMemoryError:
    print("OutOfMemoryError")
snap = torch.cuda.memory._snapshot()
print(sorted(snap), len(snap["device_traces"]))
trace = snap["device_traces"][0]
print([e["action"] for e in trace])
alloc = trace[1]
print(sorted(alloc), alloc["size"], alloc["stream"])
print(alloc["frames"][0]["name"], alloc["frames"][0]["filename"].endswith("torchdev_011_memory.py"),
      alloc["frames"][0]["line"])
print(all(t["time_us"] <= u["time_us"] for t, u in zip(trace, trace[1:])))

# Accounting that PyTorch's viewer checks (torch.cuda._memory_viz segsum): every segment is
# its blocks; what is allocated is what the statistics say.
segs = snap["segments"]
print(all(s["total_size"] == sum(b["size"] for b in s["blocks"]) for s in segs),
      sum(s["total_size"] for s in segs) == torch.cuda.memory_reserved(),
      sum(s["allocated_size"] for s in segs) == torch.cuda.memory_allocated())

path = os.path.join(tempfile.mkdtemp(), "snapshot.pickle")
torch.cuda.memory._dump_snapshot(path)
with open(path, "rb") as f:
    loaded = pickle.load(f)  # plain dicts, lists, ints and strings: no torch needed to read it
print(loaded["segments"] == snap["segments"], len(loaded["device_traces"][0]) >= len(trace))
try:
    torch.cuda.memory._dump_snapshot(os.path.join(path, "nowhere", "x.pickle"))
except OSError as e:
    print(type(e).__name__, e.strerror)
torch.cuda.memory._record_memory_history(enabled=None)
d = torch.ones(10, device='cuda')
print(len(torch.cuda.memory._snapshot()["device_traces"][0]) == len(loaded["device_traces"][0]))
torch.cuda.reset_accumulated_memory_stats()
print(torch.cuda.memory_stats()["allocation.all.allocated"], torch.cuda.memory_stats()["allocation.all.current"])
