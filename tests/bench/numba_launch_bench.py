"""Host time of numba.cuda launches on the simulated GPU (the interpreter's own speed, not
the modeled GPU time). Run whole under farm-bench against the same script with
NUMBA_BENCH_SKIP=1 (everything but the launches), e.g.
  farm-bench -n 5 --vs "env NUMBA_BENCH_SKIP=1 build/tensorplay --sim run tests/bench/numba_launch_bench.py matmul" \
      -- build/tensorplay --sim run tests/bench/numba_launch_bench.py matmul
KIND: matmul (a naive 256x256 float32 matmul: 65,536 threads x 256 iterations) or puzzles
(the GPU-Puzzles-size kernels of tests/numba/numba_002_puzzles.py, each launched once)."""
import os
import sys

import numpy as np
from numba import cuda

skip = os.environ.get("NUMBA_BENCH_SKIP") == "1"
kind = sys.argv[1] if len(sys.argv) > 1 else "matmul"

if kind == "matmul":
    @cuda.jit
    def matmul(A, B, C):
        i, j = cuda.grid(2)
        if i < C.shape[0] and j < C.shape[1]:
            tmp = 0.
            for k in range(A.shape[1]):
                tmp += A[i, k] * B[k, j]
            C[i, j] = tmp

    n = 256
    A = cuda.to_device(np.ones((n, n), np.float32))
    B = cuda.to_device(np.ones((n, n), np.float32))
    C = cuda.device_array((n, n), np.float32)
    if not skip:
        matmul[(16, 16), (16, 16)](A, B, C)
        assert C.copy_to_host()[0, 0] == n
else:
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "numba"))
    if not skip:
        import io
        import contextlib
        with contextlib.redirect_stdout(io.StringIO()):
            import numba_002_puzzles  # noqa: F401 (12 kernels, each compiled and launched once)
