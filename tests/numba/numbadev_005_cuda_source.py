# The CUDA C++ that a real GPU compiles (with NVRTC) for kernels of numba_001_docs.py: the
# simulator's own typed program written out (numba/cuda/_cuda_source.py). Expected output
# hand-checked; cuda_source_compiles.sh compiles every docs kernel's source with nvcc.
# Usage beside the test: tensorplay --sim run numbadev_005_cuda_source.py [FILE.cu]
# writes all the docs kernels, one prelude, to FILE.cu instead.
import contextlib
import io
import sys

from numba.cuda._cuda_source import PRELUDE, cuda_source

with contextlib.redirect_stdout(io.StringIO()):
    import numba_001_docs as docs  # launches each kernel once, compiling it for its arguments

if len(sys.argv) > 1:
    kernels = [v for v in vars(docs).values() if hasattr(v, '_cache') and v._cache]
    with open(sys.argv[1], 'w') as f:
        f.write(PRELUDE + '\n'.join(cuda_source(p, prelude=False) for k in kernels for p in k._cache.values()))
    print(len(kernels), "kernels written")
    if len(sys.argv) > 2 and sys.argv[2] == '--nvrtc':  # NVRTC itself, as the real-GPU path calls it
        import torch
        for k in kernels:
            for p in k._cache.values():
                assert torch._C._numba_nvrtc_compile(cuda_source(p), 7, 5) > 0
        print(len(kernels), "kernels compiled by NVRTC for sm_75")
    sys.exit(0)

print(PRELUDE)
for kernel in (docs.increment_by_one, docs.fast_matmul, docs.histogram, docs.use_device, docs.count_and_vote):
    for source in kernel.inspect_cuda_source().values():
        print(source[len(PRELUDE):])
