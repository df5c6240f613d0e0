// The kinds of work an op hands to a backend. Op entry points (core/ops) validate
// and prepare operands; backends only compute.
#pragma once

#include <cstdint>

namespace tp {

// The unary ops, declared once in unary_ops.def (which says how to add one).
enum class UnaryOp : uint8_t {
#define TP_UNARY_OP(Enum, ...) Enum,
#include "core/backends/unary_ops.def"
};

// What the op layer, the bindings and the tests need to know of a unary op: its row.
enum class UnaryDtypes : uint8_t { Float, Same, NoBool, IntOnly, FloatOnly, BoolOut, BoolToLong };
enum class UnaryPython : uint8_t { Both, NN, Own, Special };
enum class UnaryInplace : uint8_t { No, Method, Both };
enum class UnaryDomain : uint8_t { Real, Positive, Unit, AboveOne, Fraction };
struct UnaryOpInfo {
  const char* name;
  UnaryDtypes dtypes;
  const char* refusal;
  UnaryPython python;
  UnaryInplace inplace;
  UnaryDomain domain;
  const char* help;
};

inline constexpr UnaryOpInfo kUnaryOps[] = {
#define TP_UNARY_OP(Enum, name, dtypes, refusal, python, inplace, domain, help)                \
  {#name, UnaryDtypes::dtypes, refusal, UnaryPython::python, UnaryInplace::inplace,             \
   UnaryDomain::domain, help},
#include "core/backends/unary_ops.def"
};
// How many there are, for the loops over every op (the bindings, the every-op tests).
constexpr int kUnaryOpCount = static_cast<int>(sizeof(kUnaryOps) / sizeof(kUnaryOps[0]));

inline const UnaryOpInfo& unary_op_info(UnaryOp op) { return kUnaryOps[static_cast<int>(op)]; }

// Extra arguments some unary ops take, with PyTorch's defaults (the ops written with
// TP_UNARY_OP_ARGS in unary_ops.def read them).
struct UnaryArgs {
  // clamp's bounds (clamp() sets all four); hardtanh's min_val and max_val
  bool has_min = true, has_max = true;
  double min = -1, max = 1;
  double negative_slope = 0.01;                 // leaky_relu
  double alpha = 1, scale = 1, input_scale = 1;  // elu; selu and celu are elu with these
  double beta = 1, threshold = 20;               // softplus
  bool tanh = false;                             // gelu(approximate='tanh')
  int64_t n = 0;                                 // polygamma's order
  double eps = -1;                               // logit: < 0 for eps=None (no clamping)
  // nan_to_num's replacements (the op layer puts the dtype's extremes for None)
  double nan = 0, posinf = 0, neginf = 0;
};

// The binary ops, declared once in binary_ops.def.
enum class BinaryOp : uint8_t {
#define TP_BINARY_OP(Enum, ...) Enum,
#include "core/backends/binary_ops.def"
};

enum class BinaryDtypes : uint8_t { Same, Float, NoBool, IntOnly, BoolOut, FloatOnly, Integer };
struct BinaryOpInfo {
  const char* name;
  BinaryDtypes dtypes;
  const char* refusal;
};

inline constexpr BinaryOpInfo kBinaryOps[] = {
#define TP_BINARY_OP(Enum, name, dtypes, refusal) {#name, BinaryDtypes::dtypes, refusal},
#include "core/backends/binary_ops.def"
};
constexpr int kBinaryOpCount = static_cast<int>(sizeof(kBinaryOps) / sizeof(kBinaryOps[0]));

inline const BinaryOpInfo& binary_op_info(BinaryOp op) { return kBinaryOps[static_cast<int>(op)]; }

// True for ops whose result is bool whatever the inputs (comparisons, logical ops).
inline bool binary_op_returns_bool(BinaryOp op) { return binary_op_info(op).dtypes == BinaryDtypes::BoolOut; }

// Running reductions along a row (cumsum, cumprod).
enum class ScanOp : uint8_t { Sum, Prod };

enum class ReduceOp : uint8_t { Sum, Prod, Mean, Max, Min, ArgMax, ArgMin, Var, Std, Any, All };

// One element picked from each row with its position (kthvalue, median, nanmedian, mode).
enum class SelectOp : uint8_t { Kth, Median, NanMedian, Mode };

}  // namespace tp
