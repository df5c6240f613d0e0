// The host's way to an elementwise op's formula, for the CPU loops and the simulated GPU's
// kernels: with_unary_fn<T>(op, args, apply) / with_binary_fn<T>(op, apply) pick the formula
// of `op` for element type T once and call apply(f) with it, so the caller's loop calls f
// directly per element. f takes OpMath<T> values and returns OpMath<T>, or bool for
// predicates, comparisons and logical ops (the output tensor is then bool).
#pragma once

#include <utility>

#include "core/backends/cpu/scalar_ops.h"
#include "core/backends/formula_dispatch.h"
#include "core/error.h"

namespace tp::scalar {

template <typename T, typename Apply>
void with_unary_fn(UnaryOp op, const UnaryArgs& args, Apply&& apply) {
  using M = OpMath<T>;
  switch (op) {
#define TP_UNARY_OP(Enum, ...)                                       \
  case UnaryOp::Enum:                                                \
    if constexpr (formula::unary_applies<formula::unary::Enum, M>) { \
      return apply(formula::UnaryFn<formula::unary::Enum, M>{args}); \
    }                                                                \
    break;
#include "core/backends/unary_ops.def"
  }
  TP_ASSERT(false && "unary op not valid for this dtype");
}

// Integer division by zero raises from the kernel, as PyTorch's CPU kernel does.
template <typename F, typename M, typename Apply>
void apply_binary(Apply&& apply) {
  if constexpr (formula::binary_divides<F, M>) {
    apply([](M x, M y) {
      TP_CHECK(y != M(0), RuntimeError, "ZeroDivisionError");
      return formula::binary_value<F>(x, y);
    });
  } else {
    apply(formula::BinaryFn<F, M>{});
  }
}

template <typename T, typename Apply>
void with_binary_fn(BinaryOp op, Apply&& apply) {
  using M = OpMath<T>;
  switch (op) {
#define TP_BINARY_OP(Enum, ...)                                                  \
  case BinaryOp::Enum:                                                           \
    if constexpr (formula::binary_applies<formula::binary::Enum, M>) {           \
      return apply_binary<formula::binary::Enum, M>(std::forward<Apply>(apply)); \
    }                                                                            \
    break;
#include "core/backends/binary_ops.def"
  }
  TP_ASSERT(false && "binary op not valid for this dtype");
}

// True when f gives bool for a T that is not bool: the output tensor is then bool.
template <typename T, typename F>
constexpr bool unary_returns_bool() {
  return std::is_same_v<decltype(std::declval<F>()(OpMath<T>{})), bool>;
}
template <typename T, typename F>
constexpr bool binary_returns_bool() {
  return std::is_same_v<decltype(std::declval<F>()(OpMath<T>{}, OpMath<T>{})), bool>;
}

}  // namespace tp::scalar
