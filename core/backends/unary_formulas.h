// The formula of every unary op, written once: the CPU's loops, the simulated GPU's kernels
// and the CUDA kernels all call these (TP_KERNEL_FN compiles them for the device too), so the
// backends compute the same values. The op's row in unary_ops.def names its struct here.
//
// A struct has the functions the op's dtype rule lets through:
//   floating(C x, const UnaryArgs& a)  float and double (half and bfloat16 compute in float)
//   integral(T x, const UnaryArgs& a)  bool and the integer types
//   any(M x, const UnaryArgs& a)       every dtype, one formula
// and returns the result's value, or bool for the predicates (their output tensor is bool).
// The formulas are written as ATen's CPU kernels write them (UnaryOpsKernel.cpp,
// Activation.cpp, Math.h), so float32 results match PyTorch's bit for bit where it calls the
// same libm.
#pragma once

#include <cmath>
#include <type_traits>

#include "core/backends/airy_gamma_math.h"
#include "core/backends/formula_math.h"
#include "core/backends/op_kinds.h"
#include "core/backends/special_math.h"
#include "core/kernels/kernel_ctx.h"

namespace tp::formula::unary {

// TP_FLOATING(expression of x and a), TP_INTEGRAL(...) and TP_ANY(...) spell a one-line
// formula; longer ones are written out.
#define TP_FLOATING(expr)                                                        \
  template <typename C>                                                          \
  TP_KERNEL_FN static auto floating(C x, [[maybe_unused]] const UnaryArgs& a) { \
    return expr;                                                                 \
  }
#define TP_INTEGRAL(expr)                                                        \
  template <typename T>                                                          \
  TP_KERNEL_FN static auto integral([[maybe_unused]] T x, [[maybe_unused]] const UnaryArgs& a) { \
    return expr;                                                                 \
  }
#define TP_ANY(expr)                                                        \
  template <typename M>                                                     \
  TP_KERNEL_FN static auto any(M x, [[maybe_unused]] const UnaryArgs& a) { \
    return expr;                                                            \
  }

struct Neg { TP_FLOATING(-x) TP_INTEGRAL(wrapping_neg(x)) };
struct Abs { TP_FLOATING(std::abs(x)) TP_INTEGRAL(x < T(0) ? wrapping_neg(x) : x) };
struct Exp { TP_FLOATING(std::exp(x)) };
struct Log { TP_FLOATING(std::log(x)) };
struct Log2 { TP_FLOATING(std::log2(x)) };
struct Log10 { TP_FLOATING(std::log10(x)) };
struct Log1p { TP_FLOATING(std::log1p(x)) };
struct Expm1 { TP_FLOATING(std::expm1(x)) };
struct Sqrt { TP_FLOATING(std::sqrt(x)) };
struct Rsqrt { TP_FLOATING(C(1) / std::sqrt(x)) };
struct Reciprocal { TP_FLOATING(C(1) / x) };
struct Sin { TP_FLOATING(std::sin(x)) };
struct Cos { TP_FLOATING(std::cos(x)) };
struct Tan { TP_FLOATING(std::tan(x)) };
struct Tanh { TP_FLOATING(std::tanh(x)) };
struct Sigmoid { TP_FLOATING(C(1) / (C(1) + std::exp(-x))) };
// relu is clamp_min(x, 0): NaN passes through.
struct Relu { TP_FLOATING(std::isnan(x) || x > C(0) ? x : C(0)) TP_INTEGRAL(x > T(0) ? x : T(0)) };
// An integer is its own floor, ceil, round and trunc.
struct Floor { TP_FLOATING(std::floor(x)) TP_INTEGRAL(x) };
struct Ceil { TP_FLOATING(std::ceil(x)) TP_INTEGRAL(x) };
struct Round { TP_FLOATING(std::nearbyint(x)) TP_INTEGRAL(x) };  // half to even, like torch.round
struct Trunc { TP_FLOATING(std::trunc(x)) TP_INTEGRAL(x) };
struct Sign { TP_ANY(sign_of(x)) };
struct Square {
  TP_FLOATING(x * x)
  template <typename T>
  TP_KERNEL_FN static T integral(T x, const UnaryArgs&) {
    if constexpr (std::is_same_v<T, bool>) return x;
    else return wrapping_mul(x, x);
  }
};
// clamp(x, min, max) as ATen computes it; hardtanh is clamp(x, min_val, max_val).
struct Clamp {
  template <typename C>
  TP_KERNEL_FN static C floating(C x, const UnaryArgs& a) {
    if (std::isnan(x)) return x;
    if (a.has_min && x < C(a.min)) x = C(a.min);
    if (a.has_max && x > C(a.max)) x = C(a.max);
    return x;
  }
  template <typename T>
  TP_KERNEL_FN static T integral(T x, const UnaryArgs& a) {
    if (a.has_min && x < static_cast<T>(a.min)) x = static_cast<T>(a.min);
    if (a.has_max && x > static_cast<T>(a.max)) x = static_cast<T>(a.max);
    return x;
  }
};
struct LogicalNot { TP_ANY(x == M(0)) };
struct BitwiseNot {
  template <typename T>
  TP_KERNEL_FN static T integral(T x, const UnaryArgs&) {
    if constexpr (std::is_same_v<T, bool>) return !x;
    else return static_cast<T>(~x);
  }
};
// Integers have no NaN or infinities.
struct IsNan { TP_FLOATING(bool(std::isnan(x))) TP_INTEGRAL(false) };
struct IsInf { TP_FLOATING(bool(std::isinf(x))) TP_INTEGRAL(false) };
struct IsFinite { TP_FLOATING(bool(std::isfinite(x))) TP_INTEGRAL(true) };
struct Erf { TP_FLOATING(std::erf(x)) };
struct Erfc { TP_FLOATING(std::erfc(x)) };
struct Sinh { TP_FLOATING(std::sinh(x)) };
struct Cosh { TP_FLOATING(std::cosh(x)) };
struct Asin { TP_FLOATING(std::asin(x)) };
struct Acos { TP_FLOATING(std::acos(x)) };
struct Atan { TP_FLOATING(std::atan(x)) };
struct Asinh { TP_FLOATING(std::asinh(x)) };
struct Acosh { TP_FLOATING(std::acosh(x)) };
struct Atanh { TP_FLOATING(std::atanh(x)) };
struct Exp2 { TP_FLOATING(std::exp2(x)) };
struct Silu { TP_FLOATING(x / (C(1) + std::exp(-x))) };
struct Mish { TP_FLOATING(x * std::tanh(std::log1p(std::exp(x)))) };
struct LogSigmoid { TP_FLOATING((x < C(0) ? x : C(0)) - std::log1p(std::exp(-std::abs(x)))) };
struct Gelu {
  template <typename C>
  TP_KERNEL_FN static C floating(C x, const UnaryArgs& a) {
    if (a.tanh) {
      const C beta = C(M_SQRT2 * M_2_SQRTPI * 0.5), kappa = C(0.044715);
      const C inner = beta * (x + kappa * (x * x * x));
      return C(0.5) * x * (C(1) + std::tanh(inner));
    }
    return x * C(0.5) * (C(1) + std::erf(x * C(M_SQRT1_2)));
  }
};
struct Softplus {
  template <typename C>
  TP_KERNEL_FN static C floating(C x, const UnaryArgs& a) {
    const C beta = C(a.beta);
    return x * beta > C(a.threshold) ? x : std::log1p(std::exp(x * beta)) / beta;
  }
};
struct LeakyRelu { TP_FLOATING(x > C(0) ? x : x * C(a.negative_slope)) };
// selu and celu are elu with their own alpha, scale and input_scale.
struct Elu {
  template <typename C>
  TP_KERNEL_FN static C floating(C x, const UnaryArgs& a) {
    const C negcoef = C(a.alpha) * C(a.scale);
    return x <= C(0) ? (std::exp(x * C(a.input_scale)) - C(1)) * negcoef : x * C(a.scale);
  }
};
struct Celu : Elu {};
struct Hardtanh : Clamp {};

// Elementwise math, as ATen's UnaryOpsKernel.cpp computes it (special_math.h).
struct Frac { TP_FLOATING(x - std::trunc(x)) };
struct Signbit {
  TP_FLOATING(bool(std::signbit(x)))
  template <typename T>
  TP_KERNEL_FN static bool integral(T x, const UnaryArgs&) {
    if constexpr (std::is_signed_v<T>) return x < T(0);
    else return false;
  }
};
struct Sgn { TP_ANY(sign_of(x)) };
// x * (pi / 180) with the constant rounded to C: ATen multiplies by a wrapped number.
struct Deg2Rad { TP_FLOATING(x * C(M_PI / 180.0)) };
struct Rad2Deg { TP_FLOATING(x * C(180.0 / M_PI)) };
struct Erfinv { TP_FLOATING(special::erfinv<C>(x)) };
struct Sinc { TP_FLOATING(special::sinc<C>(x)) };
struct I0 { TP_FLOATING(special::i0<C>(x)) };
struct Lgamma { TP_FLOATING(std::lgamma(x)) };
struct Digamma { TP_FLOATING(special::digamma<C>(x)) };
struct IsNegInf { TP_FLOATING(std::isinf(x) && x < C(0)) TP_INTEGRAL(false) };
struct IsPosInf { TP_FLOATING(std::isinf(x) && x > C(0)) TP_INTEGRAL(false) };
struct I1 { TP_FLOATING(special::i1<C>(x)) };
struct Entr { TP_FLOATING(special::entr<C>(x)) };
struct AiryAi { TP_FLOATING(C(special::airy_ai(double(x)))) };
struct Polygamma { TP_FLOATING(special::polygamma<C>(a.n, x)) };
// eps < 0 stands for eps=None: no clamping.
struct Logit { TP_FLOATING(special::logit<C>(x, a.eps >= 0, C(a.eps))) };
struct NanToNum {
  template <typename C>
  TP_KERNEL_FN static C floating(C x, const UnaryArgs& a) {
    if (std::isnan(x)) return C(a.nan);
    if (std::isinf(x)) return x > C(0) ? C(a.posinf) : C(a.neginf);
    return x;
  }
  TP_INTEGRAL(x)
};
// A real number's argument: pi below zero, NaN kept (ATen's angle_impl).
struct Angle { TP_FLOATING(std::isnan(x) ? x : x < C(0) ? C(M_PI) : C(0)) };

#undef TP_FLOATING
#undef TP_INTEGRAL
#undef TP_ANY

}  // namespace tp::formula::unary
