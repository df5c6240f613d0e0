// CPU elementwise unary kernels. Half and bfloat16 are computed in float and rounded on
// store, as PyTorch's CPU kernels do. The op layer has already picked the dtype.
#include <cmath>
#include <type_traits>

#include "core/backends/cpu/cpu_backend.h"
#include "core/backends/cpu/strided_loop.h"
#include "core/error.h"

namespace tp {

namespace {

// The type arithmetic happens in: float for the 16-bit floats, the element type otherwise.
template <typename T>
using OpMath = std::conditional_t<std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>, float, T>;

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

// Ops on floating types (C is float or double).
template <typename T>
void float_unary(UnaryOp op, const Tensor& in, const Tensor& out, const UnaryArgs& args) {
  using C = OpMath<T>;
  switch (op) {
    case UnaryOp::Neg: return map_unary<T, T>(in, out, [](C x) { return -x; });
    case UnaryOp::Abs: return map_unary<T, T>(in, out, [](C x) { return std::abs(x); });
    case UnaryOp::Exp: return map_unary<T, T>(in, out, [](C x) { return std::exp(x); });
    case UnaryOp::Log: return map_unary<T, T>(in, out, [](C x) { return std::log(x); });
    case UnaryOp::Log2: return map_unary<T, T>(in, out, [](C x) { return std::log2(x); });
    case UnaryOp::Log10: return map_unary<T, T>(in, out, [](C x) { return std::log10(x); });
    case UnaryOp::Log1p: return map_unary<T, T>(in, out, [](C x) { return std::log1p(x); });
    case UnaryOp::Expm1: return map_unary<T, T>(in, out, [](C x) { return std::expm1(x); });
    case UnaryOp::Sqrt: return map_unary<T, T>(in, out, [](C x) { return std::sqrt(x); });
    case UnaryOp::Rsqrt: return map_unary<T, T>(in, out, [](C x) { return C(1) / std::sqrt(x); });
    case UnaryOp::Reciprocal: return map_unary<T, T>(in, out, [](C x) { return C(1) / x; });
    case UnaryOp::Sin: return map_unary<T, T>(in, out, [](C x) { return std::sin(x); });
    case UnaryOp::Cos: return map_unary<T, T>(in, out, [](C x) { return std::cos(x); });
    case UnaryOp::Tan: return map_unary<T, T>(in, out, [](C x) { return std::tan(x); });
    case UnaryOp::Tanh: return map_unary<T, T>(in, out, [](C x) { return std::tanh(x); });
    case UnaryOp::Sigmoid:
      return map_unary<T, T>(in, out, [](C x) { return C(1) / (C(1) + std::exp(-x)); });
    // relu is clamp_min(x, 0): NaN passes through.
    case UnaryOp::Relu:
      return map_unary<T, T>(in, out, [](C x) { return std::isnan(x) || x > C(0) ? x : C(0); });
    case UnaryOp::Floor: return map_unary<T, T>(in, out, [](C x) { return std::floor(x); });
    case UnaryOp::Ceil: return map_unary<T, T>(in, out, [](C x) { return std::ceil(x); });
    // Round half to even, like torch.round.
    case UnaryOp::Round: return map_unary<T, T>(in, out, [](C x) { return std::nearbyint(x); });
    case UnaryOp::Trunc: return map_unary<T, T>(in, out, [](C x) { return std::trunc(x); });
    // (0 < x) - (x < 0): NaN and -0.0 give 0, as on PyTorch's CPU.
    case UnaryOp::Sign:
      return map_unary<T, T>(in, out, [](C x) { return C((C(0) < x) - (x < C(0))); });
    case UnaryOp::Square: return map_unary<T, T>(in, out, [](C x) { return x * x; });
    case UnaryOp::Clamp: {
      const C lo = static_cast<C>(args.min), hi = static_cast<C>(args.max);
      return map_unary<T, T>(in, out, [&](C x) {
        if (std::isnan(x)) return x;
        if (args.has_min && x < lo) x = lo;
        if (args.has_max && x > hi) x = hi;
        return x;
      });
    }
    case UnaryOp::LogicalNot: return map_unary<T, bool>(in, out, [](C x) { return x == C(0); });
    case UnaryOp::IsNan: return map_unary<T, bool>(in, out, [](C x) { return std::isnan(x); });
    case UnaryOp::IsInf: return map_unary<T, bool>(in, out, [](C x) { return std::isinf(x); });
    case UnaryOp::IsFinite:
      return map_unary<T, bool>(in, out, [](C x) { return std::isfinite(x); });
    case UnaryOp::BitwiseNot: break;  // the op layer rejects floating inputs
  }
  TP_ASSERT(false && "unary op not valid for a floating dtype");
}

// Ops on bool and integer types; float functions never get here (the op layer promotes).
template <typename T>
void integral_unary(UnaryOp op, const Tensor& in, const Tensor& out, const UnaryArgs& args) {
  constexpr bool is_bool = std::is_same_v<T, bool>;
  switch (op) {
    case UnaryOp::Neg: return map_unary<T, T>(in, out, [](T x) { return static_cast<T>(-x); });
    case UnaryOp::Abs:
      return map_unary<T, T>(in, out, [](T x) { return static_cast<T>(x < T(0) ? -x : x); });
    case UnaryOp::Relu: return map_unary<T, T>(in, out, [](T x) { return x > T(0) ? x : T(0); });
    case UnaryOp::Floor:
    case UnaryOp::Ceil:
    case UnaryOp::Round:
    case UnaryOp::Trunc: return map_unary<T, T>(in, out, [](T x) { return x; });
    case UnaryOp::Sign:
      return map_unary<T, T>(in, out, [](T x) { return static_cast<T>((T(0) < x) - (x < T(0))); });
    case UnaryOp::Square:
      return map_unary<T, T>(in, out, [](T x) { return static_cast<T>(x * x); });
    case UnaryOp::Clamp: {
      const T lo = static_cast<T>(args.min), hi = static_cast<T>(args.max);
      return map_unary<T, T>(in, out, [&](T x) {
        if (args.has_min && x < lo) x = lo;
        if (args.has_max && x > hi) x = hi;
        return x;
      });
    }
    case UnaryOp::BitwiseNot:
      if constexpr (is_bool) return map_unary<T, T>(in, out, [](T x) { return !x; });
      else return map_unary<T, T>(in, out, [](T x) { return static_cast<T>(~x); });
    case UnaryOp::LogicalNot: return map_unary<T, bool>(in, out, [](T x) { return x == T(0); });
    case UnaryOp::IsNan:
    case UnaryOp::IsInf: return map_unary<T, bool>(in, out, [](T) { return false; });
    case UnaryOp::IsFinite: return map_unary<T, bool>(in, out, [](T) { return true; });
    default: break;
  }
  TP_ASSERT(false && "unary op not valid for an integral dtype");
}

}  // namespace

void CpuBackend::unary(UnaryOp op, const Tensor& in, const Tensor& out, const UnaryArgs& args) {
  visit_dtype(in.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_floating_point_v<OpMath<T>>) {
      float_unary<T>(op, in, out, args);
    } else {
      integral_unary<T>(op, in, out, args);
    }
  });
}

}  // namespace tp
