"""tensorplay's numba: the part of numba a learner uses to write GPU kernels (numba.cuda),
running on tensorplay's simulated GPUs with warps, timing and memory transactions modeled
(python/numba/cuda, core/backends/sim/warp_program.h). Like torch here, it is tensorplay's
own package, not PyPI's numba; @numba.jit (CPU compilation) is not part of it."""
from numba._types import TYPES as _TYPES, void  # noqa: F401

globals().update(_TYPES)
float_ = _TYPES['float32']
double = _TYPES['float64']
bool_ = _TYPES['boolean']
f4, f8, i4, i8 = float32, float64, int32, int64  # noqa: F821 (set from _TYPES)
__version__ = '0.61.0+tensorplay'

from numba import cuda  # noqa: E402
