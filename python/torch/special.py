"""torch.special: PyTorch's special functions, mapped to the same kernels as the torch.* ops
(expit is sigmoid, gammaln is lgamma, ...); i1, entr and xlog1py are torch._C._special's."""
import math as _math

import torch
from torch import _C  # the ops themselves (torch/__init__.py imports this file)
from torch._C import _special

__all__ = [
    "digamma", "entr", "erf", "erfc", "erfinv", "exp2", "expit", "expm1", "gammaln", "i0", "i1",
    "log1p", "log_softmax", "logit", "logsumexp", "multigammaln", "ndtr", "polygamma", "psi", "round",
    "sinc", "softmax", "xlog1py", "xlogy", "airy_ai", "gammainc", "gammaincc",
]

expit = _C.sigmoid
erf = _C.erf
erfc = _C.erfc
erfinv = _C.erfinv
exp2 = _C.exp2
expm1 = _C.expm1
log1p = _C.log1p
sinc = _C.sinc
i0 = _C.i0
digamma = _C.digamma
psi = _C.digamma
gammaln = _C.lgamma
xlogy = _C.xlogy
i1 = _special.special_i1
entr = _special.special_entr
xlog1py = _special.special_xlog1py
airy_ai = _special.special_airy_ai
gammainc = _C.igamma
gammaincc = _C.igammac


def logit(input, eps=None):
    return torch.logit(input, eps)


def polygamma(n, input):
    return torch.polygamma(n, input)


def multigammaln(input, p):
    return torch.mvlgamma(input, p)


def ndtr(input):
    # ATen's special_ndtr: (1 + erf(x / sqrt(2))) / 2, written as its composite is.
    return (1 + torch.erf(input * _math.sqrt(0.5))) * 0.5


def logsumexp(input, dim, keepdim=False):
    return torch.logsumexp(input, dim, keepdim)


def softmax(input, dim, dtype=None):
    return torch.softmax(input, dim, dtype=dtype)


def log_softmax(input, dim, dtype=None):
    return torch.log_softmax(input, dim, dtype=dtype)


def round(input):
    return torch.round(input)


def _export_composites():
    """The special functions composed in torch._special_functions, each as a torch.special function."""
    from torch import _special_functions as composites
    for fn in composites.UNARY:
        globals()[fn.__name__] = composites._unary(fn)
        __all__.append(fn.__name__)
    for fn in composites.BINARY:
        globals()[fn.__name__] = composites._binary(fn)
        __all__.append(fn.__name__)


_export_composites()
