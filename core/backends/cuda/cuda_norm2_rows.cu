// CudaBackend::norm2_rows: one thread per row running the shared row kernel
// (core/kernels/norm2_row.h), so a GPU's norms equal the CPU's.
#include "core/backends/cuda/cuda_backend.h"
#include "core/backends/cuda/cuda_check.h"
#include "core/backends/cuda/cuda_device_guard.h"
#include "core/backends/cuda/cuda_loops.cuh"
#include "core/backends/cuda/cuda_streams.h"
#include "core/kernels/norm2_row.h"

namespace tp {
namespace {

template <typename T>
__global__ void norm2_rows_kernel(const T* x, int64_t rows, int64_t n, T* out) {
  for (int64_t r = blockIdx.x * int64_t{blockDim.x} + threadIdx.x; r < rows;
       r += int64_t{gridDim.x} * blockDim.x) {
    out[r] = kernels::norm2_row<T>(x + r * n, n);
  }
}

}  // namespace

void CudaBackend::norm2_rows(const Tensor& x, const Tensor& out) {
  const int64_t rows = x.sizes()[0], n = x.sizes()[1];
  if (rows == 0) return;
  CudaDeviceGuard guard(x.device().index);
  auto run = [&](auto zero) {
    using T = decltype(zero);
    norm2_rows_kernel<T><<<cuda::blocks_for(rows), cuda::kThreads, 0, cuda::current_stream()>>>(
        x.data<T>(), rows, n, out.data<T>());
    CUDA_CHECK_LAUNCH();
  };
  if (x.dtype() == DType::Float64) return run(0.0);
  run(0.0f);
}

}  // namespace tp
