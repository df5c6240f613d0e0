// CpuBackend::norm2_rows: each row through the shared row kernel (core/kernels/norm2_row.h),
// which sums the squares in ATen's CPU order bit for bit.
#include "core/backends/cpu/cpu_backend.h"
#include "core/error.h"
#include "core/kernels/norm2_row.h"

namespace tp {

void CpuBackend::norm2_rows(const Tensor& x, const Tensor& out) {
  const int64_t rows = x.sizes()[0], n = x.sizes()[1];
  auto run = [&](auto zero) {
    using T = decltype(zero);
    for (int64_t r = 0; r < rows; ++r) out.data<T>()[r] = kernels::norm2_row<T>(x.data<T>() + r * n, n);
  };
  if (x.dtype() == DType::Float64) return run(0.0);
  TP_ASSERT(x.dtype() == DType::Float32 && "norm2_rows of float32/float64 rows");
  run(0.0f);
}

}  // namespace tp
