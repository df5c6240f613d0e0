"""Writes the PyTorch-saved files of this folder (run with /opt/torchref/bin/python, torch 2.15 on
the CPU), read by tests/scripts/torch_022_save_load.py: NAME.pt is torch.save(obj) for each object
of objects.py, legacy.pt the format before PyTorch 1.6 (_use_new_zipfile_serialization=False),
big.pt a big-endian file, model.pt a whole nn.Module (torch.save(model))."""
import os
import sys
import zipfile

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import objects  # noqa: E402

built = objects.build()
for name, obj in built.items():
    torch.save(obj, os.path.join(HERE, name + ".pt"))
torch.save({"views": built["views"], "state_dict": built["state_dict"], "dtypes": built["dtypes"]},
           os.path.join(HERE, "legacy.pt"), _use_new_zipfile_serialization=False)

# big.pt: dtypes.pt as a big-endian machine writes it (PyTorch can only save in its own machine's
# order): each storage's elements byte-reversed and the byteorder record "big".
src = zipfile.ZipFile(os.path.join(HERE, "dtypes.pt"))
with zipfile.ZipFile(os.path.join(HERE, "big.pt"), "w") as dst:
    for info in src.infolist():
        data = src.read(info)
        if info.filename == "dtypes/byteorder":
            data = b"big"
        elif "/data/" in info.filename:
            n = built["dtypes"][int(info.filename.rsplit("/", 1)[1])].element_size()
            data = b"".join(data[i:i + n][::-1] for i in range(0, len(data), n))
        dst.writestr(info.filename, data)

torch.manual_seed(0)
torch.save(torch.nn.Sequential(torch.nn.Linear(2, 2), torch.nn.ReLU()), os.path.join(HERE, "model.pt"))
