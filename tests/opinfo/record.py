"""Records PyTorch's own op database (torch.testing._internal.common_methods_invocations.op_db)
as tensorplay's OpInfo conformance suite: for each OpInfo entry and each dtype tensorplay has
(float32, float64, int64, int16, int8, bool), the first few of its CPU sample inputs (small ones), called
the way users call the op (torch.NAME, torch.nn.functional.NAME, torch.linalg.NAME, ... or the
Tensor method NAME), with the output PyTorch gave (complex ones too: torch.fft's) or the type of
the exception it raised.

Run with the reference PyTorch (expecttest and hypothesis installed in its venv):
    /opt/torchref/bin/python tests/opinfo/record.py
It writes tests/opinfo/samples.json.gz (deterministic: every op's samples are drawn after
torch.manual_seed(0)), which tests/run/opinfo.py replays in tensorplay, and
tests/opinfo/inventory.json: PyTorch's Tensor methods, torch.nn modules and
torch.nn.functional names, which the runner's table checks tensorplay for."""
import gzip
import json
import math
import os
import sys
import warnings

import torch
from torch.testing._internal.common_methods_invocations import op_db

HERE = os.path.dirname(os.path.abspath(__file__))
DTYPES = {torch.float32: "float32", torch.float64: "float64", torch.int64: "int64", torch.int16: "int16",
          torch.int8: "int8", torch.bool: "bool"}
# What an output (or a dtype= argument) may also be: the other dtypes tensorplay has.
ENCODABLE = {**DTYPES, torch.int32: "int32", torch.uint8: "uint8", torch.float16: "float16",
             torch.bfloat16: "bfloat16", torch.uint16: "uint16", torch.uint32: "uint32", torch.uint64: "uint64",
             torch.complex64: "complex64", torch.complex128: "complex128"}
SAMPLES_PER_DTYPE = 2
MAX_INPUT_ELEMENTS = 64    # all tensors of a sample together
MAX_OUTPUT_ELEMENTS = 256
MAX_FALLBACK_ELEMENTS = 1024  # an op none of whose samples is small: its smallest, up to this


class Unsupported(Exception):
    """A value the file format (or tensorplay) has no way to carry: the sample is left out."""


def number(x):
    if isinstance(x, float) and not math.isfinite(x):
        return {"f": repr(x)}  # nan, inf, -inf: JSON has no literal for them
    return x


def encode(v, limit):
    """v as JSON; `limit` counts tensor elements (a one-element list, decremented)."""
    if isinstance(v, torch.Tensor):
        if v.layout != torch.strided or v.is_quantized:
            raise Unsupported("tensor kind")
        name = ENCODABLE.get(v.dtype)
        if name is None:
            raise Unsupported(f"dtype {v.dtype}")
        limit[0] -= v.numel()
        if limit[0] < 0:
            raise Unsupported("too large")
        values = v.detach().resolve_conj().reshape(-1).tolist()
        if v.is_complex():  # each element a [real, imaginary] pair
            return {"T": name, "s": list(v.shape), "v": [[number(x.real), number(x.imag)] for x in values]}
        return {"T": name, "s": list(v.shape), "v": [number(x) for x in values]}
    if v is None or isinstance(v, (bool, int, str)):
        return v
    if isinstance(v, float):
        return number(v)
    if isinstance(v, torch.dtype):
        if v not in ENCODABLE:
            raise Unsupported(f"dtype {v}")
        return {"dtype": ENCODABLE[v]}
    if isinstance(v, torch.Size):
        return {"size": list(v)}
    if isinstance(v, slice):
        return {"slice": [encode(v.start, limit), encode(v.stop, limit), encode(v.step, limit)]}
    if v is Ellipsis:
        return {"ellipsis": True}
    if isinstance(v, tuple):
        return {"tuple": [encode(x, limit) for x in v]}
    if isinstance(v, list):
        return [encode(x, limit) for x in v]
    if isinstance(v, dict):
        return {"dict": {str(k): encode(x, limit) for k, x in v.items()}}
    raise Unsupported(type(v).__name__)


def resolve(name):
    """How a user calls the op: ('torch.nn.functional.relu', fn), ('Tensor.NAME', None) for a
    method on the input or ('attr.T', None) for an attribute of it; None when none exists."""
    obj = torch
    for part in name.split("."):
        obj = getattr(obj, part, None)
        if obj is None:
            break
    if obj is not None and callable(obj):
        return "torch." + name, obj
    if "." not in name and isinstance(getattr(torch.Tensor, name, None), property) or name in ("T", "H", "mT", "mH"):
        return "attr." + name, None
    if "." not in name and hasattr(torch.Tensor, name):
        return "Tensor." + name, None
    if "." not in name and hasattr(torch.Tensor, name + "_"):  # cauchy: x.cauchy_()
        return "Tensor." + name + "_", None
    return None, None


def call(spec, fn, sample):
    if spec.endswith("@swap"):  # OpInfo's input is the user's second argument (polygamma(n, x))
        return fn(sample.args[0], sample.input, *sample.args[1:], **sample.kwargs)
    if spec.startswith("attr."):
        return getattr(sample.input, spec[len("attr."):])
    if fn is None:
        return getattr(sample.input, spec[len("Tensor."):])(*sample.args, **sample.kwargs)
    return fn(sample.input, *sample.args, **sample.kwargs)


def random_op(op):
    return op.name in ("bernoulli", "normal", "multinomial", "uniform", "exponential", "cauchy", "geometric",
                       "log_normal", "rand_like", "randn_like", "randint_like", "randint", "nn.functional.dropout",
                       "nn.functional.dropout2d", "nn.functional.dropout3d", "nn.functional.alpha_dropout",
                       "nn.functional.feature_alpha_dropout", "nn.functional.rrelu", "nn.functional.gumbel_softmax",
                       "nn.functional.fractional_max_pool2d", "nn.functional.fractional_max_pool3d", "empty_like",
                       "empty", "empty_permuted", "empty_strided", "new_empty", "new_empty_strided",
                       "nn.functional.multi_head_attention_forward") or "dropout" in op.name


