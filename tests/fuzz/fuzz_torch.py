"""The torch API fuzzer's driver, run inside tensorplay by tests/run/fuzz.py: calls torch functions
and Tensor methods with random arguments (wrong types and counts, shapes with 0 and negative
sizes, every dtype, cpu and the simulated cuda, non-contiguous and aliased tensors, NaN/inf,
sizes no machine can hold, and values from outside torch: numpy arrays and scalars, objects
with __index__/__float__/__array__, Tensor subclasses, huge ints, Fraction, Decimal, bytes;
see foreign_values.py), feeding results back in so calls chain into short programs.
Python exceptions are expected; what this looks for is tensorplay dying (a crash, an abort, a
sanitizer report) or an internal check failing. Each call is written to the log before it
runs, so a crash names its call. Usage (inside tensorplay):
  fuzz_torch.py SEED SECONDS LOG"""
import math
import random
import sys
import time
import warnings

import numpy as np
import torch

from call_log import CallLog
from foreign_values import foreign

seed, seconds, log_path = int(sys.argv[1]), float(sys.argv[2]), sys.argv[3]
rng = random.Random(seed)
torch.manual_seed(seed)
warnings.simplefilter("ignore")

SKIP = {
    # Never end or block the process, nor change what later calls see everywhere.
    "set_default_dtype", "set_default_device", "set_printoptions", "manual_seed", "seed",
    "set_grad_enabled", "set_default_tensor_type", "set_num_threads", "set_rng_state",
    "use_deterministic_algorithms", "compile", "load", "save", "from_file",
    # Python-level helpers that only take callables.
    "vmap", "cond", "autocast", "no_grad", "enable_grad", "inference_mode",
}

DTYPES = [torch.float32, torch.float64, torch.float16, torch.bfloat16, torch.int64, torch.int32,
          torch.int16, torch.int8, torch.uint8, torch.bool, torch.uint16, torch.uint32, torch.uint64]
DEVICES = ["cpu", "cuda"] if torch.cuda.is_available() else ["cpu"]
SHAPES = [(), (0,), (1,), (3,), (2, 3), (3, 1, 2), (0, 3), (4, 4), (2, 1, 3, 2)]
HUGE = [2**40, 2**62, -2**63, 2**63 - 1]


def functions():
    names = sorted(n for n in dir(torch) if not n.startswith("_") and n not in SKIP)
    found = []
    for n in names:
        f = getattr(torch, n, None)
        if callable(f) and not isinstance(f, type):
            found.append(("torch." + n, f))
    return found


def methods():
    names = sorted(n for n in dir(torch.Tensor)
                   if (not n.startswith("_") or n in ("__getitem__", "__setitem__", "__add__", "__mul__",
                                                     "__matmul__", "__pow__", "__truediv__", "__floordiv__",
                                                     "__mod__", "__and__", "__lshift__", "__rshift__",
                                                     "__lt__", "__eq__", "__neg__", "__invert__", "__abs__",
                                                     "__index__", "__int__", "__float__", "__bool__",
                                                     "__len__", "__iter__", "__format__", "__repr__",
                                                     "__contains__", "__iadd__", "__imul__", "__isub__"))
                   and n not in SKIP)
    return ["Tensor." + n for n in names]


def random_values(dtype, n):
    if dtype == torch.bool:
        return [rng.random() < 0.5 for _ in range(n)]
    if not dtype.is_floating_point:
        lo = -5 if dtype.is_signed else 0
        return [rng.randint(lo, 9) for _ in range(n)]
    special = [math.nan, math.inf, -math.inf, 0.0, -0.0, 1e30]
    return [rng.choice(special) if rng.random() < 0.1 else rng.gauss(0, 2) for _ in range(n)]


def fresh_tensor():
    shape = rng.choice(SHAPES)
    dtype = rng.choice(DTYPES)
    n = 1
    for s in shape:
        n *= s
    t = torch.tensor(random_values(dtype, n), dtype=dtype).reshape(shape)
    if rng.random() < 0.3:
        t = t.to(rng.choice(DEVICES))
    kind = rng.random()
    if kind < 0.15 and t.dim() >= 2:
        t = t.transpose(0, 1)                      # non-contiguous
    elif kind < 0.25 and t.dim() >= 1 and t.shape[0] > 1:
        t = t[::2]                                 # strided slice
    elif kind < 0.32 and t.dim() >= 1:
        t = t.unsqueeze(0).expand(2, *t.shape)     # stride 0
    if rng.random() < 0.2 and t.dtype.is_floating_point:
        t = t.detach().requires_grad_()
    return t


