# torch.profiler with CUDA activities on the simulated T4 (run with --sim and a frozen host
# clock: every time below is modeled and exact). The table says that its CUDA times are
# modeled; kernels and copies appear as PyTorch shows them, linked to the launches that
# queued them; the Chrome trace carries the same with flow events from launch to kernel.
import json
import os
import tempfile

import torch
from torch.profiler import ProfilerActivity, profile, record_function

a = torch.ones(256, 256, device='cuda')
host = torch.ones(256, 256)
torch.cuda.synchronize()
with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA], record_shapes=True) as prof:
    with record_function("train_step"):
        b = a @ a                          # aten::matmul: one gemm kernel
        c = b.relu()
        d = host.to('cuda')                # a pageable upload: the host waits for it
        loss = (c * d).sum()
        print('loss', loss.item())         # .item() waits for the GPU
    torch.cuda.synchronize()
print(prof.key_averages().table(sort_by="cuda_time_total", row_limit=12))
print(prof.key_averages().table(sort_by="self_cpu_time_total", row_limit=4, time_unit="us"))

kernels = [e for e in prof.events() if e.device_type == "CUDA"]
print([(k.name, k.stream) for k in kernels])
mm = [e for e in prof.events() if e.name == "aten::matmul"][0]
print(mm.input_shapes, [k.name for k in mm.kernels], f'{mm.device_time_total:.3f}')
try:
    prof.key_averages().table(sort_by="gpu_time")
except AttributeError as e:
    print('AttributeError:', e)

path = os.path.join(tempfile.mkdtemp(), "trace.json")
prof.export_chrome_trace(path)
with open(path) as f:
    trace = json.load(f)
ev = trace["traceEvents"]
print(sorted({e.get("cat") for e in ev if "cat" in e}))
print([p["name"] for p in trace["deviceProperties"]])
gpu = [e for e in ev if e.get("cat") in ("kernel", "gpu_memcpy")]
print([(e["name"], e["pid"], e["tid"], e["dur"]) for e in gpu])
starts = {e["id"]: e for e in ev if e["ph"] == "s"}
finishes = {e["id"]: e for e in ev if e["ph"] == "f"}
launches = {e["args"]["correlation"]: e for e in ev if e.get("cat") == "cuda_runtime"}
print(len(starts), len(finishes), starts.keys() == finishes.keys(),
      all(starts[i]["ts"] == launches[i]["ts"] for i in starts),
      all(finishes[g["args"]["correlation"]]["ts"] == g["ts"] for g in gpu))
print(sorted({e["name"] for e in ev if e.get("cat") == "cuda_runtime"}))
labels = [e["args"].get("name", e["args"].get("labels")) for e in ev
          if e["ph"] == "M" and e["name"] in ("thread_name", "process_labels")]
print([n for n in labels if not n.startswith("thread ")])
try:
    prof.export_chrome_trace(path)
except RuntimeError as e:
    print('RuntimeError:', e)
