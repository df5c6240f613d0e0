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


def _named(name, *fields):
    """A named tuple of any length printed as PyTorch prints its return types (linalg)."""

    class _ReturnType(tuple):
        __slots__ = ()
        n_fields = len(fields)

        def __new__(cls, values):
            return tuple.__new__(cls, values)

        def __repr__(self):
            inner = ",\n".join(f"{field}={value!r}" for field, value in zip(fields, self))
            return f"torch.return_types.{name}(\n{inner})"

    for index, field in enumerate(fields):
        setattr(_ReturnType, field, property(lambda self, index=index: self[index]))
    _ReturnType.__name__ = _ReturnType.__qualname__ = name
    _ReturnType.__module__ = "torch.return_types"
    return _ReturnType


slogdet = _named("slogdet", "sign", "logabsdet")
linalg_slogdet = _named("linalg_slogdet", "sign", "logabsdet")
linalg_inv_ex = _named("linalg_inv_ex", "inverse", "info")
linalg_solve_ex = _named("linalg_solve_ex", "result", "info")
linalg_cholesky_ex = _named("linalg_cholesky_ex", "L", "info")
linalg_qr = _named("linalg_qr", "Q", "R")
linalg_eigh = _named("linalg_eigh", "eigenvalues", "eigenvectors")
linalg_svd = _named("linalg_svd", "U", "S", "Vh")
svd = _named("svd", "U", "S", "V")
linalg_lu_factor = _named("linalg_lu_factor", "LU", "pivots")
linalg_lu_factor_ex = _named("linalg_lu_factor_ex", "LU", "pivots", "info")
linalg_lu = _named("linalg_lu", "P", "L", "U")
lu_unpack = _named("lu_unpack", "P", "L", "U")
triangular_solve = _named("triangular_solve", "solution", "cloned_coefficient")
_lu_with_info = _named("_lu_with_info", "LU", "pivots", "info")
linalg_lstsq = _named("linalg_lstsq", "solution", "residuals", "rank", "singular_values")
frexp = _named("frexp", "mantissa", "exponent")
histogramdd = _named("histogramdd", "hist", "bin_edges")
geqrf = _named("geqrf", "a", "tau")
linalg_ldl_factor = _named("linalg_ldl_factor", "LD", "pivots")
linalg_ldl_factor_ex = _named("linalg_ldl_factor_ex", "LD", "pivots", "info")
linalg_polar = _named("linalg_polar", "U", "H")
