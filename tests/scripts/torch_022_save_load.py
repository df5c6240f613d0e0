# torch.save / torch.load in PyTorch's file format, both ways. save_load/NAME.pt were written by
# PyTorch 2.15 (save_load/make_fixtures.py) for the objects of save_load/objects.py: this script
# saves the same objects and compares, record by record, what it wrote with PyTorch's file
# (all but .data/serialization_id, which is random), then loads PyTorch's files.
import io
import os
import pathlib
import pickle
import sys
import tempfile
import zipfile
from collections import OrderedDict

import torch

sys.path.insert(0, "save_load")
import objects  # noqa: E402

HERE = os.path.abspath("save_load")
built = objects.build()


def records(zf):
    out = OrderedDict()
    for name in zf.namelist():
        out[name.split("/", 1)[1]] = zf.read(name)
    return out


print("== saved bytes against PyTorch's file ==")
for name, obj in built.items():
    buf = io.BytesIO()
    torch.save(obj, buf)
    mine = records(zipfile.ZipFile(buf))
    theirs = records(zipfile.ZipFile(os.path.join(HERE, name + ".pt")))
    print(name, list(mine) == list(theirs),
          all(mine[k] == theirs[k] for k in theirs if k != ".data/serialization_id"),
          len(mine[".data/serialization_id"]), [k for k in mine if k.startswith("data/")])

print("== loading PyTorch's files ==")
for name in built:
    obj = torch.load(os.path.join(HERE, name + ".pt"))
    print(name, type(obj).__name__)
    print(obj)

views = torch.load(os.path.join(HERE, "views.pt"))
views["row"][0] = 100.0
print("views share storage:", views["base"][1, 0].item(), views["t"][0, 1].item(), views["again"] is views["base"])
print(views["col"].storage_offset(), views["col"].stride(), views["t"].stride(), views["t"].is_contiguous())
rg = torch.load(os.path.join(HERE, "requires_grad.pt"))
print(rg["leaf"].requires_grad, rg["leaf"].is_leaf, rg["scalar"].requires_grad, rg["empty"].shape)
print(rg["non_leaf"].requires_grad, rg["non_leaf"].is_leaf, rg["non_leaf"].grad_fn)
st = torch.load(os.path.join(HERE, "strided.pt"))
print({k: (v.stride(), v.storage_offset()) for k, v in st.items()})
sd = torch.load(os.path.join(HERE, "state_dict.pt"))
print(type(sd).__name__, list(sd), sd._metadata)
model = torch.nn.Sequential(torch.nn.Linear(4, 3), torch.nn.ReLU(), torch.nn.Linear(3, 2))
print(model.load_state_dict(sd))
print(torch.equal(model[0].weight, built["state_dict"]["0.weight"]))
adam = torch.load(os.path.join(HERE, "adam.pt"))
opt = torch.optim.Adam(model.parameters(), lr=0.5)
opt.load_state_dict(adam)
print(opt.param_groups[0]["lr"], opt.state[model[0].weight]["step"])

print("== PyTorch's format before 1.6 ==")
legacy = torch.load(os.path.join(HERE, "legacy.pt"))
print(legacy)
legacy["views"]["row"][0] = -1.0
print(legacy["views"]["base"][1], legacy["views"]["again"] is legacy["views"]["base"])

print("== a whole nn.Module ==")
try:
    torch.load(os.path.join(HERE, "model.pt"))
except pickle.UnpicklingError as e:
    print(type(e).__name__, str(e).splitlines()[-3])
whole = torch.load(os.path.join(HERE, "model.pt"), weights_only=False)
print(whole, whole(torch.ones(1, 2)))
buf = io.BytesIO()
torch.save(model, buf)
buf.seek(0)
again = torch.load(buf, weights_only=False)
print(again, torch.equal(again(torch.ones(1, 4)), model(torch.ones(1, 4))))

print("== a file from a big-endian machine ==")
print(torch.load(os.path.join(HERE, "big.pt")))