pool = [fresh_tensor() for _ in range(12)]


def some_tensor():
    return rng.choice(pool) if pool and rng.random() < 0.7 else fresh_tensor()


def some_arg(first=False):
    if rng.random() < 0.15:
        return foreign(rng, some_tensor)
    r = rng.random() * (0.6 if first else 1.0)  # the first argument is mostly a tensor
    if r < 0.45:
        return some_tensor()
    if r < 0.68:
        return rng.choice([0, 1, -1, 2, 3, -3, 7] * 3 + HUGE)
    if r < 0.74:
        return rng.choice([0.5, -1.5, math.nan, math.inf, -math.inf, 1e300])
    if r < 0.77:
        return rng.choice([True, False])
    if r < 0.8:
        return rng.choice(DTYPES)
    if r < 0.86:
        return rng.choice([[2, 3], [], [-1], (1, 0), [0, 1, 2], [[1, 2], [3]], [2**62, 2]])
    if r < 0.9:
        return rng.choice(["cpu", "cuda", "cuda:7", "mps", "meta", "sum", "a", ""])
    if r < 0.94:
        return rng.choice([None, slice(None, None, -1), slice(0, 2), Ellipsis, (0, slice(None))])
    return torch.device(rng.choice(DEVICES))


def some_kwargs():
    kwargs = {}
    for key, values in (("dim", [0, 1, -1, 5, (0, 1), None]), ("keepdim", [True, False]),
                        ("dtype", DTYPES), ("device", DEVICES + ["cuda:3"]), ("out", None),
                        ("requires_grad", [True, False]), ("alpha", [2, 0.5])):
        if rng.random() < 0.04:
            kwargs[key] = some_tensor() if key == "out" else rng.choice(values)
            if rng.random() < 0.15:
                kwargs[key] = foreign(rng, some_tensor)
    return kwargs


def describe(v):
    if isinstance(v, torch.Tensor):
        grad = ", requires_grad" if v.requires_grad else ""
        return f"<{type(v).__name__} {v.dtype} {tuple(v.shape)} on {v.device} strides {v.stride()}{grad}>"
    if isinstance(v, np.ndarray):
        return f"<ndarray {v.dtype} {v.shape} strides {v.strides}>"
    try:
        return repr(v)
    except Exception as e:
        return f"<{type(v).__name__}: repr raised {type(e).__name__}>"


targets = [name for name, _ in functions()] + methods()
returned = 0
end = time.monotonic() + seconds
log = CallLog(log_path, seed)
while time.monotonic() < end:
    name = rng.choice(targets)
    args = [some_arg(i == 0) for i in range(rng.choice([0, 1, 1, 2, 2, 3, 4]))]
    kwargs = some_kwargs()
    if name.startswith("Tensor."):
        receiver = some_tensor()
        shown = f"{describe(receiver)}.{name[7:]}"
        try:  # a property (t.mT, t.grad_fn ...) is the call here
            log.before(shown, count=False)
            fn = getattr(receiver, name[len("Tensor."):])
        except Exception:
            continue
        if not callable(fn):
            continue
    else:
        fn = getattr(torch, name[len("torch."):])
        shown = name
    log.before(f"{shown}({', '.join(map(describe, args))}"
               f"{', ' if args and kwargs else ''}{', '.join(f'{k}={describe(v)}' for k, v in kwargs.items())})")
    try:
        result = fn(*args, **kwargs)
        returned += 1
        # Kept for later calls when small: a (2**62, 0) tensor is empty, but unbind() or a
        # loop over it would run for ever (in PyTorch too).
        if isinstance(result, torch.Tensor) and result.numel() <= 10**5 and max(result.shape, default=0) <= 10**4:
            pool.append(result)
            if len(pool) > 40:
                pool.pop(rng.randrange(len(pool)))
        elif hasattr(result, "__next__"):
            for _ in zip(range(5), result):
                pass
    except Exception as e:
        log.exception(e)
log.close()
print(f"fuzz: seed {seed}, {log.calls} calls in {seconds:g} s over {len(targets)} functions and methods; "
      f"{returned} returned, {log.summary()}")
sys.exit(1 if log.internal else 0)
