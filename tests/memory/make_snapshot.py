# Writes what viz_reference_test.sh hands to real PyTorch: a memory snapshot with history
# from a small training loop on a simulated GPU, memory_stats() as JSON, and memory_summary().
import json
import sys

import torch

out = sys.argv[1]
torch.cuda.memory._record_memory_history(max_entries=100000)
model = torch.nn.Sequential(torch.nn.Linear(256, 512), torch.nn.ReLU(), torch.nn.Linear(512, 10)).cuda()
opt = torch.optim.Adam(model.parameters())
for step in range(3):
    x = torch.randn(64, 256, device="cuda")
    loss = model(x).square().mean()
    loss.backward()
    opt.step()
    opt.zero_grad()
big = torch.empty(30 * 1024 * 1024, dtype=torch.uint8, device="cuda")
del big
try:
    torch.empty(1 << 40, dtype=torch.uint8, device="cuda")
except torch.OutOfMemoryError:
    pass
torch.cuda.memory._dump_snapshot(out + "/snap.pickle")
with open(out + "/stats.json", "w") as f:
    json.dump(torch.cuda.memory_stats(), f)
for abbreviated in (False, True):
    with open(out + f"/summary_{int(abbreviated)}.txt", "w") as f:
        f.write(torch.cuda.memory_summary(abbreviated=abbreviated))
