// Unary elementwise ops and clamp: PyTorch's dtype rules (float functions of integers give
// the default float; abs/neg keep the dtype; some kernels refuse bool), then one backend call.
#include <limits>
#include <sstream>

#include "core/backends/backend.h"
#include "core/error.h"
#include "core/amp/autocast.h"
#include "core/autograd/autograd.h"
#include "core/autograd/formulas.h"
#include "core/autograd/grad_utils.h"
#include "core/ops/complex.h"
#include "core/ops/copy.h"
#include "core/ops/creation.h"
#include "core/ops/limited_dtypes.h"
#include "core/ops/elementwise.h"
#include "core/ops/type_promotion.h"

namespace tp {

namespace {

// The dtype op(t) computes in, by the op's dtype rule (unary_ops.def); raises PyTorch's
// error where its kernel lacks the dtype.
DType unary_compute_dtype(UnaryOp op, DType t) {
  const UnaryOpInfo& info = unary_op_info(op);
  switch (info.dtypes) {
    case UnaryDtypes::Float: return is_integral(t, true) ? default_float_dtype() : t;
    case UnaryDtypes::NoBool:
      TP_CHECK(t != DType::Bool, NotImplementedError, info.refusal);
      return t;
    case UnaryDtypes::IntOnly:
      if (is_floating(t)) fail_not_implemented_for(info.refusal, t);
      return t;
    case UnaryDtypes::FloatOnly:
      if (!is_floating(t)) fail_not_implemented_for(info.refusal, t);
      return t;
    case UnaryDtypes::BoolToLong: return t == DType::Bool ? DType::Int64 : t;
    case UnaryDtypes::Same:
    case UnaryDtypes::BoolOut: return t;
  }
  return t;
}

// An integer clamp's bounds as PyTorch takes them: a bound past the far end of the dtype's
// range is an error, one past the near end clamps nothing (so every backend casts only
// in-range bounds to the element type).
void limit_integral_bounds(UnaryArgs& args, DType dtype) {
  double lowest = 0, highest = 0;
  visit_any_dtype(dtype, [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_integral_v<T>) {
      lowest = static_cast<double>(std::numeric_limits<T>::lowest());
      highest = static_cast<double>(std::numeric_limits<T>::max());
    }
  });
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

// Runs op on t already converted to `dtype`, on t's device.
Tensor run_unary(UnaryOp op, const Tensor& t, DType dtype, const UnaryArgs& args) {
  Tensor in = cast(t, dtype);
  Tensor out = empty(t.sizes(), TensorOptions(unary_op_info(op).dtypes == UnaryDtypes::BoolOut ? DType::Bool : dtype, t.device()));
  backend_for(t.device()).unary(op, in, out, args);
  return out;
}

// A unary op on a limited dtype (limited_dtypes.h): an integer's floor, ceil, round, trunc
// and relu are itself; the value tests are those of the value as a double.
Tensor limited_unary(UnaryOp op, const Tensor& t, DType dtype) {
  limited::check_unary(op, dtype, t.device());
  if (unary_op_info(op).dtypes == UnaryDtypes::BoolOut) return run_unary(op, t, DType::Float64, UnaryArgs{});
  return clone(t);
}

}  // namespace

Tensor unary(UnaryOp op, const Tensor& t, const UnaryArgs& args) {
  TP_ASSERT(op != UnaryOp::Clamp);  // clamp promotes with its bounds: clamp()
  if (is_complex(t.dtype())) return complex_ops::unary(op, t);
  const DType dtype = unary_compute_dtype(op, t.dtype());
  if (is_limited_dtype(dtype)) return limited_unary(op, t, dtype);
  UnaryArgs bounded = args;  // hardtanh is clamp: the same integer bounds
  if (op == UnaryOp::Hardtanh && is_integral(dtype, /*include_bool=*/false)) limit_integral_bounds(bounded, dtype);
  return autograd::record_op(
      {t}, [&] { return run_unary(op, t, dtype, bounded); },
      [&](const Tensor& out) { return autograd::unary_node(op, t, args, out); });
}

const Tensor& unary_(UnaryOp op, const Tensor& t, const UnaryArgs& args) {
  TP_CHECK(!(is_complex(t.dtype()) && (op == UnaryOp::Abs || op == UnaryOp::Angle)), RuntimeError, "In-place ",
           unary_op_info(op).name, " is not supported for complex tensors.");
  autograd::check_inplace(t);
  return assign_inplace_result(t, unary(op, autograd::inplace_operand(t, autograd::needs_grad({&t})), args));
}

// tp::NAME(t) for every row of unary_ops.def without arguments; autocast decides by the
// name whether it changes the input's dtype first (exp under CUDA autocast runs in float32).
#define TP_UNARY_OP(Enum, name, ...) \
  Tensor name(const Tensor& t) { return unary(UnaryOp::Enum, amp::autocast_arg(#name, t)); }
#define TP_UNARY_OP_ARGS(...)
#include "core/backends/unary_ops.def"

Tensor clamp(const Tensor& t, std::optional<Scalar> min, std::optional<Scalar> max) {
  TP_CHECK(min || max, RuntimeError, "torch.clamp: At least one of 'min' or 'max' must not be None");
  // The bounds take part in type promotion as Python numbers do.
  Tensor lo = min ? scalar_to_tensor(*min) : Tensor();
  Tensor hi = max ? scalar_to_tensor(*max) : Tensor();
  DType dtype = result_type({&t, &lo, &hi});
  TP_CHECK(!is_complex(dtype), NotImplementedError, "clamp is not supported for complex types");
  UnaryArgs args;
  args.has_min = min.has_value();
  args.has_max = max.has_value();
  args.min = min ? min->to_double() : 0.0;
  args.max = max ? max->to_double() : 0.0;
  if (is_integral(dtype, /*include_bool=*/false)) limit_integral_bounds(args, dtype);
  if (is_limited_dtype(dtype)) {
    // maximum and minimum with the bounds, which limited dtypes take (limited_dtypes.h)
    Tensor out = cast(t, dtype);
    auto bound = [&](double v) { return full(t.sizes(), Scalar(static_cast<int64_t>(v)), dtype, t.device()); };
    if (args.has_min) out = limited::binary(BinaryOp::Maximum, out, bound(args.min));
    if (args.has_max) out = limited::binary(BinaryOp::Minimum, out, bound(args.max));
    return out;
  }
  return autograd::record_op(
      {t}, [&] { return run_unary(UnaryOp::Clamp, t, dtype, args); },
      [&](const Tensor& out) { return autograd::unary_node(UnaryOp::Clamp, t, args, out); });
}
namespace {

// clamp_min / clamp_max are ops of their own in PyTorch: clamp's values and gradient, under
// their own grad_fn names.
Tensor named_clamp(const char* name, const Tensor& t, std::optional<Scalar> min, std::optional<Scalar> max) {
  Tensor out = clamp(t, min, max);
  if (auto* node = dynamic_cast<autograd::SavingNode*>(autograd::grad_fn(out).get())) node->rename(name);
  return out;
}

const Tensor& named_clamp_(const char* name, const Tensor& self, std::optional<Scalar> min, std::optional<Scalar> max) {
  autograd::check_inplace(self);
  Tensor result = named_clamp(name, autograd::inplace_operand(self, autograd::needs_grad({&self})), min, max);
  TP_CHECK(can_cast(result.dtype(), self.dtype()), RuntimeError, "result type ",
           dtype_legacy_name(result.dtype()), " can't be cast to the desired output type ",
           dtype_cpp_name(self.dtype()));
  return assign_inplace_result(self, result);
}

}  // namespace

Tensor clamp_min(const Tensor& t, Scalar min) { return named_clamp("ClampMinBackward0", t, min, std::nullopt); }
Tensor clamp_max(const Tensor& t, Scalar max) { return named_clamp("ClampMaxBackward0", t, std::nullopt, max); }

const Tensor& clamp_(const Tensor& self, std::optional<Scalar> min, std::optional<Scalar> max) {
  return named_clamp_("ClampBackward1", self, min, max);
}
const Tensor& clamp_min_(const Tensor& self, Scalar min) { return named_clamp_("ClampMinBackward0", self, min, std::nullopt); }
const Tensor& clamp_max_(const Tensor& self, Scalar max) { return named_clamp_("ClampMaxBackward0", self, std::nullopt, max); }

Tensor operator-(const Tensor& t) { return neg(t); }

Tensor operator~(const Tensor& t) {
  TP_CHECK(!is_floating(t.dtype()), TypeError,
           "~ (operator.invert) is only implemented on integer and Boolean-type tensors");
  return bitwise_not(t);
}

}  // namespace tp
