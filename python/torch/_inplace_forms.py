"""The in-place Tensor methods PyTorch has and tensorplay's C++ core does not bind: the
comparisons and logical ops written into self (x.eq_(y): 1 where equal, in x's dtype), the
arithmetic ones (remainder_, floor_divide_, atan2_/arctan2_, addmm_, renorm_) and
fill_diagonal_. Each computes the out-of-place op and writes it into self with PyTorch's checks:
the result must keep self's shape (no broadcasting self up) and be castable to self's dtype."""
import torch

def _name(dtype):
    """ATen's scalar type name (Float, Long, ...)."""
    return torch.empty(0, dtype=dtype).type().split(".")[-1].replace("Tensor", "")


def _write(self, result, cast_check=True):
    if result.shape != self.shape:
        raise RuntimeError(f"output with shape {list(self.shape)} doesn't match the broadcast shape "
                           f"{list(result.shape)}")
    if cast_check and not torch.can_cast(result.dtype, self.dtype):
        raise RuntimeError(f"result type {_name(result.dtype)} can't be cast to the desired output type "
                           f"{_name(self.dtype)}")
    return self.copy_(result)


def _comparison(fn, name):
    """x.NAME_(other): the bool result stored as 1 / 0 in x's own dtype."""
    def method(self, other):
        return _write(self, fn(self, other), cast_check=False)
    method.__name__ = method.__qualname__ = name
    method.__doc__ = f"x.{name}(other): x.{name[:-1]}(other) written into x, in x's dtype"
    return method


def _arithmetic(fn, name):
    def method(self, other):
        return _write(self, fn(self, other))
    method.__name__ = method.__qualname__ = name
    method.__doc__ = f"x.{name}(other): x.{name[:-1]}(other) written into x"
    return method


def addmm_(self, mat1, mat2, *, beta=1, alpha=1):
    """x.addmm_(mat1, mat2, *, beta=1, alpha=1): x = beta * x + alpha * mat1 @ mat2."""
    return _write(self, torch.addmm(self, mat1, mat2, beta=beta, alpha=alpha))


def renorm_(self, p, dim, maxnorm):
    """x.renorm_(p, dim, maxnorm): each slice along dim rescaled to p-norm at most maxnorm."""
    return _write(self, torch.renorm(self, p, dim, maxnorm))


def fill_diagonal_(self, fill_value, wrap=False):
    """x.fill_diagonal_(value, wrap=False): the main diagonal (x[i, i, ...]) set to value; for a
    tall matrix with wrap=True the diagonal starts again every ncols + 1 rows, as numpy's."""
    if self.dim() < 2:
        raise RuntimeError("dimensions must larger than 1")
    if self.dim() > 2 and len(set(self.shape)) != 1:
        raise RuntimeError("all dimensions of input must be of equal length")
    height, width = self.size(0), self.size(1)
    if self.dim() == 2 and wrap and height > width + 1:
        flat = torch.arange(0, height * width, width + 1, device=self.device)
        index = (flat // width, flat % width)
    else:
        diagonal = torch.arange(min(height, width), device=self.device)
        index = (diagonal,) * self.dim()
    return self.index_put_(index, torch.tensor(fill_value, dtype=self.dtype, device=self.device))


# method: the torch function it writes into self
_COMPARISONS = {"eq_": "eq", "ne_": "ne", "lt_": "lt", "le_": "le", "gt_": "gt", "ge_": "ge", "less_": "lt",
                "less_equal_": "le", "greater_": "gt", "greater_equal_": "ge", "not_equal_": "ne",
                "logical_and_": "logical_and", "logical_or_": "logical_or", "logical_xor_": "logical_xor"}
_ARITHMETIC = {"remainder_": "remainder", "floor_divide_": "floor_divide", "atan2_": "atan2", "arctan2_": "atan2"}


def _install():
    for name, op in _COMPARISONS.items():
        setattr(torch.Tensor, name, _comparison(getattr(torch, op), name))
    for name, op in _ARITHMETIC.items():
        setattr(torch.Tensor, name, _arithmetic(getattr(torch, op), name))
    for fn in (addmm_, renorm_, fill_diagonal_):
        setattr(torch.Tensor, fn.__name__, fn)
