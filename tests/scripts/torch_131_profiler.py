# torch.profiler on the CPU: the table's layout and columns, the row names and call counts,
# record_function, key_averages(group_by_input_shape=True), schedules and step(), the Chrome
# trace's fields, and the errors. Times differ from run to run, so they are printed masked.
import json
import os
import re
import tempfile
import warnings

import torch
from torch.profiler import ProfilerActivity, profile, record_function, schedule


class quiet_fd2:
    """PyTorch's Kineto logs to file descriptor 2 (dated lines): leave it out."""

    def __enter__(self):
        self.saved = os.dup(2)
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 2)
        os.close(null)

    def __exit__(self, *exc):
        os.dup2(self.saved, 2)
        os.close(self.saved)


TIME = re.compile(r" +(-?\d+\.\d+(us|ms|s|%)|NaN)")


def show(table):
    """The table with every time and percentage masked, columns still aligned. PyTorch's CPU
    mm calls aten::resolve_conj on its operands, an internal detail left out here."""
    for line in table.splitlines():
        if line.startswith("Self "):
            print(line.split(":")[0] + ": #")
        elif "aten::resolve_conj" not in line:
            # A time's column keeps its width: the padding before it stays, the value is a #.
            print(TIME.sub(lambda m: " " * (len(m.group(0)) - 1) + "#", line).rstrip())


def calls(events):
    return [(e.key, e.count) for e in events if e.key != "aten::resolve_conj"]


x = torch.ones(64, 64)
w = torch.ones(64, 64)
v = torch.ones(8, 64)
with quiet_fd2():
    with profile(activities=[ProfilerActivity.CPU], record_shapes=True) as prof:
        with record_function("model_inference_step_1"):
            torch.mm(x, w)
            torch.add(x, w)
            x.mul(w)
            x.add_(w)
            torch.mm(x, x)
avg = prof.key_averages()
show(avg.table(row_limit=10))
show(avg.table(row_limit=2))
print(calls(avg))
print(sorted(e.name for e in prof.events())[:3])
mm = [e for e in prof.events() if e.name == "aten::mm"]
print(len(mm), mm[0].input_shapes, type(mm[0]).__name__, type(avg[0]).__name__)
with quiet_fd2():
    with profile(activities=[ProfilerActivity.CPU], record_shapes=True) as prof2:
        with record_function("model_inference_step_2"):
            torch.mm(x, w)
            torch.mm(v, w)
            x.mul(w)
show(prof2.key_averages(group_by_input_shape=True).table())

try:
    avg.table(sort_by="self_gpu_time")
except AttributeError as e:
    print("AttributeError:", e)

# The Chrome trace.
path = os.path.join(tempfile.mkdtemp(), "trace.json")
with quiet_fd2():
    prof.export_chrome_trace(path)
with open(path) as f:
    trace = json.load(f)
print(sorted(k for k in trace if k not in ("trace_id", "host_name")))
print(trace["displayTimeUnit"], trace["schemaVersion"], trace["record_shapes"])
ops = [e for e in trace["traceEvents"] if e.get("cat") == "cpu_op"]
print(sorted({e["ph"] for e in trace["traceEvents"]}))
print(sorted({e.get("cat") for e in trace["traceEvents"] if "cat" in e}))
print(sorted({e["name"] for e in ops if not e["name"].startswith("aten::resolve")}))
mm = [e for e in ops if e["name"] == "aten::mm"][0]
print(sorted(k for k in ("ph", "cat", "name", "pid", "tid", "ts", "dur", "args") if k in mm))
print(mm["args"]["Input Dims"], mm["args"]["Input type"], isinstance(mm["args"]["External id"], int))
user = [e for e in trace["traceEvents"] if e.get("cat") == "user_annotation"][0]
print(user["name"], user["ph"], user["dur"] >= mm["dur"])
meta = [e for e in trace["traceEvents"] if e["ph"] == "M"]
print(sorted({e["name"] for e in meta}))
try:
    with quiet_fd2():
        prof.export_chrome_trace(path)
except RuntimeError as e:
    print("RuntimeError:", e)

# A schedule: wait 1, warm up 1, record 2; on_trace_ready sees the recorded steps.
seen = []


def ready(p):
    seen.append(p.step_num)
    print("ready at step", p.step_num, calls(p.key_averages()))


with quiet_fd2():
    with profile(activities=[ProfilerActivity.CPU], schedule=schedule(wait=1, warmup=1, active=2, repeat=1),
                 on_trace_ready=ready) as p:
        for i in range(6):
            torch.add(x, w)
            p.step()
print(seen)
for bad in [dict(wait=1, warmup=1, active=0), dict(wait=-1, warmup=0, active=1)]:
    try:
        schedule(**bad)
    except AssertionError as e:
        print("AssertionError:", e)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    schedule(wait=0, warmup=0, active=1)
print([str(c.message) for c in caught])
s = schedule(wait=1, warmup=1, active=2, repeat=1)
print([s(i).name for i in range(6)])
with quiet_fd2():
    with profile(activities=[ProfilerActivity.CPU]) as empty:
        pass
print(repr(empty.key_averages().table()))
print(ProfilerActivity.CPU, ProfilerActivity.CUDA)
with quiet_fd2():
    with torch.autograd.profiler.profile() as old:
        torch.mm(x, w)
print(calls(old.key_averages()))
