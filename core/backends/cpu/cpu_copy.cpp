// Strided copy with dtype conversion, and fill.
#include <cstring>

#include "core/backends/cpu/cpu_backend.h"
#include "core/backends/cpu/scalar_ops.h"
#include "core/backends/cpu/strided_loop.h"

namespace tp {

using scalar::convert;

void CpuBackend::copy(const Tensor& src, const Tensor& dst) {
  if (src.dtype() == dst.dtype() && src.is_contiguous() && dst.is_contiguous() &&
      src.sizes() == dst.sizes()) {
    std::memmove(dst.data_ptr(), src.data_ptr(), dst.nbytes());
    return;
  }
  visit_any_dtype(src.dtype(), [&](auto stag) {
    using S = typename decltype(stag)::type;
    visit_any_dtype(dst.dtype(), [&](auto dtag) {
      using D = typename decltype(dtag)::type;
      const S* s = src.data<S>();
      D* d = dst.data<D>();
      cpu::strided_runs<2>(dst.sizes(), {&dst.strides(), &src.strides()},
                           [&](const std::array<int64_t, 2>& base,
                               const std::array<int64_t, 2>& step, int64_t n) {
                             D* dp = d + base[0];
                             const S* sp = s + base[1];
                             for (int64_t i = 0; i < n; ++i) dp[i * step[0]] = convert<D>(sp[i * step[1]]);
                           });
    });
  });
}

void CpuBackend::fill(const Tensor& dst, Scalar value) {
  visit_any_dtype(dst.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T v = value.to<T>();
    T* d = dst.data<T>();
    const Shape& strides = dst.strides();
    cpu::strided_runs<1>(dst.sizes(), {&strides},
                         [&](const std::array<int64_t, 1>& base, const std::array<int64_t, 1>& step,
                             int64_t n) {
                           for (int64_t i = 0; i < n; ++i) d[base[0] + i * step[0]] = v;
                         });
  });
}

}  // namespace tp
