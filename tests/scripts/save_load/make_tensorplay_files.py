"""Writes the tensorplay-saved files of this folder (run with tensorplay on a simulated GPU:
`tensorplay --sim run save_load/make_tensorplay_files.py` from tests/scripts). cuda.pt holds
tensors saved from cuda:0 and from the CPU, model_cuda.pt a whole nn.Module on cuda:0;
torch_023_load_cuda_file_nogpu.py loads them, and its .expected is what PyTorch 2.15 on a
CPU-only machine printed for them."""
import os
from collections import OrderedDict

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
torch.manual_seed(0)
model = torch.nn.Linear(3, 2).to("cuda")
x = torch.arange(6, dtype=torch.float32, device="cuda").reshape(2, 3)
torch.save(OrderedDict([("model", model.state_dict()), ("x", x), ("row", x[1]),
                        ("cpu", torch.tensor([1, 2], dtype=torch.int64)), ("epoch", 5)]),
           os.path.join(HERE, "cuda.pt"))
whole = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.ReLU(), torch.nn.Dropout(0.5), torch.nn.Linear(4, 1))
torch.save(whole.to("cuda").eval(), os.path.join(HERE, "model_cuda.pt"))
