// CpuBackend::layer_norm: each row through the shared row kernel (core/kernels/layer_norm_row.h),
// which follows ATen's CPU order bit for bit.
#include "core/backends/cpu/cpu_backend.h"
#include "core/error.h"
#include "core/kernels/layer_norm_row.h"

namespace tp {

void CpuBackend::layer_norm(const Tensor& x, const Tensor& weight, const Tensor& bias, double eps,
                            const Tensor& y, const Tensor& mean, const Tensor& rstd) {
  const int64_t rows = x.sizes()[0], n = x.sizes()[1];
  auto run = [&](auto zero) {
    using T = decltype(zero);
    const T* w = weight.defined() ? weight.data<T>() : nullptr;
    const T* b = bias.defined() ? bias.data<T>() : nullptr;
    for (int64_t r = 0; r < rows; ++r) {
      kernels::layer_norm_row<T>(x.data<T>() + r * n, w, b, static_cast<T>(eps), n,
                                 y.data<T>() + r * n, mean.data<T>() + r, rstd.data<T>() + r);
    }
  };
  if (x.dtype() == DType::Float64) return run(0.0);
  TP_ASSERT(x.dtype() == DType::Float32 && "layer_norm of float32/float64 rows");
  run(0.0f);
}

}  // namespace tp
