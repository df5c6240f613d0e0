"""The argument parser's conformance probe: every function and method with several overloads in
PyTorch (python/torch/_overloads.json) called two ways no overload takes, (x, "a") and
(x, foo=1) (methods on x), and what each raises. PyTorch's answers are recorded in
tests/fixtures/overload_probe.expected; the check fails on any call that raises otherwise in
tensorplay (names tensorplay lacks are counted apart).

    /opt/torchref/bin/python tests/run/overload_probe.py > tests/fixtures/overload_probe.expected
    build/tensorplay --sim run tests/run/overload_probe.py --check
"""
import json
import os
import sys
import warnings

HERE = os.path.dirname(os.path.abspath(__file__))
EXPECTED = os.path.join(HERE, "..", "fixtures", "overload_probe.expected")


def keys():
    with open(os.path.join(HERE, "..", "..", "python", "torch", "_overloads.json")) as f:
        return sorted(json.load(f)["signatures"])


def probe():
    """{(key, variant): what the call raised} for every probing call; "missing" for absent names."""
    import torch
    x = torch.ones(2, 3)
    results = {}
    for key in keys():
        kind, name = key.split(".", 1)
        owner = torch if kind == "torch" else x
        if not hasattr(owner, name):
            results[(key, "-")] = "missing"
            continue
        fn = getattr(owner, name)
        for variant, args, kwargs in (("s", (x, "a") if kind == "torch" else ("a",), {}),
                                      ("k", (x,) if kind == "torch" else (), {"foo": 1})):
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    fn(*args, **kwargs)
                result = "ok"
            except Exception as e:
                result = f"{type(e).__name__}: {e}"
            results[(key, variant)] = result.replace("\n", "\\n")
    return results


def check():
    want = {}
    for line in open(EXPECTED):
        key, variant, text = line.rstrip("\n").split(" ", 2)
        want[(key, variant)] = text
    got = probe()
    probed = [k for k in want if k in got]
    wrong = [k for k in probed if want[k] != got[k]]
    lacking = sum(1 for k, v in got.items() if v == "missing")
    print(f"{len(probed) - len(wrong)} of {len(probed)} probing calls raise PyTorch's text "
          f"({lacking} names tensorplay lacks not probed)")
    for k in wrong:
        print(f"{k[0]} {k[1]}\n  want {want[k]}\n  got  {got[k]}")
    return 1 if wrong else 0


if __name__ == "__main__":
    if "--check" in sys.argv:
        sys.exit(check())
    for (key, variant), text in probe().items():
        if text != "missing":
            print(key, variant, text)
