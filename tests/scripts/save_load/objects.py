"""The objects tests/scripts/torch_022_save_load.py saves, built the same way in tensorplay and in
PyTorch: make_fixtures.py saves them with PyTorch into NAME.pt, and the test compares what
tensorplay's torch.save writes for each with that file, record by record."""
from collections import OrderedDict

import torch


def build():
    torch.manual_seed(0)
    base = torch.arange(12, dtype=torch.float32).reshape(3, 4)
    model = torch.nn.Sequential(torch.nn.Linear(4, 3), torch.nn.ReLU(), torch.nn.Linear(3, 2))
    opt = torch.optim.Adam(model.parameters(), lr=0.01)
    model(torch.randn(5, 4)).sum().backward()
    opt.step()
    sgd = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    model(torch.randn(5, 4)).sum().backward()
    sgd.step()
    return OrderedDict([
        ("tensor", torch.tensor([[1.5, -2.0, 3.25], [0.0, 4.0, -0.5]])),
        ("dtypes", [torch.tensor([1.5, -2.25], dtype=d) for d in
                    (torch.float32, torch.float64, torch.float16, torch.bfloat16)]
                   + [torch.tensor([7, -3], dtype=torch.int64), torch.tensor([7, -3], dtype=torch.int32),
                      torch.tensor([7, 250], dtype=torch.uint8), torch.tensor([True, False])]),
        ("views", {"base": base, "row": base[1], "col": base[:, 2], "t": base.t(), "again": base}),
        ("requires_grad", {"leaf": torch.ones(2, requires_grad=True), "scalar": torch.tensor(3.0),
                           "empty": torch.zeros(0, 2), "non_leaf": torch.ones(3, requires_grad=True) * 2}),
        ("strided", {"step": torch.arange(10.0)[::3], "expanded": torch.tensor([1.0, 2.0]).expand(3, 2),
                     "permuted": torch.zeros(2, 3).unsqueeze(0).permute(2, 0, 1), "int0d": torch.tensor(5)}),
        ("state_dict", model.state_dict()),
        ("parameters", {"all": list(model.parameters()), "first": model[0].weight}),
        ("adam", opt.state_dict()),
        ("sgd", sgd.state_dict()),
        ("nested", {"epoch": 3, "loss": 0.125, "name": "run-1", "ok": True, "none": None,
                    "list": [1, 2.5, "x", (3, "y")], "tuple": (torch.tensor([1, 2]), [4, 5])}),
        ("torch_values", {"device": torch.device("cuda", 1), "cpu": torch.device("cpu"), "dtype": torch.float16,
                          "size": torch.Size([2, 3]), "shape": torch.ones(4, 1).shape}),
    ])
