"""torch.return_types: the named pairs that max(dim), min(dim), sort, topk, ... return."""


def _pair(name):
    class _ReturnType(tuple):
        __slots__ = ()
        n_fields = 2

        def __new__(cls, values_indices):
            return tuple.__new__(cls, values_indices)

        @property
        def values(self):
            return self[0]

        @property
        def indices(self):
            return self[1]

        def __repr__(self):
            return f"torch.return_types.{name}(\nvalues={self[0]!r},\nindices={self[1]!r})"

    _ReturnType.__name__ = _ReturnType.__qualname__ = name
    _ReturnType.__module__ = "torch.return_types"
    return _ReturnType


for _name in ("max", "min", "sort", "topk", "kthvalue", "median", "mode", "cummax", "cummin", "aminmax"):
    globals()[_name] = _pair(_name)
del _name
