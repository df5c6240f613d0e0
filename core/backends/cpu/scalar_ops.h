// The per-element functions of the elementwise ops and of dtype conversion, shared by the
// CPU loops and the simulated GPU's kernels so both compute identical values. Half and
// bfloat16 are computed in float (OpMath) and rounded on store, as PyTorch does.
//
// with_unary_fn<T>(op, args, apply) / with_binary_fn<T>(op, apply) pick the function for
// `op` once and call apply(f) with it, so the caller's loop calls f directly per element.
// f takes OpMath<T> values and returns OpMath<T> (or T), or bool for predicates.
#pragma once

#include <cmath>
#include <limits>
#include <type_traits>

#include "core/backends/op_kinds.h"
#include "core/backends/special_math.h"
#include "core/dtype.h"
#include "core/error.h"

namespace tp::scalar {

// The type arithmetic happens in: float for the 16-bit floats, the element type otherwise.
template <typename T>
using OpMath = std::conditional_t<std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>, float, T>;
// What ATen's CPU cumsum/cumprod accumulate in (at::acc_type<T, false>): double for the
// float dtypes (float for Half/BFloat16), int64 for integers.
template <typename T>
using ScanAcc = std::conditional_t<std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>, float,
                                   std::conditional_t<std::is_floating_point_v<T>, double, int64_t>>;

// One step of a running sum or product in Acc; integers wrap on overflow as ATen's (two's
// complement) loop does, without C++'s undefined signed overflow.
template <typename Acc>
Acc scan_step(Acc acc, Acc x, bool product) {
  if constexpr (std::is_integral_v<Acc>) {
    using U = std::make_unsigned_t<Acc>;
    return static_cast<Acc>(product ? static_cast<U>(acc) * static_cast<U>(x) : static_cast<U>(acc) + static_cast<U>(x));
  } else {
    return product ? acc * x : acc + x;
  }
}

// True for the floating element types, 16-bit ones included.
template <typename T>
constexpr bool is_float_like = std::is_floating_point_v<T> || std::is_same_v<T, Half> ||
                               std::is_same_v<T, BFloat16>;

// An element as a double (the accumulation type of reductions).
template <typename T>
double as_double(T v) {
  if constexpr (std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>) {
    return static_cast<double>(static_cast<float>(v));
  } else {
    return static_cast<double>(v);
  }
}

// The order sort() puts two values in: ascending or descending, NaN above every number
// (so last when ascending, first when descending), as ATen's sort kernels compare.
template <typename T>
bool sorts_before(T a, T b, bool descending) {
  if constexpr (is_float_like<T>) {
    const double x = as_double(a), y = as_double(b);
    if (std::isnan(x) || std::isnan(y)) return descending ? std::isnan(x) && !std::isnan(y) : !std::isnan(x) && std::isnan(y);
    return descending ? x > y : x < y;
  } else {
    return descending ? b < a : a < b;
  }
}

// Converts one element as PyTorch's static_cast does (half/bfloat16 through float).
template <typename To, typename From>
inline To convert(From v) {
  if constexpr (std::is_same_v<To, From>) {
    return v;
  } else if constexpr (std::is_same_v<To, bool>) {
    if constexpr (std::is_same_v<From, Half> || std::is_same_v<From, BFloat16>) {
      return static_cast<float>(v) != 0.0f;
    } else {
      return v != From(0);
    }
  } else if constexpr (std::is_same_v<To, Half> || std::is_same_v<To, BFloat16>) {
    return To(static_cast<float>(v));
  } else if constexpr (std::is_same_v<From, Half> || std::is_same_v<From, BFloat16>) {
    return static_cast<To>(static_cast<float>(v));
  } else {
    return static_cast<To>(v);
  }
}

// ---- unary ----

// Ops on floating types (OpMath<T> is float or double).
template <typename T, typename Apply>
void float_unary_fn(UnaryOp op, const UnaryArgs& args, Apply&& apply) {
  using C = OpMath<T>;
  switch (op) {
    case UnaryOp::Neg: return apply([](C x) { return -x; });
    case UnaryOp::Abs: return apply([](C x) { return std::abs(x); });
    case UnaryOp::Exp: return apply([](C x) { return std::exp(x); });
    case UnaryOp::Log: return apply([](C x) { return std::log(x); });
    case UnaryOp::Log2: return apply([](C x) { return std::log2(x); });
    case UnaryOp::Log10: return apply([](C x) { return std::log10(x); });
    case UnaryOp::Log1p: return apply([](C x) { return std::log1p(x); });
    case UnaryOp::Expm1: return apply([](C x) { return std::expm1(x); });
    case UnaryOp::Sqrt: return apply([](C x) { return std::sqrt(x); });
    case UnaryOp::Rsqrt: return apply([](C x) { return C(1) / std::sqrt(x); });
    case UnaryOp::Reciprocal: return apply([](C x) { return C(1) / x; });
    case UnaryOp::Sin: return apply([](C x) { return std::sin(x); });
    case UnaryOp::Cos: return apply([](C x) { return std::cos(x); });
    case UnaryOp::Tan: return apply([](C x) { return std::tan(x); });
    case UnaryOp::Tanh: return apply([](C x) { return std::tanh(x); });
    case UnaryOp::Sigmoid: return apply([](C x) { return C(1) / (C(1) + std::exp(-x)); });
    // relu is clamp_min(x, 0): NaN passes through.
    case UnaryOp::Relu: return apply([](C x) { return std::isnan(x) || x > C(0) ? x : C(0); });
    case UnaryOp::Floor: return apply([](C x) { return std::floor(x); });
    case UnaryOp::Ceil: return apply([](C x) { return std::ceil(x); });
    // Round half to even, like torch.round.
    case UnaryOp::Round: return apply([](C x) { return std::nearbyint(x); });
    case UnaryOp::Trunc: return apply([](C x) { return std::trunc(x); });
    // (0 < x) - (x < 0): NaN and -0.0 give 0, as on PyTorch's CPU.
    case UnaryOp::Sign: return apply([](C x) { return C((C(0) < x) - (x < C(0))); });
    case UnaryOp::Square: return apply([](C x) { return x * x; });
    case UnaryOp::Erf: return apply([](C x) { return std::erf(x); });
    case UnaryOp::Erfc: return apply([](C x) { return std::erfc(x); });
    case UnaryOp::Sinh: return apply([](C x) { return std::sinh(x); });
    case UnaryOp::Cosh: return apply([](C x) { return std::cosh(x); });
    case UnaryOp::Asin: return apply([](C x) { return std::asin(x); });
    case UnaryOp::Acos: return apply([](C x) { return std::acos(x); });
    case UnaryOp::Atan: return apply([](C x) { return std::atan(x); });
    case UnaryOp::Asinh: return apply([](C x) { return std::asinh(x); });
    case UnaryOp::Acosh: return apply([](C x) { return std::acosh(x); });
    case UnaryOp::Atanh: return apply([](C x) { return std::atanh(x); });
    case UnaryOp::Exp2: return apply([](C x) { return std::exp2(x); });
    // The activations are written as ATen's CPU kernels (Activation.cpp) write them, so
    // that float32 results match PyTorch's bit for bit where it calls the same libm.
    case UnaryOp::Silu: return apply([](C x) { return x / (C(1) + std::exp(-x)); });
    case UnaryOp::Mish: return apply([](C x) { return x * std::tanh(std::log1p(std::exp(x))); });
    case UnaryOp::LogSigmoid:
      return apply([](C x) { return (x < C(0) ? x : C(0)) - std::log1p(std::exp(-std::abs(x))); });
    case UnaryOp::Gelu:
      if (args.tanh) {
        return apply([](C x) {
          const C beta = C(M_SQRT2 * M_2_SQRTPI * 0.5), kappa = C(0.044715);
          const C inner = beta * (x + kappa * (x * x * x));
          return C(0.5) * x * (C(1) + std::tanh(inner));
        });
      }
      return apply([](C x) { return x * C(0.5) * (C(1) + std::erf(x * C(M_SQRT1_2))); });
    case UnaryOp::Softplus: {
      const C beta = static_cast<C>(args.beta), threshold = static_cast<C>(args.threshold);
      return apply([=](C x) { return x * beta > threshold ? x : std::log1p(std::exp(x * beta)) / beta; });
    }
    case UnaryOp::LeakyRelu: {
      const C slope = static_cast<C>(args.negative_slope);
      return apply([=](C x) { return x > C(0) ? x : x * slope; });
    }
    case UnaryOp::Elu:
    case UnaryOp::Celu: {
      const C negcoef = static_cast<C>(args.alpha) * static_cast<C>(args.scale);
      const C poscoef = static_cast<C>(args.scale), negiptcoef = static_cast<C>(args.input_scale);
      return apply([=](C x) { return x <= C(0) ? (std::exp(x * negiptcoef) - C(1)) * negcoef : x * poscoef; });
    }
    case UnaryOp::Hardtanh:  // clamp(x, min_val, max_val), as ATen computes it
    case UnaryOp::Clamp: {
      const C lo = static_cast<C>(args.min), hi = static_cast<C>(args.max);
      const bool has_min = args.has_min, has_max = args.has_max;
      return apply([=](C x) {
        if (std::isnan(x)) return x;
        if (has_min && x < lo) x = lo;
        if (has_max && x > hi) x = hi;
        return x;
      });
    }
    case UnaryOp::LogicalNot: return apply([](C x) { return x == C(0); });
    case UnaryOp::IsNan: return apply([](C x) -> bool { return std::isnan(x); });
    case UnaryOp::IsInf: return apply([](C x) -> bool { return std::isinf(x); });
    case UnaryOp::IsFinite: return apply([](C x) -> bool { return std::isfinite(x); });
    case UnaryOp::BitwiseNot: break;  // the op layer rejects floating inputs
    // Elementwise math, as ATen's UnaryOpsKernel.cpp computes it (special_math.h).
    case UnaryOp::Frac: return apply([](C x) { return x - std::trunc(x); });
    case UnaryOp::Signbit: return apply([](C x) -> bool { return std::signbit(x); });
    case UnaryOp::Sgn: return apply([](C x) { return C((C(0) < x) - (x < C(0))); });
    // x * (pi / 180) with the constant rounded to C: ATen multiplies by a wrapped number.
    case UnaryOp::Deg2Rad: return apply([](C x) { return x * C(M_PI / 180.0); });
    case UnaryOp::Rad2Deg: return apply([](C x) { return x * C(180.0 / M_PI); });
    case UnaryOp::Erfinv: return apply(special::erfinv<C>);
    case UnaryOp::Sinc: return apply(special::sinc<C>);
    case UnaryOp::I0: return apply(special::i0<C>);
    case UnaryOp::Lgamma: return apply([](C x) { return std::lgamma(x); });
    case UnaryOp::Digamma: return apply(special::digamma<C>);
    case UnaryOp::IsNegInf: return apply([](C x) -> bool { return std::isinf(x) && x < C(0); });
    case UnaryOp::IsPosInf: return apply([](C x) -> bool { return std::isinf(x) && x > C(0); });
    case UnaryOp::I1: return apply(special::i1<C>);
    case UnaryOp::Entr: return apply(special::entr<C>);
    case UnaryOp::Polygamma: {
      const int64_t n = args.n;
      return apply([n](C x) { return special::polygamma<C>(n, x); });
    }
    case UnaryOp::Logit: {
      const bool clamp = args.eps >= 0;
      const C eps = static_cast<C>(args.eps);
      return apply([clamp, eps](C x) { return special::logit<C>(x, clamp, eps); });
    }
    case UnaryOp::NanToNum: {
      const C nan = static_cast<C>(args.nan), posinf = static_cast<C>(args.posinf), neginf = static_cast<C>(args.neginf);
      return apply([=](C x) { return std::isnan(x) ? nan : x == std::numeric_limits<C>::infinity() ? posinf : x == -std::numeric_limits<C>::infinity() ? neginf : x; });
    }
  }
  TP_ASSERT(false && "unary op not valid for a floating dtype");
}

// Integer arithmetic that wraps around as two's complement, as PyTorch's integer results do
// (and without the undefined behaviour of signed overflow in C++).
template <typename T>
T wrapping_add(T x, T y) {
  using U = std::make_unsigned_t<T>;
  return static_cast<T>(static_cast<U>(static_cast<U>(x) + static_cast<U>(y)));
}
template <typename T>
T wrapping_sub(T x, T y) {
  using U = std::make_unsigned_t<T>;
  return static_cast<T>(static_cast<U>(static_cast<U>(x) - static_cast<U>(y)));
}
template <typename T>
T wrapping_neg(T x) {
  if constexpr (std::is_same_v<T, bool>) {
    return x;  // -True is -1: still True
  } else {
    using U = std::make_unsigned_t<T>;
    return static_cast<T>(static_cast<U>(U(0) - static_cast<U>(x)));
  }
}
template <typename T>
T wrapping_mul(T x, T y) {
  using U = std::make_unsigned_t<T>;
  return static_cast<T>(static_cast<U>(static_cast<U>(x) * static_cast<U>(y)));
}

// Ops on bool and integer types; float functions never get here (the op layer promotes).
template <typename T, typename Apply>
void integral_unary_fn(UnaryOp op, const UnaryArgs& args, Apply&& apply) {
  constexpr bool is_bool = std::is_same_v<T, bool>;
  switch (op) {
    case UnaryOp::Neg: return apply(wrapping_neg<T>);
    case UnaryOp::Abs: return apply([](T x) { return x < T(0) ? wrapping_neg(x) : x; });
    case UnaryOp::Relu: return apply([](T x) { return x > T(0) ? x : T(0); });
    case UnaryOp::Floor:
    case UnaryOp::Ceil:
    case UnaryOp::Round:
    case UnaryOp::Trunc: return apply([](T x) { return x; });
    case UnaryOp::Sign: return apply([](T x) { return static_cast<T>((T(0) < x) - (x < T(0))); });
    case UnaryOp::Square: return apply([](T x) {
      if constexpr (std::is_same_v<T, bool>) return x;
      else return wrapping_mul(x, x);
    });
    case UnaryOp::Hardtanh:
    case UnaryOp::Clamp: {
      const T lo = static_cast<T>(args.min), hi = static_cast<T>(args.max);
      const bool has_min = args.has_min, has_max = args.has_max;
      return apply([=](T x) {
        if (has_min && x < lo) x = lo;
        if (has_max && x > hi) x = hi;
        return x;
      });
    }
    case UnaryOp::BitwiseNot:
      if constexpr (is_bool) return apply([](T x) -> T { return !x; });
      else return apply([](T x) { return static_cast<T>(~x); });
    case UnaryOp::LogicalNot: return apply([](T x) { return x == T(0); });
    case UnaryOp::IsNan:
    case UnaryOp::IsInf: return apply([](T) { return false; });
    case UnaryOp::IsFinite: return apply([](T) { return true; });
    // Elementwise math: integers have no infinities, NaN or -0.0.
    case UnaryOp::Signbit: return apply([](T x) -> bool {
      if constexpr (std::is_signed_v<T>) return x < T(0);
      else return false;
    });
    case UnaryOp::Sgn: return apply([](T x) { return static_cast<T>((T(0) < x) - (x < T(0))); });
    case UnaryOp::IsNegInf:
    case UnaryOp::IsPosInf: return apply([](T) { return false; });
    case UnaryOp::NanToNum: return apply([](T x) { return x; });
    default: break;
  }
  TP_ASSERT(false && "unary op not valid for an integral dtype");
}

template <typename T, typename Apply>
void with_unary_fn(UnaryOp op, const UnaryArgs& args, Apply&& apply) {
  if constexpr (std::is_floating_point_v<OpMath<T>>) {
    float_unary_fn<T>(op, args, apply);
  } else {
    integral_unary_fn<T>(op, args, apply);
  }
}

// True when f's result is a bool for a non-bool T: the output tensor is then bool.
template <typename T, typename F>
constexpr bool unary_returns_bool() {
  return std::is_same_v<decltype(std::declval<F>()(OpMath<T>{})), bool>;
}

// ---- binary ----

// Python's a // b for floats (ATen div_floor_floating).
template <typename C>
C floor_divide_float(C a, C b) {
  if (b == 0) return a / b;
  C mod = std::fmod(a, b);
  C div = (a - mod) / b;
  if (mod != 0 && (b < 0) != (mod < 0)) div -= C(1);
  if (div == 0) return std::copysign(C(0), a / b);
  C floordiv = std::floor(div);
  if (div - floordiv > C(0.5)) floordiv += C(1);
  return floordiv;
}

// Python's a % b for floats: the result takes the divisor's sign.
template <typename C>
C remainder_float(C a, C b) {
  C mod = std::fmod(a, b);
  if (mod != 0 && (b < 0) != (mod < 0)) mod += b;
  return mod;
}

template <typename C>
C maximum_float(C a, C b) {
  if (std::isnan(a)) return a;
  if (std::isnan(b)) return b;
  return a > b ? a : b;
}

template <typename C>
C minimum_float(C a, C b) {
  if (std::isnan(a)) return a;
  if (std::isnan(b)) return b;
  return a < b ? a : b;
}

// Integer power by squaring, wrapping around; negative exponents give 0 unless the base is
// 1 or -1.
template <typename T>
T pow_int(T base, T exp) {
  if constexpr (std::is_signed_v<T>) {
    if (exp < 0) {
      if (base == 1) return 1;
      if (base == -1) return exp % 2 != 0 ? T(-1) : T(1);
      return 0;
    }
  }
  using U = std::make_unsigned_t<T>;
  U result = 1, b = static_cast<U>(base);
  for (U e = static_cast<U>(exp); e; e /= 2) {
    if (e & 1) result = static_cast<U>(result * b);
    b = static_cast<U>(b * b);
  }
  return static_cast<T>(result);
}

// Integer division by zero raises from the kernel, as PyTorch's CPU kernel does.
inline void check_nonzero_divisor(bool nonzero) {
  TP_CHECK(nonzero, RuntimeError, "ZeroDivisionError");
}

// log(exp(a) + exp(b)) as m + log1p(exp(-|a - b|)); equal infinities give themselves.
template <typename C>
C logaddexp_float(C a, C b) {
  if (std::isinf(a) && a == b) return a;
  const C m = a < b ? b : a;  // std::max
  return m + std::log1p(std::exp(-std::abs(a - b)));
}
template <typename C>
C logaddexp2_float(C a, C b) {
  if (std::isinf(a) && a == b) return a;
  const C m = a < b ? b : a;
  return m + std::log1p(std::exp2(-std::abs(a - b))) * C(1.0 / M_LN2);
}

// Comparisons and logical ops: any dtype in, bool out. False when op is not one of them.
template <typename T, typename Apply>
bool bool_result_binary_fn(BinaryOp op, Apply&& apply) {
  using C = OpMath<T>;
  switch (op) {
    case BinaryOp::Eq: apply([](C x, C y) { return x == y; }); return true;
    case BinaryOp::Ne: apply([](C x, C y) { return x != y; }); return true;
    case BinaryOp::Lt: apply([](C x, C y) { return x < y; }); return true;
    case BinaryOp::Le: apply([](C x, C y) { return x <= y; }); return true;
    case BinaryOp::Gt: apply([](C x, C y) { return x > y; }); return true;
    case BinaryOp::Ge: apply([](C x, C y) { return x >= y; }); return true;
    case BinaryOp::LogicalAnd: apply([](C x, C y) { return x != C(0) && y != C(0); }); return true;
    case BinaryOp::LogicalOr: apply([](C x, C y) { return x != C(0) || y != C(0); }); return true;
    case BinaryOp::LogicalXor:
      apply([](C x, C y) { return (x != C(0)) != (y != C(0)); });
      return true;
    default: return false;
  }
}

template <typename T, typename Apply>
void float_binary_fn(BinaryOp op, Apply&& apply) {
  using C = OpMath<T>;
  switch (op) {
    case BinaryOp::Add: return apply([](C x, C y) { return x + y; });
    case BinaryOp::Sub: return apply([](C x, C y) { return x - y; });
    case BinaryOp::Mul: return apply([](C x, C y) { return x * y; });
    case BinaryOp::Div: return apply([](C x, C y) { return x / y; });
    case BinaryOp::FloorDiv: return apply(floor_divide_float<C>);
    case BinaryOp::Remainder: return apply(remainder_float<C>);
    case BinaryOp::Pow: return apply([](C x, C y) { return std::pow(x, y); });
    case BinaryOp::Maximum: return apply(maximum_float<C>);
    case BinaryOp::Minimum: return apply(minimum_float<C>);
    case BinaryOp::Atan2: return apply([](C x, C y) { return std::atan2(x, y); });
    // Elementwise math, as ATen's BinaryOpsKernel.cpp computes it.
    case BinaryOp::Hypot: return apply([](C x, C y) { return std::hypot(x, y); });
    case BinaryOp::Logaddexp: return apply(logaddexp_float<C>);
    case BinaryOp::Logaddexp2: return apply(logaddexp2_float<C>);
    case BinaryOp::Xlogy:
      return apply([](C x, C y) { return std::isnan(y) ? y : x == C(0) ? C(0) : x * std::log(y); });
    case BinaryOp::Xlog1py:
      return apply([](C x, C y) { return std::isnan(y) ? y : x == C(0) ? C(0) : x * std::log1p(y); });
    case BinaryOp::Fmod: return apply([](C x, C y) { return std::fmod(x, y); });
    case BinaryOp::Copysign: return apply([](C x, C y) { return std::copysign(x, y); });
    case BinaryOp::Nextafter: return apply([](C x, C y) { return std::nextafter(x, y); });
    case BinaryOp::Heaviside: return apply([](C x, C y) { return x == C(0) ? y : C(x > C(0)); });
    // NaN yields to the other operand; on a tie (0.0 and -0.0) the first operand is kept,
    // as PyTorch's CPU kernel gives.
    case BinaryOp::Fmax: return apply([](C x, C y) { return std::isnan(x) ? y : std::isnan(y) ? x : (y > x ? y : x); });
    case BinaryOp::Fmin: return apply([](C x, C y) { return std::isnan(x) ? y : std::isnan(y) ? x : (y < x ? y : x); });
    default: break;
  }
  TP_ASSERT(false && "binary op not valid for a floating dtype");
}

// x / y truncated, and x % y; y = -1 is answered without dividing, since the smallest value
// divided by -1 overflows, which the CPU traps (it would end the process). PyTorch's floor
// division and remainder give the wrapped quotient and 0 there; its truncating division
// crashes, tensorplay's gives the wrapped quotient too.
template <typename T>
T trunc_div(T x, T y) {
  if constexpr (std::is_signed_v<T>) {
    if (y == T(-1)) return wrapping_sub(T(0), x);
  }
  return static_cast<T>(x / y);
}
template <typename T>
T trunc_rem(T x, T y) {
  if constexpr (std::is_signed_v<T>) {
    if (y == T(-1)) return T(0);
  }
  return static_cast<T>(x % y);
}

// Euclid's gcd of |a| and |b| (ATen calc_gcd), in unsigned arithmetic so that the most
// negative value's magnitude does not overflow; lcm as |a / gcd * b|.
template <typename T>
T gcd_int(T a, T b) {
  using U = std::make_unsigned_t<T>;
  auto magnitude = [](T v) { return v < T(0) ? static_cast<U>(U(0) - static_cast<U>(v)) : static_cast<U>(v); };
  U x = magnitude(a), y = magnitude(b);
  while (x != 0) {
    U c = x;
    x = static_cast<U>(y % x);
    y = c;
  }
  return static_cast<T>(y);
}
template <typename T>
T lcm_int(T a, T b) {
  const T g = gcd_int(a, b);
  if (g == T(0)) return T(0);
  const T r = wrapping_mul(trunc_div(a, g), b);
  return r < T(0) ? wrapping_neg(r) : r;
}

// Shifts past the width give 0 (left) or the sign fill (right), as ATen defines them.
template <typename T>
T left_shift_int(T a, T b) {
  constexpr int64_t max_shift = sizeof(T) * 8;
  if (static_cast<int64_t>(static_cast<std::make_signed_t<T>>(b)) < 0 || static_cast<int64_t>(b) >= max_shift) return T(0);
  return static_cast<T>(static_cast<std::make_unsigned_t<T>>(a) << b);
}
template <typename T>
T right_shift_int(T a, T b) {
  constexpr int64_t max_shift = sizeof(T) * 8 - std::is_signed_v<T>;
  if (static_cast<int64_t>(static_cast<std::make_signed_t<T>>(b)) < 0 || static_cast<int64_t>(b) >= max_shift) {
    return static_cast<T>(a >> max_shift);
  }
  return static_cast<T>(a >> b);
}

// Bool and integer arithmetic. Div here is C's truncating division (rounding_mode='trunc');
// true division never reaches integers because the op layer promotes to float first.
template <typename T, typename Apply>
void integral_binary_fn(BinaryOp op, Apply&& apply) {
  if constexpr (std::is_same_v<T, bool>) {
    // bool arithmetic is uint8's, stored as bool (True + True is True).
    integral_binary_fn<uint8_t>(
        op, [&](auto f) { apply([f](bool x, bool y) { return static_cast<bool>(f(x, y)); }); });
    return;
  } else {
    switch (op) {
      case BinaryOp::Add: return apply(wrapping_add<T>);
      case BinaryOp::Sub: return apply(wrapping_sub<T>);
      case BinaryOp::Mul: return apply(wrapping_mul<T>);
      case BinaryOp::Div:
        return apply([](T x, T y) {
          check_nonzero_divisor(y != T(0));
          return trunc_div(x, y);
        });
      case BinaryOp::FloorDiv:
        return apply([](T x, T y) {
          check_nonzero_divisor(y != T(0));
          T quot = trunc_div(x, y);
          T rem = trunc_rem(x, y);
          return (rem != T(0) && (x < T(0)) != (y < T(0))) ? static_cast<T>(quot - 1) : quot;
        });
      case BinaryOp::Remainder:
        return apply([](T x, T y) {
          check_nonzero_divisor(y != T(0));
          T rem = trunc_rem(x, y);
          return (rem != T(0) && (rem < T(0)) != (y < T(0))) ? static_cast<T>(rem + y) : rem;
        });
      case BinaryOp::Pow: return apply(pow_int<T>);
      case BinaryOp::Maximum: return apply([](T x, T y) { return x > y ? x : y; });
      case BinaryOp::Minimum: return apply([](T x, T y) { return x < y ? x : y; });
      case BinaryOp::BitwiseAnd: return apply([](T x, T y) { return static_cast<T>(x & y); });
      case BinaryOp::BitwiseOr: return apply([](T x, T y) { return static_cast<T>(x | y); });
      case BinaryOp::BitwiseXor: return apply([](T x, T y) { return static_cast<T>(x ^ y); });
      // Elementwise math on integers (fmax/fmin are maximum/minimum: no NaN to skip).
      case BinaryOp::Fmod:
        return apply([](T x, T y) {
          check_nonzero_divisor(y != T(0));
          return trunc_rem(x, y);
        });
      case BinaryOp::Heaviside: return apply([](T x, T y) { return x == T(0) ? y : static_cast<T>(x > T(0)); });
      case BinaryOp::Fmax: return apply([](T x, T y) { return x > y ? x : y; });
      case BinaryOp::Fmin: return apply([](T x, T y) { return x < y ? x : y; });
      case BinaryOp::Gcd: return apply(gcd_int<T>);
      case BinaryOp::Lcm: return apply(lcm_int<T>);
      case BinaryOp::LeftShift: return apply(left_shift_int<T>);
      case BinaryOp::RightShift: return apply(right_shift_int<T>);
      default: break;
    }
    TP_ASSERT(false && "binary op not valid for an integral dtype");
  }
}

// Calls apply(f) with the function of `op` on T. Comparisons and logical ops give bool;
// for bool inputs True + True is stored as static_cast<bool>(2), i.e. True.
template <typename T, typename Apply>
void with_binary_fn(BinaryOp op, Apply&& apply) {
  if (bool_result_binary_fn<T>(op, apply)) return;
  if constexpr (std::is_floating_point_v<OpMath<T>>) {
    float_binary_fn<T>(op, apply);
  } else {
    integral_binary_fn<T>(op, apply);
  }
}

// True when f gives bool (a comparison or logical op): the output tensor is then bool.
template <typename T, typename F>
constexpr bool binary_returns_bool() {
  return std::is_same_v<decltype(std::declval<F>()(OpMath<T>{}, OpMath<T>{})), bool>;
}

}  // namespace tp::scalar
