"""Writes the PyTorch-saved files of this folder (run with /opt/torchref/bin/python, torch 2.15 on
the CPU): NAME.pt is torch.save(obj) for each object of objects.py, read by
tests/scripts/torch_022_save_load.py; legacy.pt is the format before PyTorch 1.6
(_use_new_zipfile_serialization=False)."""
import os
import sys

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import objects  # noqa: E402

built = objects.build()
for name, obj in built.items():
    torch.save(obj, os.path.join(HERE, name + ".pt"))
torch.save({"views": built["views"], "state_dict": built["state_dict"], "dtypes": built["dtypes"]},
           os.path.join(HERE, "legacy.pt"), _use_new_zipfile_serialization=False)
