"""PyTorch's overloads of its multi-signature functions and methods (_overloads.json, recorded by
tests/fixtures/gen_overloads.py), and python_arg_parser's rule for which error a call that
matches none of them gets: the one signature that could take that many arguments explains
itself, otherwise the error lists them all."""
import json
import os

_signatures = None


def _load():
    global _signatures
    if _signatures is None:
        with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "_overloads.json")) as f:
            _signatures = json.load(f)["signatures"]
    return _signatures


def _plausible(signature, positional, keywords):
    """Whether the signature could take that many arguments: between its required and all its
    parameters. A signature whose one positional parameter is an int list takes its ints as
    separate arguments too (zeros(2, 3), x.view(2, 3)): they count as one."""
    params = [p.strip() for p in signature.strip("()").split(",") if p.strip()]
    before_star = params[:params.index("*")] if "*" in params else params
    params = [p for p in params if p != "*"]
    if len(before_star) == 1 and before_star[0].startswith("tuple of ints") and positional > 1:
        positional = 1
    given = positional + keywords
    return sum(1 for p in params if " = " not in p) <= given <= len(params)


# The binding's TypeErrors that mean "this signature does not take these arguments"; others (an
# int list's overflow, a constructor's own checks) PyTorch raises at once, whatever the overloads.
_MISMATCH = ("must be ", "got an unexpected keyword argument", "positional argument", "missing ",
             "got multiple values")


def listing(key, positional, keywords, message):
    """The signatures of key ('torch.sum', 'Tensor.view') to list for a call with these numbers
    of positional and keyword arguments that the binding refused with `message`; None when key
    has one signature here, when the message is no signature mismatch, or when exactly one
    signature could take that many arguments (then that one's own error stands)."""
    signatures = _load().get(key)
    if not signatures or "failed to unpack" in message or not any(m in message for m in _MISMATCH):
        return None
    plausible = [s for s in signatures if _plausible(s, positional, keywords)]
    return None if len(plausible) == 1 else signatures
