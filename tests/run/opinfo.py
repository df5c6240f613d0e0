"""The OpInfo conformance suite: replays PyTorch's op database as recorded by
tests/opinfo/record.py (samples.json.gz) in tensorplay, on the CPU and on the first GPU
(simulated, or real), and compares each output with PyTorch's under
torch.testing.assert_close's default tolerances for its dtype (NaN equal to NaN, as the OpInfo
tests compare), or the type of the exception PyTorch raised. Random ops are compared by shape
and dtype only.

An entry (an OpInfo name and variant) passes when every recorded sample passes; it is partial
when some do, missing when tensorplay has no such function. The run fails when an entry listed
in tests/opinfo/passing.txt no longer passes on the CPU or on the GPU.

    tensorplay --sim run tests/run/opinfo.py            # check, print the pass rate
    tensorplay --sim run tests/run/opinfo.py --update   # rewrite passing.txt and OPINFO.md
    tensorplay --sim run tests/run/opinfo.py --only NAME [--verbose]
"""
import gzip
import json
import math
import os
import sys
import warnings

import torch

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "opinfo")
DTYPES = {"float32": torch.float32, "float64": torch.float64, "int64": torch.int64, "bool": torch.bool,
          "int32": torch.int32, "uint8": torch.uint8, "float16": torch.float16, "bfloat16": torch.bfloat16,
          "int16": torch.int16, "int8": torch.int8, "uint16": torch.uint16, "uint32": torch.uint32,
          "uint64": torch.uint64}
# torch.testing.assert_close's defaults: (rtol, atol) per dtype; other dtypes compare exactly.
TOLERANCES = {torch.float16: (1e-3, 1e-5), torch.bfloat16: (1.6e-2, 1e-5), torch.float32: (1.3e-6, 1e-5),
              torch.float64: (1e-7, 1e-7)}


# Why an entry does not pass, for the table (entries needing complex dtypes or sparse layouts aside).
WHY_NOT_PASSING = {
    "as_strided.partial_views": "the sample's input is a view into a larger storage, which samples.json does not "
                                "encode (the runner makes a fresh tensor); on the same view tensorplay's as_strided "
                                "gives PyTorch's values (tests/scripts/torch_245)",
    "linalg.eigh": "UPLO='U' samples: eigenvector signs differ between MKL's syevd (PyTorch) and OpenBLAS's "
                   "(tensorplay); eigenvalues and UPLO='L' agree",
    "special.bessel_j0": "one float64 sample near a zero of J0: ATen's kernel is off by 2e-7 there, tensorplay agrees "
                         "with mpmath to 1e-16",
    "special.bessel_y1": "one float64 sample near a zero of Y1: ATen's kernel is off by 3.5e-7 there, tensorplay "
                         "agrees with mpmath to 1e-16",
}


class Mismatch(Exception):
    pass


def number(x):
    return float(x["f"]) if isinstance(x, dict) else x


def decode(v, device):
    if isinstance(v, list):
        return [decode(x, device) for x in v]
    if not isinstance(v, dict):
        return v
    if "T" in v:
        values = [number(x) for x in v["v"]]
        return torch.tensor(values, dtype=DTYPES[v["T"]], device=device).reshape(v["s"])
    if "f" in v:
        return float(v["f"])
    if "dtype" in v:
        return DTYPES[v["dtype"]]
    if "size" in v:
        return torch.Size(v["size"])
    if "slice" in v:
        return slice(*(decode(x, device) for x in v["slice"]))
    if "ellipsis" in v:
        return Ellipsis
    if "tuple" in v:
        return tuple(decode(x, device) for x in v["tuple"])
    if "dict" in v:
        return {k: decode(x, device) for k, x in v["dict"].items()}
    raise ValueError(f"unknown encoding {v}")