print("== round trip: path, pathlib.Path, file object ==")
with tempfile.TemporaryDirectory() as d:
    x = torch.randn(2, 3)
    p = os.path.join(d, "ckpt.pth")
    torch.save({"x": x, "step": 7}, p)
    print(zipfile.ZipFile(p).namelist()[0], torch.load(p)["step"], torch.equal(torch.load(p)["x"], x))
    torch.save(x, pathlib.Path(d) / "x.pt")
    print(torch.equal(torch.load(pathlib.Path(d) / "x.pt"), x))
    with open(p, "wb") as f:
        torch.save([x, x[0]], f)
    with open(p, "rb") as f:
        a, b = torch.load(f)
    b[0] = 9.0
    print(a[0, 0].item(), zipfile.ZipFile(p).namelist()[0])
buf = io.BytesIO()
torch.save(torch.nn.Linear(2, 2).weight, buf)
buf.seek(0)
w = torch.load(buf, map_location="cpu")
print(type(w).__name__, w.requires_grad, w.shape)
buf.seek(0)
print(torch.load(buf, map_location=torch.device("cpu")).device)
buf.seek(0)
print(torch.load(buf, map_location=lambda storage, loc: storage).device)
buf.seek(0)
print(torch.load(buf, map_location={"cuda:0": "cpu"}).device)

print("== weights_only ==")


class Config:
    def __init__(self, lr):
        self.lr = lr


buf = io.BytesIO()
torch.save({"config": Config(0.1), "w": torch.ones(2)}, buf)
for kwargs in ({}, {"weights_only": True}):
    buf.seek(0)
    try:
        torch.load(buf, **kwargs)
    except pickle.UnpicklingError as e:
        print(type(e).__name__)
        print(e)
buf.seek(0)
print(torch.load(buf, weights_only=False)["config"].lr)
buf.seek(0)
print(torch.load(buf, pickle_module=pickle)["config"].lr)
try:
    torch.load(buf, pickle_module=pickle, weights_only=True)
except RuntimeError as e:
    print(type(e).__name__, e)
buf.seek(0)
with torch.serialization.safe_globals([Config]):
    print(torch.load(buf)["config"].lr)
buf.seek(0)
torch.serialization.add_safe_globals([Config])
print(torch.load(buf)["config"].lr)
torch.serialization.clear_safe_globals()

print("== bad input ==")
with tempfile.TemporaryDirectory() as d:
    good = open(os.path.join(HERE, "tensor.pt"), "rb").read()
    legacy = open(os.path.join(HERE, "legacy.pt"), "rb").read()
    for what, data in (("truncated", good[:500]), ("empty", b""), ("legacy cut in its storages", legacy[:-4]),
                       ("legacy cut in its pickle", legacy[:40])):
        p = os.path.join(d, what + ".pt")
        with open(p, "wb") as f:
            f.write(data)
        try:
            torch.load(p)
        except Exception as e:
            print(what, type(e).__name__, repr(str(e)))
    try:
        torch.load(os.path.join(d, "missing.pt"))
    except FileNotFoundError as e:
        print(type(e).__name__, e.strerror)
    for args in ((lambda: 0, io.BytesIO()), (torch.ones(2), 123), (torch.ones(2), os.path.join(d, "no", "x.pt"))):
        try:
            torch.save(*args)
        except Exception as e:
            print(type(e).__name__, str(e).replace(d, "TMP"))
# zip archives without the records a checkpoint needs
for records in (["archive/version"], ["archive/data.pkl"]):
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        for name in records:
            zf.writestr(name, zipfile.ZipFile(os.path.join(HERE, "tensor.pt")).read("tensor/" + name.split("/", 1)[1]))
    buf.seek(0)
    try:
        torch.load(buf)
    except RuntimeError as e:
        print(type(e).__name__, e)
try:
    torch.load(123)
except AttributeError as e:
    print(type(e).__name__, e)
