# torch.save / torch.load across devices on a simulated GPU: each storage records the device it
# was saved from and loads back there; map_location moves storages between the CPU and GPUs.
# Hand-checked against PyTorch's serialization.py (texts of its RuntimeErrors).
import io
import os
import zipfile

import torch

torch.manual_seed(0)
x = torch.arange(6, dtype=torch.float32).reshape(2, 3).to("cuda")
buf = io.BytesIO()
torch.save({"x": x, "row": x[1], "cpu": torch.ones(2)}, buf)
print(b"cuda:0" in zipfile.ZipFile(buf).read("archive/data.pkl"))


def load(**kwargs):
    buf.seek(0)
    return torch.load(buf, **kwargs)


d = load()
print(d["x"].device, d["row"].device, d["cpu"].device)
d["row"][0] = 30.0
print(d["x"])
for where in ("cpu", "cuda", "cuda:0", torch.device("cpu"), {"cuda:0": "cpu"}, {"cpu": "cuda:0"},
              lambda storage, loc: storage.cuda(), lambda storage, loc: None):
    d = load(map_location=where)
    print(d["x"].device, d["cpu"].device)
try:
    load(map_location="cuda:1")
except RuntimeError as e:
    print(type(e).__name__, e)
try:
    load(map_location={"cuda:0": "cuda:3"})
except RuntimeError as e:
    print(type(e).__name__, e)

# A model trained on the GPU, saved, and loaded into a CPU model.
model = torch.nn.Linear(3, 2).to("cuda")
buf = io.BytesIO()
torch.save(model.state_dict(), buf)
buf.seek(0)
sd = torch.load(buf, map_location="cpu")
cpu_model = torch.nn.Linear(3, 2)
print(cpu_model.load_state_dict(sd), cpu_model.weight.device, torch.equal(cpu_model.weight, model.weight.cpu()))
buf.seek(0)
print(torch.load(buf)["weight"].device)

# Files that are not checkpoints; a legacy file (PyTorch before 1.6) loads onto the GPU too.
for name, data in (("junk.pt", b"hello world, not a checkpoint"), ("tiny.pt", b"PK\x03\x04garbage")):
    with open(name, "wb") as f:
        f.write(data)
    try:
        torch.load(name)
    except Exception as e:
        print(type(e).__name__, e)
    os.remove(name)
print(torch.load("save_load/legacy.pt", map_location="cuda")["views"]["row"])
# One flipped byte in a storage: the record's CRC-32 no longer matches (PyTorch reads it
# without checking and loads the changed number).
good = bytearray(open("save_load/tensor.pt", "rb").read())
header = zipfile.ZipFile("save_load/tensor.pt").getinfo("tensor/data/0").header_offset
# the data follows the local header: 30 bytes, the name, the extra field (its length at 28)
good[header + 30 + len("tensor/data/0") + int.from_bytes(good[header + 28:header + 30], "little")] ^= 0x55
try:
    torch.load(io.BytesIO(bytes(good)))
except RuntimeError as e:
    print(type(e).__name__, e)
# A file whose pickle was edited to describe a (4, 3) tensor over its 6 saved numbers (the CRCs
# recomputed): the view would read past the storage, so loading stops with PyTorch's text.
src = zipfile.ZipFile("save_load/tensor.pt")
edited = io.BytesIO()
with zipfile.ZipFile(edited, "w") as zf:
    for name in src.namelist():
        data = src.read(name)
        zf.writestr(name, data.replace(b"K\x02K\x03\x86", b"K\x04K\x03\x86") if name.endswith("data.pkl") else data)
edited.seek(0)
try:
    torch.load(edited)
except RuntimeError as e:
    print(type(e).__name__, e)
