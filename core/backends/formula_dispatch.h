// How a backend calls an op's formula (unary_formulas.h, binary_formulas.h) on a compute
// type M (OpMath of the element type: float for half and bfloat16): which of the formula's
// functions applies, and the function object a loop calls per element. Host and CUDA device
// code alike; each backend switches from the op to its formula with the rows of
// unary_ops.def / binary_ops.def, so no list of ops is kept by hand.
#pragma once

#include <cstdint>
#include <type_traits>
#include <utility>

#include "core/backends/binary_formulas.h"
#include "core/backends/op_kinds.h"
#include "core/backends/unary_formulas.h"
#include "core/kernels/kernel_ctx.h"

namespace tp::formula {

// ---- unary ----

template <typename F, typename M, typename = void>
struct has_unary_any : std::false_type {};
template <typename F, typename M>
struct has_unary_any<
    F, M, std::void_t<decltype(F::any(std::declval<M>(), std::declval<const UnaryArgs&>()))>>
    : std::true_type {};
template <typename F, typename M, typename = void>
struct has_unary_floating : std::false_type {};
template <typename F, typename M>
struct has_unary_floating<
    F, M, std::void_t<decltype(F::floating(std::declval<M>(), std::declval<const UnaryArgs&>()))>>
    : std::true_type {};
template <typename F, typename M, typename = void>
struct has_unary_integral : std::false_type {};
template <typename F, typename M>
struct has_unary_integral<
    F, M, std::void_t<decltype(F::integral(std::declval<M>(), std::declval<const UnaryArgs&>()))>>
    : std::true_type {};

// True when formula F has a function for compute type M; the op layer never sends an op a
// dtype it has none for (it promotes or refuses first). Only the function of M's kind is
// looked for: an `auto` formula's body is compiled when it is named, and an integral one
// would not compile on floats.
template <typename F, typename M>
constexpr bool unary_has_function() {
  if constexpr (has_unary_any<F, M>::value)
    return true;
  else if constexpr (std::is_floating_point_v<M>)
    return has_unary_floating<F, M>::value;
  else
    return has_unary_integral<F, M>::value;
}
template <typename F, typename M>
constexpr bool unary_applies = unary_has_function<F, M>();

template <typename F, typename M>
TP_KERNEL_FN auto unary_value(M x, const UnaryArgs& a) {
  if constexpr (has_unary_any<F, M>::value)
    return F::any(x, a);
  else if constexpr (std::is_floating_point_v<M>)
    return F::floating(x, a);
  else
    return F::integral(x, a);
}

// What a loop calls per element: F on M with the op's arguments (held by value, so the
// loop's stores cannot alias them).
template <typename F, typename M>
struct UnaryFn {
  UnaryArgs args;
  TP_KERNEL_FN auto operator()(M x) const { return unary_value<F>(x, args); }
};

// ---- binary ----

template <typename F, typename M, typename = void>
struct has_binary_any : std::false_type {};
template <typename F, typename M>
struct has_binary_any<F, M, std::void_t<decltype(F::any(std::declval<M>(), std::declval<M>()))>>
    : std::true_type {};
template <typename F, typename M, typename = void>
struct has_binary_floating : std::false_type {};
template <typename F, typename M>
struct has_binary_floating<F, M,
                           std::void_t<decltype(F::floating(std::declval<M>(), std::declval<M>()))>>
    : std::true_type {};
template <typename F, typename M, typename = void>
struct has_binary_integral : std::false_type {};
template <typename F, typename M>
struct has_binary_integral<F, M,
                           std::void_t<decltype(F::integral(std::declval<M>(), std::declval<M>()))>>
    : std::true_type {};

template <typename F, typename = void>
struct declares_divides : std::false_type {};
template <typename F>
struct declares_divides<F, std::void_t<decltype(F::divides_integers)>>
    : std::bool_constant<F::divides_integers> {};

// Bool arithmetic is uint8's, stored as bool.
template <typename M>
using IntegralMath = std::conditional_t<std::is_same_v<M, bool>, uint8_t, M>;

template <typename F, typename M>
constexpr bool binary_has_function() {
  if constexpr (has_binary_any<F, M>::value)
    return true;
  else if constexpr (std::is_floating_point_v<M>)
    return has_binary_floating<F, M>::value;
  else
    return has_binary_integral<F, IntegralMath<M>>::value;
}
template <typename F, typename M>
constexpr bool binary_applies = binary_has_function<F, M>();

// True when F divides on M (integers): a zero divisor is the backend's to report.
template <typename F, typename M>
constexpr bool binary_divides = !std::is_floating_point_v<M> && declares_divides<F>::value;

// True when op's integral formula divides (the host clears and reads a backend's flag).
inline bool divides_integers(BinaryOp op) {
  switch (op) {
#define TP_BINARY_OP(Enum, ...) \
  case BinaryOp::Enum:          \
    return declares_divides<binary::Enum>::value;
#include "core/backends/binary_ops.def"
  }
  return false;
}

template <typename F, typename M>
TP_KERNEL_FN auto binary_value(M x, M y) {
  if constexpr (has_binary_any<F, M>::value) {
    return F::any(x, y);
  } else if constexpr (std::is_floating_point_v<M>) {
    return F::floating(x, y);
  } else {
    using I = IntegralMath<M>;
    return static_cast<M>(F::integral(static_cast<I>(x), static_cast<I>(y)));
  }
}

template <typename F, typename M>
struct BinaryFn {
  TP_KERNEL_FN auto operator()(M x, M y) const { return binary_value<F>(x, y); }
};

}  // namespace tp::formula
