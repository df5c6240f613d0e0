# PyTorch's argument parser (issue 28): a call that no overload of a multi-signature function or
# method takes gets the "received an invalid combination of arguments" TypeError listing PyTorch's
# signatures (recorded in python/torch/_overloads.json), with its "didn't match because" lines;
# where exactly one signature could take that many arguments, that signature's own error.
import torch

x = torch.ones(2, 3)
CASES = [
    ('Tensor.all', 's'), ('Tensor.bernoulli', 'k'), ('Tensor.bitwise_left_shift', 's'),
    ('Tensor.bitwise_or_', 'k'), ('Tensor.bitwise_xor_', 's'), ('Tensor.clamp_max', 'k'),
    ('Tensor.clip', 's'), ('Tensor.count_nonzero', 'k'), ('Tensor.eq', 'k'), ('Tensor.floor_divide', 'k'),
    ('Tensor.gt', 's'), ('Tensor.index_fill_', 's'), ('Tensor.lt', 'k'), ('Tensor.mean', 's'),
    ('Tensor.multiply', 'k'), ('Tensor.pow', 's'), ('Tensor.remainder', 'k'), ('Tensor.sort', 's'),
    ('Tensor.subtract', 'k'), ('Tensor.true_divide', 's'), ('Tensor.view', 'k'), ('Tensor.xlogy_', 'k'),
    ('torch.argsort', 's'), ('torch.bitwise_left_shift', 'k'), ('torch.bucketize', 's'),
    ('torch.clamp_min', 'k'), ('torch.divide', 's'), ('torch.eye', 'k'), ('torch.ge', 's'),
    ('torch.hsplit', 'k'), ('torch.lerp', 's'), ('torch.masked_fill', 'k'), ('torch.moveaxis', 's'),
    ('torch.narrow', 'k'), ('torch.rand', 'k'), ('torch.randperm', 'k'), ('torch.scatter', 'k'),
    ('torch.std', 's'), ('torch.sum', 'k'), ('torch.var_mean', 's'),
]


def call(key, variant):
    kind, name = key.split(".", 1)
    fn = getattr(torch, name) if kind == "torch" else getattr(x, name)
    if variant == "s":
        return fn(*((x, "a") if kind == "torch" else ("a",)))
    return fn(*((x,) if kind == "torch" else ()), foo=1)


for key, variant in CASES:
    try:
        call(key, variant)
        print(key, variant, "ok")
    except TypeError as e:
        print(key, variant, "TypeError:", e)
for label, fn in (("randint(5)", lambda: torch.randint(5)), ("zeros('a')", lambda: torch.zeros("a")),
                  ("rand(2, 'a')", lambda: torch.rand(2, "a")), ("x.view('a')", lambda: x.view("a")),
                  ("x.squeeze('a')", lambda: x.squeeze("a")), ("linspace(0, 1)", lambda: torch.linspace(0, 1)),
                  ("where(x, 1)", lambda: torch.where(x, 1)), ("std(x, 'a')", lambda: torch.std(x, "a")),
                  ("sort(x, 'a')", lambda: torch.sort(x, "a")), ("x.sum(foo=1)", lambda: x.sum(foo=1))):
    try:
        fn()
    except TypeError as e:
        print(label, "TypeError:", e)
