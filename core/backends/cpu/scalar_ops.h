// Per-element helpers shared by the CPU loops and the simulated GPU's kernels so both compute
// identical values: the compute type (half and bfloat16 compute in float, OpMath, and round
// on store, as PyTorch does), dtype conversion, the scans' accumulation and sort's order.
// The elementwise ops' formulas are in core/backends/unary_formulas.h and binary_formulas.h.
#pragma once

#include <cmath>
#include <type_traits>

#include "core/dtype.h"

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
    return convert<To>(static_cast<float>(v));
  } else if constexpr (std::is_unsigned_v<To> && std::is_floating_point_v<From>) {
    // Through a signed integer, keeping the low bits (-1.0 -> 255), as x86 and PyTorch do.
    return static_cast<To>(static_cast<int64_t>(v));
  } else {
    return static_cast<To>(v);
  }
}

}  // namespace tp::scalar
