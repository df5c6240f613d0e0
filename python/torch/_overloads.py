"""PyTorch's argument parser (torch/csrc/utils/python_arg_parser.cpp) for the functions and
methods with several overloads: their signatures as PyTorch lists them (_overloads.json,
recorded by tests/fixtures/gen_overloads.py), whether a call fits one, and the TypeError a call
that fits none gets. As python_arg_parser decides: when exactly one signature could take that
many arguments, that signature's own error ("argument 'mat2' (position 2) must be Tensor, not
str", "missing 1 required positional arguments"); otherwise the "received an invalid
combination of arguments" listing with its "didn't match because" lines. Used by the C++
bindings (python/src/op_table.cpp, args.cpp) and, through install(), by the functions tensorplay
writes in Python."""
import functools
import inspect
import json
import numbers
import pkgutil

_signatures = None


def _load():
    global _signatures
    if _signatures is None:
        # through the package's loader: a file beside this one natively, a zip member in the page
        _signatures = json.loads(pkgutil.get_data("torch", "_overloads.json"))["signatures"]
    return _signatures


# numpy's names python_arg_parser also takes for these parameters (t.mean(axis=0)).
_NUMPY_NAMES = {"dim": ("axis",), "keepdim": ("keepdims",), "input": ("x", "a", "x1"), "other": ("x2",)}


class _Param:
    """One listed parameter: "Tensor input", "int dim = None", keyword-only after "*". A dim list
    without a default is optional-typed in PyTorch (int[1]? dim): it takes None too."""

    def __init__(self, text, keyword_only):
        declared, _, default = text.partition(" = ")
        self.type, _, self.name = declared.rpartition(" ")
        self.optional = bool(default)
        self.allows_none = default == "None" or (self.type == "tuple of ints" and self.name == "dim")
        self.keyword_only = keyword_only
        self.names = (self.name,) + _NUMPY_NAMES.get(self.name, ())


def _params(signature):
    params, keyword_only = [], False
    for text in signature[1:-1].split(", "):
        if text == "*":
            keyword_only = True
        elif text:
            params.append(_Param(text, keyword_only))
    return params


def type_name(value):
    """A value's type as PyTorch names it in its messages (tp_name: "Tensor", "str",
    "torch.dtype", "numpy.ndarray")."""
    import torch
    if isinstance(value, torch.Tensor):
        return "Tensor"
    for kind, name in ((torch.dtype, "torch.dtype"), (torch.device, "torch.device"), (torch.Size, "torch.Size")):
        if isinstance(value, kind):
            return name
    t = type(value)
    if t.__module__ in ("builtins", "torch") or t.__flags__ & (1 << 9):  # a Python class: its own name
        return t.__name__
    return f"{t.__module__}.{t.__qualname__}"


def _is_number(v):
    import torch
    return isinstance(v, numbers.Number) and not isinstance(v, torch.Tensor)


def _is_int(v):
    import torch
    if isinstance(v, bool):
        return False
    if isinstance(v, torch.Tensor):
        return v.dim() == 0 and not v.dtype.is_floating_point and v.dtype != torch.bool
    return isinstance(v, numbers.Integral)


def takes(kind, v):
    """Whether python_arg_parser's parameter type `kind` accepts the value v."""
    import torch
    if kind == "Tensor":
        return isinstance(v, torch.Tensor)
    if kind == "Number":
        return _is_number(v)
    if kind == "int":
        return _is_int(v)
    if kind == "float":
        return _is_number(v) and not isinstance(v, (bool, complex))
    if kind == "bool":
        return isinstance(v, bool) or type(v).__name__ == "bool_"
    if kind == "str":
        return isinstance(v, str)
    if kind == "torch.dtype":
        return isinstance(v, torch.dtype)
    if kind == "torch.device":
        return isinstance(v, (torch.device, str)) or _is_int(v)
    if kind == "torch.layout":
        return type(v).__name__ == "layout"
    if kind == "torch.Generator":
        return isinstance(v, torch.Generator)
    if kind == "torch.memory_format":
        return type(v).__name__ == "memory_format"
    if kind == "torch.Storage":
        return "Storage" in type(v).__name__
    # A list's first element decides, as python_arg_parser checks it (the rest fail later, when
    # the binding unpacks them: "failed to unpack the object at pos 2").
    if kind == "tuple of ints":
        return _is_int(v) or (isinstance(v, (tuple, list, torch.Size)) and (not v or _is_int(v[0])))
    if kind == "tuple of floats":
        return _is_number(v) or (isinstance(v, (tuple, list)) and (not v or _is_number(v[0])))
    if kind == "tuple of Tensors":
        return isinstance(v, (tuple, list)) and all(isinstance(x, torch.Tensor) for x in v)
    if kind == "tuple of Scalars":
        return isinstance(v, (tuple, list)) and all(_is_number(x) for x in v)
    return True  # "object" and types the parser does not check


