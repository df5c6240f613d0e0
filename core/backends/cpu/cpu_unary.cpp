// CPU elementwise unary kernels. The per-element formulas live in unary_formulas.h (shared
// with the simulated GPU and CUDA); half and bfloat16 are computed in float and rounded on
// store, as PyTorch's CPU kernels do. The op layer has already picked the dtype.
#include "core/backends/cpu/cpu_backend.h"
#include "core/backends/cpu/elementwise_fns.h"
#include "core/backends/cpu/strided_loop.h"

namespace tp {

namespace {

using scalar::OpMath;

// Applies f to every element of in, writing out (same shape, any strides).
template <typename In, typename Out, typename F>
void map_unary(const Tensor& in, const Tensor& out, F f) {
  const In* src = in.data<In>();
  Out* dst = out.data<Out>();
  cpu::strided_runs<2>(out.sizes(), {&out.strides(), &in.strides()},
                       [&](const std::array<int64_t, 2>& base, const std::array<int64_t, 2>& step,
                           int64_t n) {
                         Out* o = dst + base[0];
                         const In* s = src + base[1];
                         for (int64_t i = 0; i < n; ++i) {
                           o[i * step[0]] = static_cast<Out>(f(static_cast<OpMath<In>>(s[i * step[1]])));
                         }
                       });
}

}  // namespace

void CpuBackend::unary(UnaryOp op, const Tensor& in, const Tensor& out, const UnaryArgs& args) {
  visit_dtype(in.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    scalar::with_unary_fn<T>(op, args, [&](auto f) {
      // Predicates (isnan, logical_not) write bool; every other op writes T.
      if constexpr (scalar::unary_returns_bool<T, decltype(f)>()) {
        map_unary<T, bool>(in, out, f);
      } else {
        map_unary<T, T>(in, out, f);
      }
    });
  });
}

}  // namespace tp