def resolve(spec):
    """The callable for a recorded call ('torch.linalg.svd', 'Tensor.add', 'attr.T',
    'torch.polygamma@swap'), or None when tensorplay lacks it."""
    if spec.endswith("@swap"):  # OpInfo's input is the user's second argument (polygamma(n, x))
        fn = resolve(spec[:-len("@swap")])
        return fn and (lambda x, first, *a, **k: fn(first, x, *a, **k))
    kind, _, name = spec.partition(".")
    if kind in ("Tensor", "attr"):
        return (lambda x, *a, **k: getattr(x, name)(*a, **k)) if hasattr(torch.Tensor, name) and kind == "Tensor" \
            else (lambda x: getattr(x, name)) if hasattr(torch.Tensor, name) else None
    obj = torch
    for part in name.split("."):
        try:
            obj = getattr(obj, part)
        except AttributeError:
            return None
    return obj


def close(actual, expected, rtol, atol):
    if isinstance(expected, bool) or isinstance(actual, bool):
        return actual == expected
    if math.isnan(expected):
        return math.isnan(actual)
    if math.isinf(expected):
        return actual == expected
    return abs(actual - expected) <= atol + rtol * abs(expected)


def compare(actual, expected, shapes_only):
    """Raises Mismatch unless actual (tensorplay's output) matches expected (the recorded one)."""
    if isinstance(expected, dict) and "T" in expected:
        if not isinstance(actual, torch.Tensor):
            raise Mismatch(f"expected a tensor, got {type(actual).__name__}")
        if actual.dtype != DTYPES[expected["T"]]:
            raise Mismatch(f"dtype {actual.dtype}, expected {expected['T']}")
        if list(actual.shape) != expected["s"]:
            raise Mismatch(f"shape {list(actual.shape)}, expected {expected['s']}")
        if shapes_only:
            return
        rtol, atol = TOLERANCES.get(actual.dtype, (0, 0))
        got = actual.detach().cpu().reshape(-1).tolist()
        for i, (a, e) in enumerate(zip(got, expected["v"])):
            if not close(a, number(e), rtol, atol):
                raise Mismatch(f"element {i}: {a!r}, expected {number(e)!r}")
        return
    if isinstance(expected, dict) and ("tuple" in expected or "size" in expected):
        expected = expected["tuple"] if "tuple" in expected else expected["size"]
    if isinstance(expected, list):
        if not isinstance(actual, (tuple, list)) or len(actual) != len(expected):
            raise Mismatch(f"expected a sequence of {len(expected)}, got {type(actual).__name__}")
        for a, e in zip(actual, expected):
            compare(a, e, shapes_only)
        return
    if isinstance(expected, dict) and "dtype" in expected:
        if actual != DTYPES[expected["dtype"]]:
            raise Mismatch(f"{actual}, expected {expected['dtype']}")
        return
    if expected is None or isinstance(expected, str):
        if actual != expected:
            raise Mismatch(f"{actual!r}, expected {expected!r}")
        return
    if isinstance(actual, torch.Tensor) or not isinstance(actual, (int, float, bool)):
        raise Mismatch(f"expected a number, got {type(actual).__name__}")
    expected = number(expected)
    exact = isinstance(expected, (bool, int)) and not isinstance(actual, float)
    if not (actual == expected if exact else close(float(actual), float(expected), 1.3e-6, 1e-5)):
        raise Mismatch(f"{actual!r}, expected {expected!r}")


def run_sample(fn, sample, device, shapes_only):
    """None when the sample passes on `device`, else why not."""
    try:
        x = decode(sample["input"], device)
        args = decode(sample["args"], device)
        kwargs = decode(sample["kwargs"], device)
    except Exception as e:
        return f"inputs: {type(e).__name__}: {e}"
    torch.manual_seed(0)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            out = fn(x, *args, **kwargs)
    except Exception as e:
        if "raises" in sample:
            return None if type(e).__name__ == sample["raises"] else f"raised {type(e).__name__}, expected {sample['raises']}"
        return f"raised {type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"
    if "raises" in sample:
        return f"returned, expected {sample['raises']}"
    try:
        compare(out, sample["out"], shapes_only)
    except Mismatch as e:
        return str(e)
    return None


def entry_id(entry):
    return entry["name"] + ("." + entry["variant"] if entry["variant"] else "")


