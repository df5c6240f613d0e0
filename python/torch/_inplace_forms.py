"""The in-place Tensor methods PyTorch has and tensorplay's C++ core does not bind: the
comparisons and logical ops written into self (x.eq_(y): 1 where equal, in x's dtype), the
arithmetic ones (remainder_, floor_divide_, atan2_/arctan2_, addmm_, renorm_) and
fill_diagonal_. Each computes the out-of-place op and writes it into self with PyTorch's checks:
the result must keep self's shape (no broadcasting self up) and be castable to self's dtype."""
import torch

_NAMES = {torch.float32: "Float", torch.float64: "Double", torch.float16: "Half", torch.bfloat16: "BFloat16",
          torch.int64: "Long", torch.int32: "Int", torch.int16: "Short", torch.int8: "Char", torch.uint8: "Byte",
          torch.bool: "Bool"}


def _write(self, result, cast_check=True):
    if result.shape != self.shape:
        raise RuntimeError(f"output with shape {list(self.shape)} doesn't match the broadcast shape "
                           f"{list(result.shape)}")
    if cast_check and not torch.can_cast(result.dtype, self.dtype):
        raise RuntimeError(f"result type {_NAMES.get(result.dtype, result.dtype)} can't be cast to the desired "
                           f"output type {_NAMES.get(self.dtype, self.dtype)}")
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


_COMPARISONS = {"eq_": torch.eq, "ne_": torch.ne, "lt_": torch.lt, "le_": torch.le, "gt_": torch.gt, "ge_": torch.ge,
                "less_": torch.lt, "less_equal_": torch.le, "greater_": torch.gt, "greater_equal_": torch.ge,
                "not_equal_": torch.ne, "logical_and_": torch.logical_and, "logical_or_": torch.logical_or,
                "logical_xor_": torch.logical_xor}
_ARITHMETIC = {"remainder_": torch.remainder, "floor_divide_": torch.floor_divide, "atan2_": torch.atan2,
               "arctan2_": torch.atan2}


def _install():
    for name, fn in _COMPARISONS.items():
        setattr(torch.Tensor, name, _comparison(fn, name))
    for name, fn in _ARITHMETIC.items():
        setattr(torch.Tensor, name, _arithmetic(fn, name))
    for fn in (addmm_, renorm_, fill_diagonal_):
        setattr(torch.Tensor, fn.__name__, fn)
