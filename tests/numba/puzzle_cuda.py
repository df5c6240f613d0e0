"""The `cuda` handed to GPU-Puzzles-style factories (def f(cuda): def call(...): ...).
In tensorplay it is numba.cuda itself. Recording from numba-cuda's simulator, it is a stand-in
forwarding to the simulator's per-launch module, which the simulator swaps only into a
kernel's globals, not into a closure (reference side only)."""
import os

from numba import cuda

if os.environ.get("NUMBA_ENABLE_CUDASIM") == "1":
    from numba.cuda.simulator.kernel import _get_kernel_context

    class _KernelCuda:
        def __getattr__(self, name):
            return getattr(_get_kernel_context(), name)

    kernel_cuda = _KernelCuda()
else:
    kernel_cuda = cuda
