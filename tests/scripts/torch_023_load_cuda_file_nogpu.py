# Files tensorplay saved from a (simulated) GPU, loaded where there is no GPU: the run script
# runs *_nogpu.py scripts without GPUs (--no-sim), and this .expected is what PyTorch printed.
# Each storage records the device it was saved from ("cuda:0"); map_location moves it.
import io
import pickletools
import zipfile

import torch

listing = io.StringIO()
pickletools.dis(zipfile.ZipFile("save_load/cuda.pt").read("cuda/data.pkl"), listing)
print([line.split()[-1] for line in listing.getvalue().splitlines() if "Storage" in line or "'cuda" in line or "'cpu'" in line])
print(torch.cuda.is_available())
try:
    torch.load("save_load/cuda.pt")
except RuntimeError as e:
    print(type(e).__name__, e)
for where in ("cpu", torch.device("cpu"), {"cuda:0": "cpu"}, lambda storage, loc: storage):
    obj = torch.load("save_load/cuda.pt", map_location=where)
    print(obj["x"].device, obj["model"]["weight"].device, obj["cpu"].device)
obj = torch.load("save_load/cuda.pt", map_location="cpu", mmap=True)
print(obj)
obj["row"][0] = 30.0
print(obj["x"])
# A whole model saved from the GPU: nn.Module objects are not allowed by weights_only.
model = torch.load("save_load/model_cuda.pt", map_location="cpu", weights_only=False)
print(model, model.training, model[0].weight.device)
print(model(torch.ones(2, 3)))
