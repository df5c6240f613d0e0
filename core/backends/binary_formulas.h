// The formula of every binary op, written once: the CPU's loops, the simulated GPU's kernels
// and the CUDA kernels all call these (TP_KERNEL_FN compiles them for the device too). The
// op's row in binary_ops.def names its struct here.
//
// A struct has the functions the op's dtype rule lets through:
//   floating(C x, C y)  float and double (half and bfloat16 compute in float)
//   integral(T x, T y)  the integer types; bool computes as uint8 and is stored as bool
//                       (True + True is True)
//   any(M x, M y)       every dtype, one formula (comparisons and logical ops: bool out)
// An op whose integral formula divides declares `divides_integers`: a zero divisor is then
// each backend's to report (the CPU raises, as PyTorch's CPU kernel does; CUDA sets a flag
// the host raises from). The formulas follow ATen's BinaryOpsKernel.cpp.
#pragma once

#include <cmath>
#include <cstdint>
#include <type_traits>

#include "core/backends/airy_gamma_math.h"
#include "core/backends/formula_math.h"
#include "core/kernels/kernel_ctx.h"

namespace tp::formula::binary {

#define TP_FLOATING(expr) \
  template <typename C>   \
  TP_KERNEL_FN static auto floating(C x, C y) { return expr; }
#define TP_INTEGRAL(expr) \
  template <typename T>   \
  TP_KERNEL_FN static auto integral(T x, T y) { return expr; }
#define TP_ANY(expr)    \
  template <typename M> \
  TP_KERNEL_FN static bool any(M x, M y) { return expr; }

// x / y truncated, and x % y; y = -1 is answered without dividing, since the smallest value
// divided by -1 overflows, which the CPU traps (it would end the process). PyTorch's floor
// division and remainder give the wrapped quotient and 0 there; its truncating division
// crashes, tensorplay's gives the wrapped quotient too.
template <typename T>
TP_KERNEL_FN T trunc_div(T x, T y) {
  if constexpr (std::is_signed_v<T>) {
    if (y == T(-1)) return wrapping_sub(T(0), x);
  }
  return static_cast<T>(x / y);
}
template <typename T>
TP_KERNEL_FN T trunc_rem(T x, T y) {
  if constexpr (std::is_signed_v<T>) {
    if (y == T(-1)) return T(0);
  }
  return static_cast<T>(x % y);
}

// Euclid's gcd of |a| and |b| (ATen calc_gcd), in unsigned arithmetic so that the most
// negative value's magnitude does not overflow.
template <typename T>
TP_KERNEL_FN T gcd_int(T a, T b) {
  using U = std::make_unsigned_t<T>;
  U x = a < T(0) ? static_cast<U>(U(0) - static_cast<U>(a)) : static_cast<U>(a);
  U y = b < T(0) ? static_cast<U>(U(0) - static_cast<U>(b)) : static_cast<U>(b);
  while (x != 0) {
    U c = x;
    x = static_cast<U>(y % x);
    y = c;
  }
  return static_cast<T>(y);
}

struct Add { TP_FLOATING(x + y) TP_INTEGRAL(wrapping_add(x, y)) };
struct Sub { TP_FLOATING(x - y) TP_INTEGRAL(wrapping_sub(x, y)) };
struct Mul { TP_FLOATING(x * y) TP_INTEGRAL(wrapping_mul(x, y)) };
// On integers only with rounding_mode='trunc': true division promotes to float first.
struct Div {
  static constexpr bool divides_integers = true;
  TP_FLOATING(x / y)
  TP_INTEGRAL(trunc_div(x, y))
};
// Python's a // b.
struct FloorDiv {
  static constexpr bool divides_integers = true;
  template <typename C>
  TP_KERNEL_FN static C floating(C a, C b) {  // ATen's div_floor_floating
    if (b == 0) return a / b;
    C mod = std::fmod(a, b);
    C div = (a - mod) / b;
    if (mod != 0 && (b < 0) != (mod < 0)) div -= C(1);
    if (div == 0) return std::copysign(C(0), a / b);
    C floordiv = std::floor(div);
    if (div - floordiv > C(0.5)) floordiv += C(1);
    return floordiv;
  }
  template <typename T>
  TP_KERNEL_FN static T integral(T x, T y) {
    const T quot = trunc_div(x, y), rem = trunc_rem(x, y);
    return (rem != T(0) && (x < T(0)) != (y < T(0))) ? static_cast<T>(quot - 1) : quot;
  }
};
// Python's a % b: the result takes the divisor's sign.
struct Remainder {
  static constexpr bool divides_integers = true;
  template <typename C>
  TP_KERNEL_FN static C floating(C a, C b) {
    C mod = std::fmod(a, b);
    if (mod != 0 && (b < 0) != (mod < 0)) mod += b;
    return mod;
  }
  template <typename T>
  TP_KERNEL_FN static T integral(T x, T y) {
    const T rem = trunc_rem(x, y);
    return (rem != T(0) && (rem < T(0)) != (y < T(0))) ? static_cast<T>(rem + y) : rem;
  }
};
struct Pow {
  TP_FLOATING(std::pow(x, y))
  // By squaring, wrapping around; negative exponents give 0 unless the base is 1 or -1.
  template <typename T>
  TP_KERNEL_FN static T integral(T base, T exp) {
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
};
// NaN propagates from either operand.
struct Maximum {
  TP_FLOATING(std::isnan(x) ? x : std::isnan(y) ? y : (x > y ? x : y))
  TP_INTEGRAL(x > y ? x : y)
};
struct Minimum {
  TP_FLOATING(std::isnan(x) ? x : std::isnan(y) ? y : (x < y ? x : y))
  TP_INTEGRAL(x < y ? x : y)
};
struct Atan2 { TP_FLOATING(std::atan2(x, y)) };
struct Eq { TP_ANY(x == y) };
struct Ne { TP_ANY(x != y) };
struct Lt { TP_ANY(x < y) };
struct Le { TP_ANY(x <= y) };
struct Gt { TP_ANY(x > y) };
struct Ge { TP_ANY(x >= y) };
struct LogicalAnd { TP_ANY(x != M(0) && y != M(0)) };
struct LogicalOr { TP_ANY(x != M(0) || y != M(0)) };
struct LogicalXor { TP_ANY((x != M(0)) != (y != M(0))) };
struct BitwiseAnd { TP_INTEGRAL(static_cast<T>(x & y)) };
struct BitwiseOr { TP_INTEGRAL(static_cast<T>(x | y)) };
struct BitwiseXor { TP_INTEGRAL(static_cast<T>(x ^ y)) };

// Elementwise math.
struct Hypot { TP_FLOATING(std::hypot(x, y)) };
// log(exp(a) + exp(b)) as m + log1p(exp(-|a - b|)); equal infinities give themselves.
struct Logaddexp {
  template <typename C>
  TP_KERNEL_FN static C floating(C a, C b) {
    if (std::isinf(a) && a == b) return a;
    const C m = a < b ? b : a;  // std::max
    return m + std::log1p(std::exp(-std::abs(a - b)));
  }
};
struct Logaddexp2 {
  template <typename C>
  TP_KERNEL_FN static C floating(C a, C b) {
    if (std::isinf(a) && a == b) return a;
    const C m = a < b ? b : a;
    return m + std::log1p(std::exp2(-std::abs(a - b))) * C(1.0 / M_LN2);
  }
};
struct Xlogy { TP_FLOATING(std::isnan(y) ? y : x == C(0) ? C(0) : x * std::log(y)) };
struct Xlog1py { TP_FLOATING(std::isnan(y) ? y : x == C(0) ? C(0) : x * std::log1p(y)) };
struct Fmod {
  static constexpr bool divides_integers = true;
  TP_FLOATING(std::fmod(x, y))
  TP_INTEGRAL(trunc_rem(x, y))
};
struct Copysign { TP_FLOATING(std::copysign(x, y)) };
struct Nextafter { TP_FLOATING(std::nextafter(x, y)) };
struct Igamma { TP_FLOATING(C(special::incomplete_gamma(double(x), double(y), false))) };
struct Igammac { TP_FLOATING(C(special::incomplete_gamma(double(x), double(y), true))) };
struct Heaviside {
  TP_FLOATING(x == C(0) ? y : C(x > C(0)))
  TP_INTEGRAL(x == T(0) ? y : static_cast<T>(x > T(0)))
};
// NaN yields to the other operand; on a tie (0.0 and -0.0) the first operand is kept, as
// PyTorch's CPU kernel gives. Integers have no NaN to skip: maximum and minimum.
struct Fmax {
  TP_FLOATING(std::isnan(x) ? y : std::isnan(y) ? x : (y > x ? y : x))
  TP_INTEGRAL(x > y ? x : y)
};
struct Fmin {
  TP_FLOATING(std::isnan(x) ? y : std::isnan(y) ? x : (y < x ? y : x))
  TP_INTEGRAL(x < y ? x : y)
};
struct Gcd { TP_INTEGRAL(gcd_int(x, y)) };
// |a / gcd * b|
struct Lcm {
  template <typename T>
  TP_KERNEL_FN static T integral(T a, T b) {
    const T g = gcd_int(a, b);
    if (g == T(0)) return T(0);
    const T r = wrapping_mul(trunc_div(a, g), b);
    return r < T(0) ? wrapping_neg(r) : r;
  }
};
// Shifts past the width, or negative ones, give 0 (left) or the sign fill (right), as ATen
// defines them.
template <typename T>
TP_KERNEL_FN bool negative_shift(T b) {
  return static_cast<int64_t>(static_cast<std::make_signed_t<T>>(b)) < 0;
}
struct LeftShift {
  template <typename T>
  TP_KERNEL_FN static T integral(T a, T b) {
    constexpr int64_t max_shift = sizeof(T) * 8;
    if (negative_shift(b) || static_cast<int64_t>(b) >= max_shift) return T(0);
    return static_cast<T>(static_cast<std::make_unsigned_t<T>>(a) << b);
  }
};
struct RightShift {
  template <typename T>
  TP_KERNEL_FN static T integral(T a, T b) {
    constexpr int64_t max_shift = sizeof(T) * 8 - std::is_signed_v<T>;
    if (negative_shift(b) || static_cast<int64_t>(b) >= max_shift) {
      return static_cast<T>(a >> max_shift);
    }
    return static_cast<T>(a >> b);
  }
};

#undef TP_FLOATING
#undef TP_INTEGRAL
#undef TP_ANY

}  // namespace tp::formula::binary
