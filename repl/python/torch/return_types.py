"""torch.return_types: the named pairs that max(dim), min(dim), sort, topk, ... return."""


def _pair(name, first="values", second="indices"):
    class _ReturnType(tuple):
        __slots__ = ()
        n_fields = 2

        def __new__(cls, pair):
            return tuple.__new__(cls, pair)

        def __repr__(self):
            return f"torch.return_types.{name}(\n{first}={self[0]!r},\n{second}={self[1]!r})"

    setattr(_ReturnType, first, property(lambda self: self[0]))
    setattr(_ReturnType, second, property(lambda self: self[1]))
    _ReturnType.__name__ = _ReturnType.__qualname__ = name
    _ReturnType.__module__ = "torch.return_types"
    return _ReturnType


for _name in ("max", "min", "sort", "topk", "kthvalue", "median", "nanmedian", "mode", "cummax", "cummin"):
    globals()[_name] = _pair(_name)
aminmax = _pair("aminmax", "min", "max")
histogram = _pair("histogram", "hist", "bin_edges")
del _name
