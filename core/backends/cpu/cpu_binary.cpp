// CPU elementwise binary kernels and where(). Operands arrive expanded to the output's
// shape in one compute dtype; the per-element formulas live in binary_formulas.h (shared
// with the simulated GPU and CUDA). Integer division by zero raises from the kernel, as
// PyTorch's does.
#include "core/backends/cpu/cpu_backend.h"
#include "core/backends/cpu/elementwise_fns.h"
#include "core/backends/cpu/strided_loop.h"
#include "core/error.h"

namespace tp {

namespace {

using scalar::OpMath;

// out = f(a, b) elementwise; a, b, out share a shape, strides may differ.
template <typename T, typename Out, typename F>
void map_binary(const Tensor& a, const Tensor& b, const Tensor& out, F f) {
  const T* pa = a.data<T>();
  const T* pb = b.data<T>();
  Out* po = out.data<Out>();
  cpu::strided_runs<3>(out.sizes(), {&out.strides(), &a.strides(), &b.strides()},
                       [&](const std::array<int64_t, 3>& base, const std::array<int64_t, 3>& step,
                           int64_t n) {
                         Out* o = po + base[0];
                         const T* x = pa + base[1];
                         const T* y = pb + base[2];
                         for (int64_t i = 0; i < n; ++i) {
                           o[i * step[0]] = static_cast<Out>(f(static_cast<OpMath<T>>(x[i * step[1]]),
                                                               static_cast<OpMath<T>>(y[i * step[2]])));
                         }
                       });
}

}  // namespace

void CpuBackend::binary(BinaryOp op, const Tensor& a, const Tensor& b, const Tensor& out) {
  visit_dtype(a.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    scalar::with_binary_fn<T>(op, [&](auto f) {
      // Comparisons and logical ops write bool; arithmetic writes T.
      if constexpr (scalar::binary_returns_bool<T, decltype(f)>()) {
        map_binary<T, bool>(a, b, out, f);
      } else {
        map_binary<T, T>(a, b, out, f);
      }
    });
  });
}

void CpuBackend::where(const Tensor& cond, const Tensor& a, const Tensor& b, const Tensor& out) {
  // cond is bool (or the deprecated uint8): either way one byte, nonzero means true.
  const uint8_t* pc = static_cast<const uint8_t*>(cond.data_ptr());
  visit_any_dtype(out.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* pa = a.data<T>();
    const T* pb = b.data<T>();
    T* po = out.data<T>();
    cpu::strided_runs<4>(
        out.sizes(), {&out.strides(), &cond.strides(), &a.strides(), &b.strides()},
        [&](const std::array<int64_t, 4>& base, const std::array<int64_t, 4>& step, int64_t n) {
          for (int64_t i = 0; i < n; ++i) {
            po[base[0] + i * step[0]] = pc[base[1] + i * step[1]] ? pa[base[2] + i * step[2]]
                                                                   : pb[base[3] + i * step[3]];
          }
        });
  });
}

}  // namespace tp
