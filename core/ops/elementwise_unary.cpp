// Unary elementwise ops and clamp: PyTorch's dtype rules (float functions of integers give
// the default float; abs/neg keep the dtype; some kernels refuse bool), then one backend call.
#include <limits>
#include <sstream>

#include "core/backends/backend.h"
#include "core/error.h"
#include "core/amp/autocast.h"
#include "core/autograd/autograd.h"
#include "core/autograd/formulas.h"
#include "core/ops/copy.h"
#include "core/ops/elementwise.h"
#include "core/ops/type_promotion.h"

namespace tp {

namespace {

[[noreturn]] void not_implemented_for(const char* kernel, DType t) {
  fail(ErrorKind::NotImplementedError, "\"", kernel, "\" not implemented for '",
       dtype_legacy_name(t), "'");
}

bool is_float_function(UnaryOp op) {
  switch (op) {
    case UnaryOp::Exp: case UnaryOp::Log: case UnaryOp::Log2: case UnaryOp::Log10:
    case UnaryOp::Log1p: case UnaryOp::Expm1: case UnaryOp::Sqrt: case UnaryOp::Rsqrt:
    case UnaryOp::Reciprocal: case UnaryOp::Sin: case UnaryOp::Cos: case UnaryOp::Tan:
    case UnaryOp::Tanh: case UnaryOp::Sigmoid:
      return true;
    default: return false;
  }
}

bool returns_bool(UnaryOp op) {
  return op == UnaryOp::IsNan || op == UnaryOp::IsInf || op == UnaryOp::IsFinite ||
         op == UnaryOp::LogicalNot;
}

// The dtype op(t) computes in; raises PyTorch's error where its kernel lacks the dtype.
DType unary_compute_dtype(UnaryOp op, DType t) {
  if (is_float_function(op)) return is_integral(t, true) ? default_float_dtype() : t;
  const bool is_bool = t == DType::Bool;
  switch (op) {
    case UnaryOp::Neg:
      TP_CHECK(!is_bool, NotImplementedError,
               "Negation, the `-` operator, on a bool tensor is not supported. If you are trying "
               "to invert a mask, use the `~` or `logical_not()` operator instead.");
      return t;
    case UnaryOp::Abs:
      if (is_bool) not_implemented_for("abs_cpu", t);
      return t;
    case UnaryOp::Relu:
      TP_CHECK(!is_bool, NotImplementedError, "Boolean inputs not supported for relu");
      return t;
    case UnaryOp::Floor:
      if (is_bool) not_implemented_for("floor_vml_cpu", t);
      return t;
    case UnaryOp::Ceil:
      if (is_bool) not_implemented_for("ceil_vml_cpu", t);
      return t;
    case UnaryOp::Round:
      if (is_bool) not_implemented_for("round_vml_cpu", t);
      return t;
    case UnaryOp::Trunc:
      if (is_bool) not_implemented_for("trunc_vml_cpu", t);
      return t;
    case UnaryOp::Square:  // pow(t, 2): a bool base promotes with the int exponent
      return is_bool ? DType::Int64 : t;
    case UnaryOp::BitwiseNot:
      if (is_floating(t)) not_implemented_for("bitwise_not_cpu", t);
      return t;
    default: return t;
  }
}

// Runs op on t already converted to `dtype`, on t's device.
Tensor run_unary(UnaryOp op, const Tensor& t, DType dtype, const UnaryArgs& args) {
  Tensor in = cast(t, dtype);
  Tensor out = empty(t.sizes(), TensorOptions(returns_bool(op) ? DType::Bool : dtype, t.device()));
  backend_for(t.device()).unary(op, in, out, args);
  return out;
}

}  // namespace

Tensor unary(UnaryOp op, const Tensor& t) {
  TP_ASSERT(op != UnaryOp::Clamp);  // clamp takes its bounds through clamp()
  return autograd::record_op(
      {t}, [&] { return run_unary(op, t, unary_compute_dtype(op, t.dtype()), UnaryArgs{}); },
      [&](const Tensor& out) { return autograd::unary_node(op, t, UnaryArgs{}, out); });
}

const Tensor& unary_(UnaryOp op, const Tensor& t) {
  autograd::check_inplace(t);
  return assign_inplace_result(t, unary(op, autograd::inplace_operand(t, autograd::needs_grad({&t}))));
}

Tensor neg(const Tensor& t) { return unary(UnaryOp::Neg, t); }
Tensor abs(const Tensor& t) { return unary(UnaryOp::Abs, t); }
Tensor exp(const Tensor& t) { return unary(UnaryOp::Exp, amp::autocast_arg("exp", t)); }
Tensor log(const Tensor& t) { return unary(UnaryOp::Log, amp::autocast_arg("log", t)); }
Tensor log2(const Tensor& t) { return unary(UnaryOp::Log2, amp::autocast_arg("log2", t)); }
Tensor log10(const Tensor& t) { return unary(UnaryOp::Log10, amp::autocast_arg("log10", t)); }
Tensor log1p(const Tensor& t) { return unary(UnaryOp::Log1p, amp::autocast_arg("log1p", t)); }
Tensor expm1(const Tensor& t) { return unary(UnaryOp::Expm1, amp::autocast_arg("expm1", t)); }
Tensor sqrt(const Tensor& t) { return unary(UnaryOp::Sqrt, t); }
Tensor rsqrt(const Tensor& t) { return unary(UnaryOp::Rsqrt, amp::autocast_arg("rsqrt", t)); }
Tensor reciprocal(const Tensor& t) { return unary(UnaryOp::Reciprocal, amp::autocast_arg("reciprocal", t)); }
Tensor sin(const Tensor& t) { return unary(UnaryOp::Sin, t); }
Tensor cos(const Tensor& t) { return unary(UnaryOp::Cos, t); }
Tensor tan(const Tensor& t) { return unary(UnaryOp::Tan, amp::autocast_arg("tan", t)); }
Tensor tanh(const Tensor& t) { return unary(UnaryOp::Tanh, t); }
Tensor sigmoid(const Tensor& t) { return unary(UnaryOp::Sigmoid, t); }
Tensor relu(const Tensor& t) { return unary(UnaryOp::Relu, t); }
Tensor floor(const Tensor& t) { return unary(UnaryOp::Floor, t); }
Tensor ceil(const Tensor& t) { return unary(UnaryOp::Ceil, t); }
Tensor round(const Tensor& t) { return unary(UnaryOp::Round, t); }
Tensor trunc(const Tensor& t) { return unary(UnaryOp::Trunc, t); }
Tensor sign(const Tensor& t) { return unary(UnaryOp::Sign, t); }
Tensor square(const Tensor& t) { return unary(UnaryOp::Square, t); }
Tensor isnan(const Tensor& t) { return unary(UnaryOp::IsNan, t); }
Tensor isinf(const Tensor& t) { return unary(UnaryOp::IsInf, t); }
Tensor isfinite(const Tensor& t) { return unary(UnaryOp::IsFinite, t); }
Tensor logical_not(const Tensor& t) { return unary(UnaryOp::LogicalNot, t); }
Tensor bitwise_not(const Tensor& t) { return unary(UnaryOp::BitwiseNot, t); }

namespace {

// An integer clamp's bounds as PyTorch takes them: a bound past the far end of the dtype's
// range is an error, one past the near end clamps nothing (so every backend casts only
// in-range bounds to the element type).
void limit_integral_bounds(UnaryArgs& args, DType dtype) {
  double lowest = 0, highest = 255;  // uint8
  if (dtype == DType::Int32) {
    lowest = std::numeric_limits<int32_t>::lowest();
    highest = std::numeric_limits<int32_t>::max();
  } else if (dtype == DType::Int64) {
    lowest = static_cast<double>(std::numeric_limits<int64_t>::lowest());
    highest = static_cast<double>(std::numeric_limits<int64_t>::max());
  }
  auto outside = [&](const char* which, double value) {
    std::ostringstream text;
    text << "Clamp " << which << " value " << value << " is outside the representable range of "
         << dtype_legacy_name(dtype);
    return text.str();
  };
  TP_CHECK(!(args.has_min && args.min > highest), RuntimeError, outside("min", args.min));
  TP_CHECK(!(args.has_max && args.max < lowest), RuntimeError, outside("max", args.max));
  if (args.min < lowest) args.has_min = false;
  if (args.max > highest) args.has_max = false;
}

}  // namespace

Tensor clamp(const Tensor& t, std::optional<Scalar> min, std::optional<Scalar> max) {
  TP_CHECK(min || max, RuntimeError, "torch.clamp: At least one of 'min' or 'max' must not be None");
  // The bounds take part in type promotion as Python numbers do.
  Tensor lo = min ? scalar_to_tensor(*min) : Tensor();
  Tensor hi = max ? scalar_to_tensor(*max) : Tensor();
  DType dtype = result_type({&t, &lo, &hi});
  UnaryArgs args;
  args.has_min = min.has_value();
  args.has_max = max.has_value();
  args.min = min ? min->to_double() : 0.0;
  args.max = max ? max->to_double() : 0.0;
  if (is_integral(dtype, /*include_bool=*/false)) limit_integral_bounds(args, dtype);
  return autograd::record_op(
      {t}, [&] { return run_unary(UnaryOp::Clamp, t, dtype, args); },
      [&](const Tensor& out) { return autograd::unary_node(UnaryOp::Clamp, t, args, out); });
}
Tensor clamp_min(const Tensor& t, Scalar min) { return clamp(t, min, std::nullopt); }
Tensor clamp_max(const Tensor& t, Scalar max) { return clamp(t, std::nullopt, max); }

const Tensor& clamp_(const Tensor& self, std::optional<Scalar> min, std::optional<Scalar> max) {
  autograd::check_inplace(self);
  Tensor result = clamp(autograd::inplace_operand(self, autograd::needs_grad({&self})), min, max);
  TP_CHECK(can_cast(result.dtype(), self.dtype()), RuntimeError, "result type ",
           dtype_legacy_name(result.dtype()), " can't be cast to the desired output type ",
           dtype_cpp_name(self.dtype()));
  return assign_inplace_result(self, result);
}
const Tensor& clamp_min_(const Tensor& self, Scalar min) { return clamp_(self, min, std::nullopt); }
const Tensor& clamp_max_(const Tensor& self, Scalar max) { return clamp_(self, std::nullopt, max); }

const Tensor& neg_(const Tensor& self) { return unary_(UnaryOp::Neg, self); }
const Tensor& abs_(const Tensor& self) { return unary_(UnaryOp::Abs, self); }
const Tensor& exp_(const Tensor& self) { return unary_(UnaryOp::Exp, self); }
const Tensor& log_(const Tensor& self) { return unary_(UnaryOp::Log, self); }
const Tensor& sqrt_(const Tensor& self) { return unary_(UnaryOp::Sqrt, self); }
const Tensor& sin_(const Tensor& self) { return unary_(UnaryOp::Sin, self); }
const Tensor& cos_(const Tensor& self) { return unary_(UnaryOp::Cos, self); }
const Tensor& tanh_(const Tensor& self) { return unary_(UnaryOp::Tanh, self); }
const Tensor& sigmoid_(const Tensor& self) { return unary_(UnaryOp::Sigmoid, self); }
const Tensor& relu_(const Tensor& self) { return unary_(UnaryOp::Relu, self); }
const Tensor& floor_(const Tensor& self) { return unary_(UnaryOp::Floor, self); }
const Tensor& ceil_(const Tensor& self) { return unary_(UnaryOp::Ceil, self); }
const Tensor& round_(const Tensor& self) { return unary_(UnaryOp::Round, self); }
const Tensor& trunc_(const Tensor& self) { return unary_(UnaryOp::Trunc, self); }
const Tensor& reciprocal_(const Tensor& self) { return unary_(UnaryOp::Reciprocal, self); }
const Tensor& square_(const Tensor& self) { return unary_(UnaryOp::Square, self); }

Tensor operator-(const Tensor& t) { return neg(t); }

Tensor operator~(const Tensor& t) {
  TP_CHECK(!is_floating(t.dtype()), TypeError,
           "~ (operator.invert) is only implemented on integer and Boolean-type tensors");
  return bitwise_not(t);
}

}  // namespace tp