def _parse(fname, signature, args, kwargs):
    """None when the signature takes the call, else its own error text (FunctionSignature::parse)."""
    params = _params(signature)
    positional = [p for p in params if not p.keyword_only]
    # zeros(2, 3): the ints of a lone int-list parameter as separate arguments (the first decides)
    varargs = len(positional) == 1 and positional[0].type == "tuple of ints" and bool(args) and _is_int(args[0])
    if len(args) > len(positional) and not varargs:
        low, high = sum(1 for p in params if not p.optional), len(positional)
        if low != high:
            return f"{fname}() takes from {low} to {high} positional arguments but {len(args)} were given"
        return (f"{fname}() takes {high} positional argument{'' if high == 1 else 's'} but {len(args)} "
                f"{'was' if len(args) == 1 else 'were'} given")
    consumed, positional_names = 0, set()
    for index, p in enumerate(params):
        given = next((n for n in p.names if n in kwargs), None)
        if index < len(args) and not p.keyword_only:
            value, keyword = (tuple(args) if varargs and len(args) > 1 else args[index]), False
            positional_names.add(p.name)
        elif given is not None:
            value, keyword = kwargs[given], True
            consumed += 1
        elif p.optional:
            continue
        else:
            missing = [q.name for q in params[index:] if not q.optional]
            return (f"{fname}() missing {len(missing)} required positional argument{'s' if len(missing) == 1 else ''}: "
                    + ", ".join(f'"{n}"' for n in missing))
        if value is None and p.allows_none:
            continue
        if not takes(p.type, value):
            where = "" if keyword else f" (position {index + 1})"
            return f"{fname}(): argument '{p.name}'{where} must be {p.type}, not {type_name(value)}"
    if consumed < len(kwargs):  # reported as extra_kwargs does: by primary names, in the call's order
        for name in kwargs:
            if not any(p.name == name for p in params):
                return f"{fname}() got an unexpected keyword argument '{name}'"
            if name in positional_names:
                return f"{fname}() got multiple values for argument '{name}'"
        return "invalid keyword arguments"
    return None


def _explanation(signature, args, kwargs, method):
    """The "didn't match because" line under a listed overload: only for one with as many
    listed parameters ("*" and out counted, "()" one) as arguments were given; the keywords when
    any were given, else the arguments' types marked from the first that does not fit (all of
    them for a method call)."""
    listed = [text for text in signature[1:-1].split(", ") if text]
    if max(len(listed), 1) != len(args) + len(kwargs):
        return ""
    if kwargs:
        return f"      didn't match because some of the keywords were incorrect: {', '.join(sorted(kwargs))}\n"
    params = [p for p in _params(signature)]
    marked, bad = [], method
    for i, value in enumerate(args):
        bad = bad or i >= len(params) or not takes(params[i].type, value)
        marked.append(f"!{type_name(value)}!" if bad else type_name(value))
    return f"      didn't match because some of the arguments have invalid types: ({', '.join(marked)})\n"


def listing_text(fname, args, kwargs, method, overloads):
    """The "received an invalid combination of arguments" TypeError text listing overloads."""
    got = ", ".join(type_name(a) for a in args)
    keywords = ", ".join(f"{name}={type_name(kwargs[name])}" for name in sorted(kwargs))
    if keywords:
        got = f"{keywords}, " if not args else f"{got}, {keywords}"
    text = f"{fname}() received an invalid combination of arguments - got ({got}), but expected one of:\n"
    for signature in overloads:
        text += f" * {signature}\n" + _explanation(signature, args, kwargs, method)
    return text


def _plausible(signature, count):
    params = _params(signature)
    return sum(1 for p in params if not p.optional) <= count <= len(params)


def parser_error(fname, key, args, kwargs, method, overloads=None):
    """PyTorch's TypeError text for a call of key ('torch.sum', 'Tensor.view'; args without
    self) that none of its overloads takes; None when one takes it (the call failed for another
    reason) or key has no recorded overloads and none are given."""
    overloads = _load().get(key, overloads)
    if not overloads or any(_parse(fname, s, args, kwargs) is None for s in overloads):
        return None
    plausible = [s for s in overloads if _plausible(s, len(args) + len(kwargs))]
    if len(plausible) == 1:
        return _parse(fname, plausible[0], args, kwargs)
    return listing_text(fname, args, kwargs, method, overloads)


def _checked(fn, name, key, method):
    """fn, whose failures on calls no overload takes become the parser's TypeError."""
    @functools.wraps(fn)
    def call(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except Exception:
            text = parser_error(name, key, args[1:] if method else args, kwargs, method)
            if text is None:
                raise
        raise TypeError(text)
    return call


def install():
    """Every torch function and Tensor method that PyTorch overloads and the op table does not
    bind (those written in Python, and the bindings made elsewhere: torch.conv1d, x.new, ...)
    gets the parser's errors."""
    import torch
    bound_by_table = {key for key, _ in torch._C._op_help}
    for key in _load():
        kind, name = key.split(".", 1)
        owner = torch if kind == "torch" else torch.Tensor
        fn = owner.__dict__.get(name) if kind == "Tensor" else getattr(torch, name, None)
        if callable(fn) and not isinstance(fn, type) and (inspect.isfunction(fn) or key not in bound_by_table):
            setattr(owner, name, _checked(fn, name, key, kind == "Tensor"))
