"""Writes fft_reference.pt: real PyTorch's output for each case of fft_accuracy_cases.py.
Run: /opt/torchref/bin/python tests/scripts/gen_fft_reference.py"""
import os

import torch

from fft_accuracy_cases import cases, inputs

HERE = os.path.dirname(os.path.abspath(__file__))
d = inputs()
ref = {case: eval("torch.fft." + case, {"torch": torch}, d).resolve_conj() for case in cases()}
torch.save(ref, os.path.join(HERE, "fft_reference.pt"))
