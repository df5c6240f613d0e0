# vmap over every elementwise op of tensorplay's op tables (the rows of unary_ops.def and
# binary_ops.def, which get vmap's broadcasting rule with no list of their own), each against a
# loop over the samples: batched with batched, batched with unbatched, and the in-place form.
# (Compared within float32 rounding: PyTorch's vectorised kernels round some ops differently
# on a batch than on one sample, by the host's instruction set.)
import torch
import torch.nn.functional as F
from torch.func import vmap

UNARY = ["neg", "abs", "exp", "log", "log2", "log10", "log1p", "expm1", "sqrt", "rsqrt", "reciprocal", "sin", "cos",
         "tan", "tanh", "sigmoid", "relu", "floor", "ceil", "round", "trunc", "sign", "square", "clamp",
         "logical_not", "bitwise_not", "isnan", "isinf", "isfinite", "erf", "erfc", "sinh", "cosh", "asin", "acos",
         "atan", "asinh", "acosh", "atanh", "exp2", "silu", "mish", "logsigmoid", "gelu", "softplus", "leaky_relu",
         "elu", "celu", "hardtanh", "frac", "signbit", "sgn", "deg2rad", "rad2deg", "erfinv", "sinc", "i0", "lgamma",
         "digamma", "isneginf", "isposinf", "i1", "entr", "polygamma", "logit", "nan_to_num", "angle"]
BINARY = ["add", "sub", "mul", "div", "floor_divide", "remainder", "pow", "maximum", "minimum", "atan2", "eq", "ne",
          "lt", "le", "gt", "ge", "logical_and", "logical_or", "logical_xor", "bitwise_and", "bitwise_or",
          "bitwise_xor", "hypot", "logaddexp", "logaddexp2", "xlogy", "xlog1py", "fmod", "copysign", "nextafter",
          "heaviside", "fmax", "fmin", "gcd", "lcm", "bitwise_left_shift", "bitwise_right_shift"]
INTEGER = {"bitwise_not", "bitwise_and", "bitwise_or", "bitwise_xor", "gcd", "lcm", "bitwise_left_shift",
           "bitwise_right_shift"}


def find(name):
    for where in (torch, F, torch.special):
        if hasattr(where, name):
            return getattr(where, name)


def call(name, *args):
    if name == "clamp":
        return torch.clamp(args[0], -0.3, 0.4)
    if name == "polygamma":
        return torch.polygamma(1, args[0])
    if name == "acosh":
        return torch.acosh(args[0] + 1)
    return find(name)(*args)


torch.manual_seed(0)
real = torch.rand(4, 3, 5) * 0.8 + 0.1
other = torch.rand(3, 5) * 0.8 + 0.1
whole = torch.randint(1, 8, (4, 3, 5))
whole_other = torch.randint(1, 4, (3, 5))


def check(label, fn, *args, in_dims):
    got = vmap(fn, in_dims=in_dims)(*args)
    want = torch.stack([fn(*[a if d is None else a[i] for a, d in zip(args, in_dims)]) for i in range(4)])
    return got.shape == want.shape and got.dtype == want.dtype and torch.allclose(got, want, equal_nan=True)


for name in UNARY:
    x = whole if name in INTEGER else real
    print(name, check(name, lambda a: call(name, a), x, in_dims=(0,)))
for name in BINARY:
    x, y = (whole, whole_other) if name in INTEGER else (real, other)
    both = check(name, lambda a, b: call(name, a, b), x, x.flip(0), in_dims=(0, 0))
    mixed = check(name, lambda a, b: call(name, a, b), x, y, in_dims=(0, None))
    inplace = name in ("add", "sub", "mul", "div") and check(
        name, lambda a, b: getattr(a.clone(), name + "_")(b), x, y, in_dims=(0, None))
    print(name, both, mixed, inplace)
