// A learner's numba.cuda kernel on a real GPU: its CUDA C++ (python/numba/cuda/_cuda_source.py)
// compiled with NVRTC (FMA contraction off, so float32 add/multiply chains equal the
// simulator's) and launched on the current device. Built with the CUDA toolkit
// (backends/cuda/nvrtc_kernel.cu); without it, PyTorch's "Torch not compiled with CUDA enabled".
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/kernels/kernel_ctx.h"

namespace tp {

// The kernel's array parameter, laid out as the generated source's TpArray.
struct SourceKernelArray {
  void* data = nullptr;
  int64_t shape[3] = {1, 1, 1};
  int64_t strides[3] = {0, 0, 0};  // bytes
};

// Compiles `source` (cached by its text) and launches kernel `name` over `grid` x `block`
// with `shared_bytes` of dynamic shared memory; waits for it and returns its measured time in
// milliseconds (CUDA events). NVRTC's log comes back in the error when it does not compile.
double run_cuda_source_kernel(const std::string& source, const std::string& name,
                              const std::vector<SourceKernelArray>& arrays, KDim3 grid, KDim3 block,
                              size_t shared_bytes);

// Compiles `source` with NVRTC for compute capability major.minor without a GPU; returns the
// cubin's size (for tests: the path's compiler accepts what the translator writes).
size_t compile_cuda_source(const std::string& source, int major, int minor);

}  // namespace tp
