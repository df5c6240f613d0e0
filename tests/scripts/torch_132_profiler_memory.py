# torch.profiler(profile_memory=True) on the CPU: the CPU Mem and Self CPU Mem columns, and
# the bytes each op and range allocated (times masked, as in torch_131).
import os
import re

import torch
from torch.profiler import profile, ProfilerActivity, record_function

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
    """Times masked; PyTorch's internal aten::resolve_conj and aten::empty rows left out."""
    for line in table.splitlines():
        if line.startswith("Self "):
            print(line.split(":")[0] + ": #")
        elif "aten::resolve_conj" not in line and "aten::empty" not in line and "[memory]" not in line:
            print(TIME.sub(lambda m: " " * (len(m.group(0)) - 1) + "#", line).rstrip())


def model_step(x, w):
    return torch.mm(x, w)


x = torch.ones(64, 64)
w = torch.ones(64, 64)
with quiet_fd2():
    with profile(activities=[ProfilerActivity.CPU], profile_memory=True) as prof:
        with record_function("model_inference_step_1"):
            y = model_step(x, w)
            z = torch.add(y, w)
show(prof.key_averages().table(row_limit=10))
print([(e.key, e.cpu_memory_usage, e.self_cpu_memory_usage) for e in prof.key_averages()
       if e.key in ("aten::mm", "aten::add", "model_inference_step_1")])
mm = [e for e in prof.events() if e.name == "aten::mm"][0]
print(mm.cpu_memory_usage, mm.self_cpu_memory_usage, mm.device_memory_usage)