def convention(op, spec, fn):
    """spec, or spec + '@swap' when OpInfo's wrapper passes its input as the user's second
    argument (einsum(equation, tensors), polygamma(n, x), embedding(indices, weight)), or None
    when the user's call and OpInfo's disagree otherwise (the entry is left unrecorded)."""
    if fn is None or op.op is fn:
        return spec
    sample = next(iter(op.sample_inputs("cpu", torch.float32 if torch.float32 in op.supported_dtypes("cpu")
                                        else next(iter(op.supported_dtypes("cpu"))), requires_grad=False)), None)
    if sample is None:
        return spec

    def outcome(f):
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                torch.manual_seed(0)
                return True, f()
        except Exception as e:
            return False, type(e).__name__
    wrapped = outcome(lambda: op.op(sample.input, *sample.args, **sample.kwargs))
    for candidate in (spec, spec + "@swap"):
        direct = outcome(lambda: call(candidate, fn, sample))
        if direct[0] == wrapped[0] and (not direct[0] or same(direct[1], wrapped[1], random_op(op))):
            return candidate
    return None


def same(a, b, shapes_only):
    if isinstance(a, torch.Tensor) and isinstance(b, torch.Tensor):
        return a.shape == b.shape and a.dtype == b.dtype and (
            shapes_only or bool((a == b).all() | (a.isnan().all() & b.isnan().all())))
    if isinstance(a, (tuple, list)) and isinstance(b, (tuple, list)):
        return len(a) == len(b) and all(same(x, y, shapes_only) for x, y in zip(a, b))
    return type(a) is type(b) and (a == b or a != a)


def strip_values(v):
    """A random op's output: shapes and dtypes only (uninitialised memory, random draws)."""
    if isinstance(v, list):
        return [strip_values(x) for x in v]
    if isinstance(v, dict):
        return {k: (None if k == "v" else strip_values(x)) for k, x in v.items()}
    return v


def record_op(op):
    spec, fn = resolve(op.name)
    entry = {"name": op.name, "variant": op.variant_test_name, "call": spec, "random": random_op(op), "samples": []}
    if spec is None:
        return entry
    spec = convention(op, spec, fn)
    entry["call"] = spec
    if spec is None:
        return entry
    supported = op.supported_dtypes("cpu")
    for dtype, dtype_name in DTYPES.items():
        if dtype not in supported:
            continue
        taken = 0
        torch.manual_seed(0)
        try:
            samples = list(op.sample_inputs("cpu", dtype, requires_grad=False))
        except Exception:
            continue
        # The first small samples; an op whose samples are all larger gets its smallest one.
        encoded = []
        for sample in samples:
            try:
                limit = [MAX_FALLBACK_ELEMENTS]
                inputs = {"input": encode(sample.input, limit), "args": encode(list(sample.args), limit),
                          "kwargs": encode(dict(sample.kwargs), limit)}
            except Unsupported:
                continue
            encoded.append((MAX_FALLBACK_ELEMENTS - limit[0], sample, inputs))
        small = [e for e in encoded if e[0] <= MAX_INPUT_ELEMENTS]
        chosen = small or sorted(encoded, key=lambda e: e[0])[:1]
        for _, sample, inputs in chosen:
            if taken == SAMPLES_PER_DTYPE:
                break
            torch.manual_seed(0)
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    out = call(spec, fn, sample)
                result = {"out": encode(out, [MAX_OUTPUT_ELEMENTS if small else MAX_FALLBACK_ELEMENTS * 4])}
                if entry["random"]:
                    result = strip_values(result)
            except Unsupported:
                continue
            except Exception as e:
                result = {"raises": type(e).__name__}
            entry["samples"].append({"dtype": dtype_name, **inputs, **result})
            taken += 1
    return entry


def inventory():
    """PyTorch's public Tensor methods and attributes, torch.nn modules and torch.nn.functional
    functions (its typing and dispatch helpers left out)."""
    import inspect
    import torch.nn.functional as F
    helpers = {"Optional", "assert_int_or_pair", "boolean_dispatch", "handle_torch_function",
               "has_torch_function", "has_torch_function_unary", "has_torch_function_variadic"}
    functional = [n for n in dir(F) if not n.startswith("_") and n not in helpers and callable(getattr(F, n))
                  and not isinstance(getattr(F, n), type) and not inspect.ismodule(getattr(F, n))]
    modules = [n for n in dir(torch.nn) if isinstance(getattr(torch.nn, n), type)
               and issubclass(getattr(torch.nn, n), torch.nn.Module)]
    methods = [n for n in dir(torch.Tensor) if not n.startswith("_")]
    return {"Tensor": methods, "torch.nn": modules, "torch.nn.functional": functional}


def main():
    with open(os.path.join(HERE, "inventory.json"), "w") as f:
        json.dump(inventory(), f, indent=0)
        f.write("\n")
    entries = []
    for op in op_db:
        entries.append(record_op(op))
        print(f"{op.name}.{op.variant_test_name}: {len(entries[-1]['samples'])}", file=sys.stderr)
    path = os.path.join(HERE, "samples.json.gz")
    text = json.dumps({"torch": torch.__version__, "entries": entries}, separators=(",", ":"))
    with gzip.GzipFile(path, "wb", mtime=0) as f:
        f.write(text.encode())
    print(f"{len(entries)} entries, {sum(len(e['samples']) for e in entries)} samples -> {path}")


if __name__ == "__main__":
    main()
