// The arithmetic the elementwise formulas (unary_formulas.h, binary_formulas.h) share, written
// once for the host and for CUDA device code: integer arithmetic that wraps around as two's
// complement, as PyTorch's integer results do (without C++'s undefined signed overflow), and
// the sign function.
#pragma once

#include <type_traits>

#include "core/kernels/kernel_ctx.h"

namespace tp::formula {

template <typename T>
TP_KERNEL_FN T wrapping_add(T x, T y) {
  using U = std::make_unsigned_t<T>;
  return static_cast<T>(static_cast<U>(static_cast<U>(x) + static_cast<U>(y)));
}
template <typename T>
TP_KERNEL_FN T wrapping_sub(T x, T y) {
  using U = std::make_unsigned_t<T>;
  return static_cast<T>(static_cast<U>(static_cast<U>(x) - static_cast<U>(y)));
}
template <typename T>
TP_KERNEL_FN T wrapping_neg(T x) {
  if constexpr (std::is_same_v<T, bool>) {
    return x;  // -True is -1: still True
  } else {
    using U = std::make_unsigned_t<T>;
    return static_cast<T>(static_cast<U>(U(0) - static_cast<U>(x)));
  }
}
template <typename T>
TP_KERNEL_FN T wrapping_mul(T x, T y) {
  using U = std::make_unsigned_t<T>;
  return static_cast<T>(static_cast<U>(static_cast<U>(x) * static_cast<U>(y)));
}

// -1, 0 or 1 as x's sign, in x's type: (0 < x) - (x < 0), so NaN and -0.0 give 0, as on
// PyTorch's CPU.
template <typename M>
TP_KERNEL_FN M sign_of(M x) {
  return static_cast<M>((M(0) < x) - (x < M(0)));
}

}  // namespace tp::formula
