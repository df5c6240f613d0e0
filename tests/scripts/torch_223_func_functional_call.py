# torch.func.functional_call and stack_module_state: a module run with other parameters and
# buffers (one dict, a tuple of dicts, some names only), strict=, tied weights, the module's
# own state untouched after, and the errors with PyTorch's texts.
import torch
import torch.nn as nn
from torch.func import functional_call, stack_module_state


def attempt(label, fn):
    try:
        print(label, "->", fn())
    except Exception as e:
        print(label, "->", type(e).__name__ + ":", e)


torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 2), nn.BatchNorm1d(2))
model.eval()
x = torch.tensor([[1.0, 2.0, 3.0], [-1.0, 0.5, 0.0]])
params = {k: torch.ones_like(v) for k, v in model.named_parameters()}
buffers = {k: v.clone() for k, v in model.named_buffers()}
print(sorted(params), sorted(buffers))
print(functional_call(model, params, (x,)))
print(functional_call(model, (params, buffers), (x,)))
print(functional_call(model, {"0.weight": torch.zeros(2, 3)}, x))
print(functional_call(model, {"1.running_mean": torch.tensor([1.0, -1.0])}, args=(x,)))
print(model[0].weight)  # untouched
print(type(model[0].weight).__name__, model[0].weight.requires_grad)

attempt("strict missing", lambda: functional_call(model, {"0.weight": torch.zeros(2, 3)}, (x,), strict=True))
attempt("strict unexpected", lambda: functional_call(model, dict(params, **buffers, extra=torch.ones(1)), (x,),
                                                     strict=True))
attempt("repeated", lambda: functional_call(model, (params, {"0.bias": torch.ones(2)}), (x,)))
attempt("not dicts", lambda: functional_call(model, [params, 3], (x,)))
attempt("not a dict", lambda: functional_call(model, 3, (x,)))


class Tied(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(2, 2, bias=False)
        self.b = nn.Linear(2, 2, bias=False)
        self.b.weight = self.a.weight

    def forward(self, v):
        return self.b(self.a(v))


tied = Tied()
v = torch.tensor([1.0, -2.0])
print(functional_call(tied, {"a.weight": torch.eye(2) * 2}, (v,)))
print(functional_call(tied, {"a.weight": torch.eye(2) * 2}, (v,), tie_weights=False).shape)
print(functional_call(nn.Linear(2, 1), {"weight": torch.tensor([[1.0, 1.0]]), "bias": torch.tensor([0.5])},
                      kwargs={"input": v}))

models = [nn.Linear(3, 2) for _ in range(4)]
p, b = stack_module_state(models)
print({k: (tuple(t.shape), t.requires_grad, t.is_leaf) for k, t in p.items()}, b)
print(torch.equal(p["weight"][2], models[2].weight))
bn = [nn.BatchNorm1d(2) for _ in range(3)]
p, b = stack_module_state(bn)
print({k: tuple(t.shape) for k, t in b.items()})
attempt("empty", lambda: stack_module_state([]))
attempt("mixed classes", lambda: stack_module_state([nn.Linear(2, 2), nn.ReLU()]))
mixed = [nn.Linear(2, 2), nn.Linear(2, 2)]
mixed[1].eval()
attempt("mixed modes", lambda: stack_module_state(mixed))
mixed = [nn.Linear(2, 2), nn.Linear(2, 2)]
mixed[1].weight.requires_grad_(False)
attempt("mixed requires_grad", lambda: stack_module_state(mixed))