def run_entry(entry, devices, verbose):
    """{device: (passed, total)} and the status: pass, partial, fail, missing, unrecorded."""
    if not entry["samples"]:
        return {}, "unrecorded"
    fn = resolve(entry["call"]) if entry["call"] else None
    if fn is None:
        return {}, "missing"
    counts = {}
    for device in devices:
        passed = 0
        for sample in entry["samples"]:
            why = run_sample(fn, sample, device, entry["random"])
            if why is None:
                passed += 1
            elif verbose:
                print(f"  {entry_id(entry)} [{device}, {sample['dtype']}]: {why}")
        counts[device] = (passed, len(entry["samples"]))
    total = len(entry["samples"])
    if all(p == total for p, _ in counts.values()):
        return counts, "pass"
    return counts, "partial" if any(p for p, _ in counts.values()) else "fail"


def write_table(results, path):
    inventory = json.load(open(os.path.join(ROOT, "inventory.json")))
    status_count = {}
    for _, _, status in results:
        status_count[status] = status_count.get(status, 0) + 1
    lines = ["# OpInfo conformance and PyTorch's API inventories", "",
             "Generated by `tensorplay --sim run tests/run/opinfo.py --update` from the samples "
             "`tests/opinfo/record.py` recorded with PyTorch " + torch_version() + ".", "",
             "## OpInfo entries", "",
             " | ".join(f"{k}: {v}" for k, v in sorted(status_count.items())) + f" (of {len(results)})", "",
             "| entry | call | CPU | GPU | status |", "|---|---|---|---|---|"]
    for entry, counts, status in results:
        cells = [f"{p}/{t}" for p, t in counts.values()] or ["", ""]
        lines.append(f"| {entry_id(entry)} | {entry['call'] or ''} | {' | '.join(cells)} | {status} |")
    lines += ["", "## Entries that do not pass, and why", ""]
    other = "needs complex dtypes, sparse layouts or torch.fft's inverse real transforms"
    lines += [f"- `{entry_id(entry)}` ({status}): {WHY_NOT_PASSING.get(entry_id(entry), other)}"
              for entry, _, status in results if status in ("partial", "fail", "missing")]
    for title, names in inventory.items():
        have = [n for n in names if has_name(title, n)]
        lines += ["", f"## {title}: {len(have)} of {len(names)} in tensorplay", "",
                  "Missing: " + ", ".join(f"`{n}`" for n in names if n not in have)]
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def has_name(where, name):
    import torch.nn.functional as F
    root = {"Tensor": torch.Tensor, "torch.nn": torch.nn, "torch.nn.functional": F}[where]
    return hasattr(root, name)


_recorded = {}


def torch_version():
    return _recorded.get("torch", "?")


def main():
    argv = sys.argv[1:]
    update, verbose = "--update" in argv, "--verbose" in argv
    only = argv[argv.index("--only") + 1] if "--only" in argv else None
    with gzip.open(os.path.join(ROOT, "samples.json.gz"), "rt") as f:
        data = json.load(f)
    _recorded["torch"] = data["torch"]
    devices = ["cpu"] + (["cuda"] if torch.cuda.is_available() else [])
    results = []
    for entry in data["entries"]:
        if only and entry["name"] != only and entry_id(entry) != only:
            continue
        counts, status = run_entry(entry, devices, verbose)
        results.append((entry, counts, status))
    passing = [entry_id(e) for e, _, s in results if s == "pass"]
    recorded = [r for r in results if r[2] != "unrecorded"]
    print(f"OpInfo: {len(passing)} of {len(recorded)} recorded entries pass on {' and '.join(devices)} "
          f"({100.0 * len(passing) / max(len(recorded), 1):.1f} %); "
          + ", ".join(f"{s} {sum(1 for r in results if r[2] == s)}" for s in ("partial", "fail", "missing", "unrecorded")))
    listed_path = os.path.join(ROOT, "passing.txt")
    if update:
        with open(listed_path, "w") as f:
            f.write("\n".join(passing) + "\n")
        write_table(results, os.path.join(ROOT, "OPINFO.md"))
        print("wrote", listed_path, "and OPINFO.md")
        return 0
    if only:
        return 0
    listed = [line.strip() for line in open(listed_path) if line.strip()]
    regressed = [name for name in listed if name not in set(passing)]
    for name in regressed:
        print("REGRESSED", name)
    if len(devices) < 2:
        print("(no GPU: the CPU only)")
    return 1 if regressed else 0


sys.exit(main())
