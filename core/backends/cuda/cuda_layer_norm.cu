// CudaBackend::layer_norm: one thread per row running the shared row kernel
// (core/kernels/layer_norm_row.h), so a GPU's values equal the CPU's.
#include "core/backends/cuda/cuda_backend.h"
#include "core/backends/cuda/cuda_check.h"
#include "core/backends/cuda/cuda_device_guard.h"
#include "core/backends/cuda/cuda_loops.cuh"
#include "core/backends/cuda/cuda_streams.h"
#include "core/kernels/layer_norm_row.h"

namespace tp {
namespace {

template <typename T>
__global__ void layer_norm_rows_kernel(const T* x, const T* weight, const T* bias, T eps,
                                       int64_t rows, int64_t n, T* y, T* mean, T* rstd) {
  for (int64_t r = blockIdx.x * int64_t{blockDim.x} + threadIdx.x; r < rows;
       r += int64_t{gridDim.x} * blockDim.x) {
    kernels::layer_norm_row<T>(x + r * n, weight, bias, eps, n, y + r * n, mean + r, rstd + r);
  }
}

}  // namespace

void CudaBackend::layer_norm(const Tensor& x, const Tensor& weight, const Tensor& bias, double eps,
                             const Tensor& y, const Tensor& mean, const Tensor& rstd) {
  const int64_t rows = x.sizes()[0], n = x.sizes()[1];
  if (rows == 0 || n == 0) return;
  CudaDeviceGuard guard(x.device().index);
  auto run = [&](auto zero) {
    using T = decltype(zero);
    layer_norm_rows_kernel<T>
        <<<cuda::blocks_for(rows), cuda::kThreads, 0, cuda::current_stream()>>>(
            x.data<T>(), weight.defined() ? weight.data<T>() : nullptr,
            bias.defined() ? bias.data<T>() : nullptr, static_cast<T>(eps), rows, n, y.data<T>(),
            mean.data<T>(), rstd.data<T>());
    CUDA_CHECK_LAUNCH();
  };
  if (x.dtype() == DType::Float64) return run(0.0);
  run(0.0f);
}

}  // namespace tp
