// The kinds of work an op hands to a backend. Op entry points (core/ops) validate
// and prepare operands; backends only compute.
#pragma once

#include <cstdint>

namespace tp {

enum class UnaryOp : uint8_t {
  Neg, Abs, Exp, Log, Log2, Log10, Log1p, Expm1, Sqrt, Rsqrt, Reciprocal, Sin, Cos, Tan,
  Tanh, Sigmoid, Relu, Floor, Ceil, Round, Trunc, Sign, Square, Clamp,
  LogicalNot, BitwiseNot, IsNan, IsInf, IsFinite,
};
// How many there are: a backend whose kernels switch over the kinds static_asserts this,
// so a new kind fails to compile until each switch has its case.
constexpr int kUnaryOpCount = static_cast<int>(UnaryOp::IsFinite) + 1;

// Extra arguments some unary ops take (clamp's bounds).
struct UnaryArgs {
  bool has_min = false, has_max = false;
  double min = 0, max = 0;
};

enum class BinaryOp : uint8_t {
  Add, Sub, Mul, Div, FloorDiv, Remainder, Pow, Maximum, Minimum, Atan2,
  Eq, Ne, Lt, Le, Gt, Ge,
  LogicalAnd, LogicalOr, LogicalXor, BitwiseAnd, BitwiseOr, BitwiseXor,
};
constexpr int kBinaryOpCount = static_cast<int>(BinaryOp::BitwiseXor) + 1;

// True for ops whose result is bool whatever the inputs (comparisons, logical ops).
inline bool binary_op_returns_bool(BinaryOp op) {
  return op >= BinaryOp::Eq && op <= BinaryOp::LogicalXor;
}

// Running reductions along a row (cumsum, cumprod).
enum class ScanOp : uint8_t { Sum, Prod };

enum class ReduceOp : uint8_t { Sum, Prod, Mean, Max, Min, ArgMax, ArgMin, Var, Std, Any, All };

}  // namespace tp
