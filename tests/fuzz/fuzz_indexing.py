"""The indexing fuzzer's driver, run inside tensorplay by tests/run/fuzz.py --driver indexing:
x[key] and x[key] = value with every index kind PyTorch accepts, and many it refuses, combined
in tuples: ints (Python, numpy, past int64, out of range), slices with odd bounds and steps,
None, Ellipsis, bools, lists (of ints, bools, lists), ranges, ndarrays of every dtype and
layout, tensors (int64, int32, uint8, bool, float, 0-dim, on the simulated GPU), objects with
__index__, str; values: numbers, numpy scalars, tensors, arrays, lists. As fuzz_torch.py,
each call is logged before it runs; exceptions are fine, a crash or an internal error is not.
Usage (inside tensorplay): fuzz_indexing.py SEED SECONDS LOG"""
import random
import sys
import time
import warnings

import numpy as np
import torch

from call_log import CallLog
from foreign_values import Index, RaisingIndex, foreign, numpy_array, numpy_scalar

seed, seconds, log_path = int(sys.argv[1]), float(sys.argv[2]), sys.argv[3]
rng = random.Random(seed)
torch.manual_seed(seed)
warnings.simplefilter("ignore")
DEVICES = ["cpu", "cuda"] if torch.cuda.is_available() else ["cpu"]
DTYPES = [torch.float32, torch.float64, torch.int64, torch.int32, torch.uint8, torch.bool, torch.float16]
SHAPES = [(), (0,), (1,), (4,), (3, 4), (2, 3, 4), (0, 3), (2, 1, 3, 2)]


def target():
    t = torch.randn(rng.choice(SHAPES)).to(rng.choice(DTYPES)).to(rng.choice(DEVICES))
    if rng.random() < 0.2 and t.dim() >= 2:
        t = t.transpose(0, 1)
    if rng.random() < 0.1 and t.dtype.is_floating_point:
        t = t.requires_grad_()
    return t


def some_int():
    return rng.choice([0, 1, -1, 2, 3, -4, 5, 100, -100, 2**62, 2**64, -2**70, np.int64(1), np.int32(-1),
                       np.uint8(2), np.uint64(2**64 - 1), Index(1), Index(2**64), np.array(1), torch.tensor(1)])


def slice_bound():
    return rng.choice([None, 0, 1, -1, 3, 100, -100, 2**63, -2**63 - 5, np.int64(2), Index(1), RaisingIndex(),
                       torch.tensor(1), 1.5, "a"])


def index_tensor():
    shape = rng.choice([(), (0,), (2,), (3,), (2, 2), (4,)])
    kind = rng.random()
    if kind < 0.4:
        t = torch.randint(-5, 6, shape)
    elif kind < 0.6:
        t = torch.rand(shape) < 0.5
    elif kind < 0.7:
        t = torch.randint(0, 2, shape, dtype=torch.uint8)
    elif kind < 0.8:
        t = torch.randint(-3, 4, shape, dtype=torch.int32)
    else:
        t = torch.rand(shape) * 4
    return t.to(rng.choice(DEVICES)) if rng.random() < 0.2 else t


def component():
    r = rng.random()
    if r < 0.2:
        return some_int()
    if r < 0.35:
        return slice(slice_bound(), slice_bound(), rng.choice([None, 1, 2, -1, 0, np.int64(2), Index(3)]))
    if r < 0.42:
        return rng.choice([None, Ellipsis, True, False, np.bool_(True)])
    if r < 0.55:
        return [some_int() if rng.random() < 0.8 else rng.choice([True, [0, 1], None, slice(None)])
                for _ in range(rng.randint(0, 4))]
    if r < 0.58:
        return range(rng.randint(-1, 4))
    if r < 0.75:
        return numpy_array(rng)
    if r < 0.9:
        return index_tensor()
    return rng.choice([numpy_scalar(rng), "ab", foreign(rng, index_tensor)])


def some_key():
    if rng.random() < 0.35:
        return component()
    return tuple(component() for _ in range(rng.randint(0, 5)))


def some_value(t):
    r = rng.random()
    if r < 0.3:
        return rng.choice([0, 1, -1.5, True, 2**64, float("nan"), np.int64(3), np.float64(2.0), np.float32(1.0)])
    if r < 0.6:
        shape = rng.choice([(), (1,), (4,), (3, 4), (2,)])
        return torch.ones(shape, dtype=rng.choice([t.dtype, torch.float32, torch.int64])).to(rng.choice(DEVICES))
    if r < 0.8:
        return numpy_array(rng)
    return foreign(rng, lambda: torch.ones(2))


def describe(v):
    if isinstance(v, torch.Tensor):
        return f"<{type(v).__name__} {v.dtype} {tuple(v.shape)} on {v.device} strides {v.stride()}>"
    if isinstance(v, np.ndarray):
        return f"<ndarray {v.dtype} {v.shape} strides {v.strides}>"
    if isinstance(v, (tuple, list)):
        inner = ", ".join(describe(x) for x in v)
        return f"({inner},)" if isinstance(v, tuple) else f"[{inner}]"
    try:
        return repr(v)
    except Exception as e:
        return f"<{type(v).__name__}: repr raised {type(e).__name__}>"


end = time.monotonic() + seconds
log = CallLog(log_path, seed)
while time.monotonic() < end:
    t, key = target(), some_key()
    setting = rng.random() < 0.4
    value = some_value(t) if setting else None
    log.before(f"{describe(t)}[{describe(key)}]" + (f" = {describe(value)}" if setting else ""))
    try:
        if setting:
            with torch.no_grad():
                t[key] = value
        else:
            r = t[key]
            if isinstance(r, torch.Tensor) and r.numel() <= 10**5:
                r.sum()  # use the result: a view with wrong strides or sizes shows here
    except Exception as e:
        log.exception(e)
log.close()
print(f"fuzz (indexing): seed {seed}, {log.calls} calls in {seconds:g} s; {log.calls - log.raised} returned, "
      f"{log.summary()}")
sys.exit(1 if log.internal else 0)
