// Binary elementwise ops and where(): device check, broadcasting, PyTorch's type promotion
// and per-op dtype rules, then one backend call. Unary ops live in elementwise_unary.cpp.
#include "core/ops/elementwise.h"

#include <optional>

#include "core/amp/autocast.h"
#include "core/autograd/autograd.h"
#include "core/autograd/formulas.h"
#include "core/backends/backend.h"
#include "core/error.h"
#include "core/ops/broadcast.h"
#include "core/ops/complex.h"
#include "core/ops/copy.h"
#include "core/ops/device_check.h"
#include "core/ops/limited_dtypes.h"
#include "core/ops/type_promotion.h"

namespace tp {

namespace {

// PyTorch refuses `-` on bool tensors (ATen sub_check).
void check_sub_operands(const Tensor& a, const Tensor& b) {
  TP_CHECK(a.dtype() != DType::Bool || b.dtype() != DType::Bool, NotImplementedError,
           "Subtraction, the `-` operator, with two bool tensors is not supported. "
           "Use the `^` or `logical_xor()` operator instead.");
  TP_CHECK(a.dtype() != DType::Bool && b.dtype() != DType::Bool, NotImplementedError,
           "Subtraction, the `-` operator, with a bool tensor is not supported. "
           "If you are trying to invert a mask, use the `~` or `logical_not()` operator instead.");
}

// ATen alpha_check: alpha must fit the op's dtype.
void check_alpha(DType dtype, Scalar alpha) {
  TP_CHECK(!alpha.is_bool() || dtype == DType::Bool, RuntimeError,
           "Boolean alpha only supported for Boolean results.");
  TP_CHECK(is_floating(dtype) || is_complex(dtype) || !alpha.holds_double(), RuntimeError,
           "For integral input tensors, argument alpha must not be a floating point number.");
  TP_CHECK(is_complex(dtype) || !alpha.is_complex(), RuntimeError,
           "For non-complex input tensors, argument alpha must not be a complex number.");
}

// The dtype `op` computes in, given the promoted dtype of its operands, by its row's rule
// (binary_ops.def): true division and atan2 of integers compute in the default float; some
// kernels have no bool or no floating version.
DType compute_dtype(BinaryOp op, DType common) {
  const BinaryOpInfo& info = binary_op_info(op);
  switch (info.dtypes) {
    case BinaryDtypes::Float: return is_integral(common, /*include_bool=*/true) ? default_float_dtype() : common;
    case BinaryDtypes::NoBool:
      if (common == DType::Bool) fail_not_implemented_for(info.refusal, common);
      return common;
    case BinaryDtypes::IntOnly:
      if (!is_integral(common, /*include_bool=*/true)) fail_not_implemented_for(info.refusal, common);
      return common;
    case BinaryDtypes::FloatOnly:
      if (!is_floating(common)) fail_not_implemented_for(info.refusal, common);
      return common;
    case BinaryDtypes::Integer:
      if (!is_integral(common, /*include_bool=*/false)) fail_not_implemented_for(info.refusal, common);
      return common;
    case BinaryDtypes::Same:
    case BinaryDtypes::BoolOut: return common;
  }
  return common;
}

// An operand on the op's device in the compute dtype. A 0-dim CPU operand joining a device
// op (a Python number, or a CPU scalar tensor) is a kernel argument in ATen, not a copy over
// the link: it is written on the device by a fill, so the host never waits for a transfer.
Tensor operand_on(const Tensor& t, Device device, DType compute) {
  if (t.device().is_cpu() && !device.is_cpu() && !device.is_meta() && t.dim() == 0 && !t.requires_grad()) {
    Tensor out = empty({}, TensorOptions(compute, device));
    backend_for(device).fill(out, item(t));
    return out;
  }
  return to(t, device, compute);
}

// One checked binary op: the operands are moved to the op's device in the compute dtype
// (a 0-dim CPU operand may join a device op), expanded, and handed to the backend.
Tensor run_binary(BinaryOp op, const Tensor& a, const Tensor& b, DType compute, Device device,
                  const Shape& shape) {
  Tensor x = expand_to(operand_on(a, device, compute), shape);
  Tensor y = expand_to(operand_on(b, device, compute), shape);
  if (is_limited_dtype(compute)) return limited::binary(op, x, y);
  DType out_dtype = binary_op_returns_bool(op) ? DType::Bool : compute;
  Tensor out = empty(shape, TensorOptions(out_dtype, device));
  backend_for(device).binary(op, x, y, out);
  return out;
}

// x ** e for the exponents PyTorch's CPU and CUDA pow kernels answer without pow()
// (PowKernel.cpp/.cu): sqrt, rsqrt, reciprocal, x*x, x*x*x, 1/(x*x), for the same bits.
// Only for float, double and bfloat16 (the CPU's half goes through pow()); nullopt otherwise.
std::optional<Tensor> power_without_pow(const Tensor& a, double e, DType common, Device device) {
  if (common != DType::Float32 && common != DType::Float64 && common != DType::BFloat16) {
    return std::nullopt;
  }
  if (e != 0.5 && e != -0.5 && e != -1.0 && e != 2.0 && e != 3.0 && e != -2.0) return std::nullopt;
  Backend& backend = backend_for(device);
  auto unary = [&](UnaryOp op, const Tensor& in) {
    Tensor out = empty(in.sizes(), TensorOptions(common, device));
    backend.unary(op, in, out, UnaryArgs{});
    return out;
  };
  Tensor x = to(a, device, common);
  if (e == 0.5) return unary(UnaryOp::Sqrt, x);
  if (e == -0.5) return unary(UnaryOp::Rsqrt, x);
  if (e == -1.0) return unary(UnaryOp::Reciprocal, x);
  Tensor square = unary(UnaryOp::Square, x);
  if (e == 2.0) return square;
  if (e == -2.0) return unary(UnaryOp::Reciprocal, square);
  Tensor cube = empty(x.sizes(), TensorOptions(common, device));
  backend.binary(BinaryOp::Mul, square, x, cube);
  return cube;
}

// The computation shared by every binary op; `alpha` scales b for add/sub, `rounding_mode`
// is div's. Returns the result in the op's own dtype (the caller casts for in-place).
Tensor binary_compute(BinaryOp op, const Tensor& a, const Tensor& b, std::optional<Scalar> alpha,
                   const std::optional<std::string>& rounding_mode) {
  Device device = check_same_device_elementwise({&a, &b});
  if (op == BinaryOp::Sub) check_sub_operands(a, b);
  Shape shape = broadcast_shapes(a.sizes(), b.sizes());
  DType common = result_type(a, b);
  if (alpha) check_alpha(common, *alpha);
  if (is_complex(common)) {
    if (op == BinaryOp::Div && rounding_mode) fail_not_implemented_for(*rounding_mode == "floor" ? "div_floor_cpu" : "div_trunc_cpu", common);
    return complex_ops::binary(op, a, b, alpha, common, device, shape);
  }
  if (is_limited_dtype(common)) {
    if (op == BinaryOp::Div && rounding_mode) {
      limited::refuse(*rounding_mode == "floor" ? "div_floor_cpu" : "div_trunc_cpu", common, device);
    }
    limited::check_binary(op, common, device);
  }

  if (op == BinaryOp::Div && rounding_mode) {
    const std::string& mode = *rounding_mode;
    if (mode == "floor") {
      return run_binary(BinaryOp::FloorDiv, a, b, compute_dtype(BinaryOp::FloorDiv, common),
                        device, shape);
    }
    TP_CHECK(mode == "trunc", RuntimeError,
             "div expected rounding_mode to be one of None, 'trunc', or 'floor' but found '",
             mode, "'");
    if (common == DType::Bool) fail_not_implemented_for("div_trunc_cpu", common);
    // Integer Div truncates in the kernel; floats divide, then truncate.
    Tensor q = run_binary(BinaryOp::Div, a, b, common, device, shape);
    if (is_floating(common)) backend_for(device).unary(UnaryOp::Trunc, q, q, UnaryArgs{});
    return q;
  }
  if (op == BinaryOp::Pow && b.is_wrapped_number()) {
    Scalar exponent = item(b);
    TP_CHECK(is_floating(b.dtype()) || !is_integral(common, true) || exponent.to_int() >= 0,
             RuntimeError, "Integers to negative integer powers are not allowed.");
    // ATen's pow(Tensor, Scalar) answers x ** 0 and x ** 1 without its kernel, so these
    // work even for bool tensors.
    if (exponent.to_double() == 0.0 || exponent.to_double() == 1.0) {
      Tensor out = empty(a.sizes(), TensorOptions(common, device));
      if (exponent.to_double() == 0.0) return fill_(out, Scalar(int64_t{1}));
      return copy_(out, a);
    }
    if (auto r = power_without_pow(a, exponent.to_double(), common, device)) return *r;
  }

  DType compute = compute_dtype(op, common);
  if (alpha && alpha->to_double() != 1.0) {
    // a + alpha * b, with alpha in the compute dtype.
    Tensor scaled = run_binary(BinaryOp::Mul, b, scalar_to_tensor(*alpha), compute, device,
                               b.sizes());
    return run_binary(op, a, scaled, compute, device, shape);
  }
  return run_binary(op, a, b, compute, device, shape);
}

// Every binary op: computed, then recorded for autograd.
Tensor binary_impl(BinaryOp op, const Tensor& a, const Tensor& b, std::optional<Scalar> alpha,
                   const std::optional<std::string>& rounding_mode) {
  // complex: composed from real ops that record their own gradients (complex.h)
  if (is_complex(a.dtype()) || is_complex(b.dtype())) return binary_compute(op, a, b, alpha, rounding_mode);
  return autograd::record_op(
      {a, b}, [&] { return binary_compute(op, a, b, alpha, rounding_mode); },
      [&](const Tensor& out) {
        return autograd::binary_node(op, a, b, alpha, rounding_mode.has_value(), out);
      });
}

const Tensor& binary_inplace_impl(BinaryOp op, const Tensor& self, const Tensor& other,
                                  std::optional<Scalar> alpha,
                                  const std::optional<std::string>& rounding_mode) {
  check_same_device_elementwise({&self, &other});
  const bool recording = autograd::needs_grad({&self, &other});
  autograd::check_inplace(self, recording);
  Shape shape = broadcast_shapes(self.sizes(), other.sizes());
  TP_CHECK(shape == self.sizes(), RuntimeError, "output with shape ", shape_str(self.sizes()),
           " doesn't match the broadcast shape ", shape_str(shape));
  // Computed out of place, then written back, so operands that alias self stay correct.
  Tensor source = autograd::inplace_operand(self, recording);
  return assign_inplace_result(self, binary_impl(op, source, other, alpha, rounding_mode));
}

Tensor wrap(Scalar s) { return scalar_to_tensor(s); }

}  // namespace

Tensor binary(BinaryOp op, const Tensor& a, const Tensor& b) {
  return binary_impl(op, a, b, std::nullopt, std::nullopt);
}

const Tensor& binary_(BinaryOp op, const Tensor& self, const Tensor& other) {
  return binary_inplace_impl(op, self, other, std::nullopt, std::nullopt);
}

Tensor add(const Tensor& a, const Tensor& b, Scalar alpha) {
  return binary_impl(BinaryOp::Add, a, b, alpha, std::nullopt);
}
Tensor add(const Tensor& a, Scalar b, Scalar alpha) { return add(a, wrap(b), alpha); }
Tensor add(Scalar a, const Tensor& b) { return add(b, wrap(a)); }

Tensor sub(const Tensor& a, const Tensor& b, Scalar alpha) {
  return binary_impl(BinaryOp::Sub, a, b, alpha, std::nullopt);
}
Tensor sub(const Tensor& a, Scalar b, Scalar alpha) { return sub(a, wrap(b), alpha); }
Tensor sub(Scalar a, const Tensor& b) { return sub(wrap(a), b); }

Tensor mul(const Tensor& a, const Tensor& b) { return binary(BinaryOp::Mul, a, b); }
Tensor mul(const Tensor& a, Scalar b) { return mul(a, wrap(b)); }
Tensor mul(Scalar a, const Tensor& b) { return mul(b, wrap(a)); }

Tensor div(const Tensor& a, const Tensor& b, std::optional<std::string> rounding_mode) {
  return binary_impl(BinaryOp::Div, a, b, std::nullopt, rounding_mode);
}
Tensor div(const Tensor& a, Scalar b, std::optional<std::string> rounding_mode) {
  return div(a, wrap(b), std::move(rounding_mode));
}
Tensor div(Scalar a, const Tensor& b) { return div(wrap(a), b); }

Tensor floor_divide(const Tensor& a, const Tensor& b) { return binary(BinaryOp::FloorDiv, a, b); }
Tensor floor_divide(const Tensor& a, Scalar b) { return floor_divide(a, wrap(b)); }
Tensor floor_divide(Scalar a, const Tensor& b) { return floor_divide(wrap(a), b); }

Tensor remainder(const Tensor& a, const Tensor& b) { return binary(BinaryOp::Remainder, a, b); }
Tensor remainder(const Tensor& a, Scalar b) { return remainder(a, wrap(b)); }
Tensor remainder(Scalar a, const Tensor& b) { return remainder(wrap(a), b); }

Tensor pow(const Tensor& a, const Tensor& b) {
  return binary(BinaryOp::Pow, amp::autocast_arg("pow", a), amp::autocast_arg("pow", b));
}
Tensor pow(const Tensor& a, Scalar b) { return pow(a, wrap(b)); }
Tensor pow(Scalar a, const Tensor& b) { return pow(wrap(a), b); }

Tensor maximum(const Tensor& a, const Tensor& b) { return binary(BinaryOp::Maximum, a, b); }
Tensor minimum(const Tensor& a, const Tensor& b) { return binary(BinaryOp::Minimum, a, b); }
Tensor atan2(const Tensor& a, const Tensor& b) { return binary(BinaryOp::Atan2, a, b); }

Tensor eq(const Tensor& a, const Tensor& b) { return binary(BinaryOp::Eq, a, b); }
Tensor eq(const Tensor& a, Scalar b) { return eq(a, wrap(b)); }
Tensor ne(const Tensor& a, const Tensor& b) { return binary(BinaryOp::Ne, a, b); }
Tensor ne(const Tensor& a, Scalar b) { return ne(a, wrap(b)); }
Tensor lt(const Tensor& a, const Tensor& b) { return binary(BinaryOp::Lt, a, b); }
Tensor lt(const Tensor& a, Scalar b) { return lt(a, wrap(b)); }
Tensor le(const Tensor& a, const Tensor& b) { return binary(BinaryOp::Le, a, b); }
Tensor le(const Tensor& a, Scalar b) { return le(a, wrap(b)); }
Tensor gt(const Tensor& a, const Tensor& b) { return binary(BinaryOp::Gt, a, b); }
Tensor gt(const Tensor& a, Scalar b) { return gt(a, wrap(b)); }
Tensor ge(const Tensor& a, const Tensor& b) { return binary(BinaryOp::Ge, a, b); }
Tensor ge(const Tensor& a, Scalar b) { return ge(a, wrap(b)); }

Tensor logical_and(const Tensor& a, const Tensor& b) { return binary(BinaryOp::LogicalAnd, a, b); }
Tensor logical_or(const Tensor& a, const Tensor& b) { return binary(BinaryOp::LogicalOr, a, b); }
Tensor logical_xor(const Tensor& a, const Tensor& b) { return binary(BinaryOp::LogicalXor, a, b); }
Tensor bitwise_and(const Tensor& a, const Tensor& b) { return binary(BinaryOp::BitwiseAnd, a, b); }
Tensor bitwise_and(const Tensor& a, Scalar b) { return bitwise_and(a, wrap(b)); }
Tensor bitwise_or(const Tensor& a, const Tensor& b) { return binary(BinaryOp::BitwiseOr, a, b); }
Tensor bitwise_or(const Tensor& a, Scalar b) { return bitwise_or(a, wrap(b)); }
Tensor bitwise_xor(const Tensor& a, const Tensor& b) { return binary(BinaryOp::BitwiseXor, a, b); }
Tensor bitwise_xor(const Tensor& a, Scalar b) { return bitwise_xor(a, wrap(b)); }

Tensor where(const Tensor& cond, const Tensor& a, const Tensor& b) {
  Device device = check_same_device_elementwise({&cond, &a, &b});
  // uint8 conditions still work in PyTorch (with a deprecation warning).
  TP_CHECK(cond.dtype() == DType::Bool || cond.dtype() == DType::UInt8, RuntimeError,
           "where expected condition to be a boolean tensor, but got a tensor with dtype ",
           dtype_legacy_name(cond.dtype()));
  Shape shape = broadcast_shapes(broadcast_shapes(cond.sizes(), a.sizes()), b.sizes());
  DType dtype = result_type(a, b);
  return autograd::record_op(
      {a, b},
      [&] {
        Tensor c = expand_to(to(cond, device, std::nullopt), shape);
        Tensor x = expand_to(to(a, device, dtype), shape);
        Tensor y = expand_to(to(b, device, dtype), shape);
        Tensor out = empty(shape, TensorOptions(dtype, device));
        backend_for(device).where(c, x, y, out);
        return out;
      },
      [&](const Tensor& out) { return is_floating(out.dtype()) ? autograd::where_node(cond) : nullptr; });
}
Tensor where(const Tensor& cond, const Tensor& a, Scalar b) { return where(cond, a, wrap(b)); }
Tensor where(const Tensor& cond, Scalar a, const Tensor& b) { return where(cond, wrap(a), b); }
Tensor where(const Tensor& cond, Scalar a, Scalar b) { return where(cond, wrap(a), wrap(b)); }

const Tensor& add_(const Tensor& self, const Tensor& other, Scalar alpha) {
  return binary_inplace_impl(BinaryOp::Add, self, other, alpha, std::nullopt);
}
const Tensor& add_(const Tensor& self, Scalar other, Scalar alpha) {
  return add_(self, wrap(other), alpha);
}
const Tensor& sub_(const Tensor& self, const Tensor& other, Scalar alpha) {
  return binary_inplace_impl(BinaryOp::Sub, self, other, alpha, std::nullopt);
}
const Tensor& sub_(const Tensor& self, Scalar other, Scalar alpha) {
  return sub_(self, wrap(other), alpha);
}
const Tensor& mul_(const Tensor& self, const Tensor& other) {
  return binary_(BinaryOp::Mul, self, other);
}
const Tensor& mul_(const Tensor& self, Scalar other) { return mul_(self, wrap(other)); }
const Tensor& div_(const Tensor& self, const Tensor& other,
                   std::optional<std::string> rounding_mode) {
  return binary_inplace_impl(BinaryOp::Div, self, other, std::nullopt, rounding_mode);
}
const Tensor& div_(const Tensor& self, Scalar other, std::optional<std::string> rounding_mode) {
  return div_(self, wrap(other), std::move(rounding_mode));
}
const Tensor& floor_divide_(const Tensor& self, const Tensor& other) {
  return binary_(BinaryOp::FloorDiv, self, other);
}
const Tensor& floor_divide_(const Tensor& self, Scalar other) {
  return floor_divide_(self, wrap(other));
}
const Tensor& remainder_(const Tensor& self, const Tensor& other) {
  return binary_(BinaryOp::Remainder, self, other);
}
const Tensor& remainder_(const Tensor& self, Scalar other) { return remainder_(self, wrap(other)); }
const Tensor& pow_(const Tensor& self, const Tensor& other) {
  return binary_(BinaryOp::Pow, self, other);
}
const Tensor& pow_(const Tensor& self, Scalar other) { return pow_(self, wrap(other)); }

const Tensor& assign_inplace_result(const Tensor& self, const Tensor& result) {
  TP_CHECK(can_cast(result.dtype(), self.dtype()), RuntimeError, "result type ",
           dtype_legacy_name(result.dtype()), " can't be cast to the desired output type ",
           dtype_legacy_name(self.dtype()));
  {
    autograd::NoGradGuard no_grad;
    copy_(self, result);
  }
  // The op's node now produced self's new value.
  if (const std::shared_ptr<Node>& node = autograd::grad_fn(result)) {
    autograd::note_inplace_output(*node, result, self);
    autograd::rebase_history(self, node);
  }
  return self;
}

Tensor operator+(const Tensor& a, const Tensor& b) { return add(a, b); }
Tensor operator+(const Tensor& a, Scalar b) { return add(a, b); }
Tensor operator+(Scalar a, const Tensor& b) { return add(a, b); }
Tensor operator-(const Tensor& a, const Tensor& b) { return sub(a, b); }
Tensor operator-(const Tensor& a, Scalar b) { return sub(a, b); }
Tensor operator-(Scalar a, const Tensor& b) { return sub(a, b); }
Tensor operator*(const Tensor& a, const Tensor& b) { return mul(a, b); }
Tensor operator*(const Tensor& a, Scalar b) { return mul(a, b); }
Tensor operator*(Scalar a, const Tensor& b) { return mul(a, b); }
Tensor operator/(const Tensor& a, const Tensor& b) { return div(a, b); }
Tensor operator/(const Tensor& a, Scalar b) { return div(a, b); }
Tensor operator/(Scalar a, const Tensor& b) { return div(a, b); }
Tensor operator%(const Tensor& a, const Tensor& b) { return remainder(a, b); }
Tensor operator%(const Tensor& a, Scalar b) { return remainder(a, b); }
Tensor operator&(const Tensor& a, const Tensor& b) { return bitwise_and(a, b); }
Tensor operator|(const Tensor& a, const Tensor& b) { return bitwise_or(a, b); }
Tensor operator^(const Tensor& a, const Tensor& b) { return bitwise_xor(a, b); }
Tensor operator<(const Tensor& a, const Tensor& b) { return lt(a, b); }
Tensor operator<(const Tensor& a, Scalar b) { return lt(a, b); }
Tensor operator<=(const Tensor& a, const Tensor& b) { return le(a, b); }
Tensor operator<=(const Tensor& a, Scalar b) { return le(a, b); }
Tensor operator>(const Tensor& a, const Tensor& b) { return gt(a, b); }
Tensor operator>(const Tensor& a, Scalar b) { return gt(a, b); }
Tensor operator>=(const Tensor& a, const Tensor& b) { return ge(a, b); }
Tensor operator>=(const Tensor& a, Scalar b) { return ge(a, b); }

}  // namespace tp
