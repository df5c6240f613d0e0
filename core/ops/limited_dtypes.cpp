// The limited unsigned dtypes' op rules (limited_dtypes.h).
#include "core/ops/limited_dtypes.h"

#include <limits>
#include <string>

#include "core/backends/backend.h"
#include "core/error.h"

namespace tp::limited {

namespace {

// A 0-dim value of `dtype` on `device`, broadcast to `sizes` without copying.
Tensor filled_like(const Shape& sizes, DType dtype, Device device, Scalar value) {
  Tensor one = empty({}, TensorOptions(dtype, device));
  backend_for(device).fill(one, value);
  return one.as_strided(sizes, Shape(sizes.size(), 0), 0);
}

Tensor run(BinaryOp op, const Tensor& x, const Tensor& y, DType out_dtype) {
  Tensor out = empty(x.sizes(), TensorOptions(out_dtype, x.device()));
  backend_for(x.device()).binary(op, x, y, out);
  return out;
}

// key = bits ^ top bit, in the signed dtype of the same width.
Tensor flip_top_bit(const Tensor& bits) {
  const int width = static_cast<int>(8 * itemsize(bits.dtype()));
  Scalar top(width == 64 ? std::numeric_limits<int64_t>::min() : -(int64_t{1} << (width - 1)));
  return run(BinaryOp::BitwiseXor, bits, filled_like(bits.sizes(), bits.dtype(), bits.device(), top), bits.dtype());
}

}  // namespace

DType same_width_signed(DType t) {
  switch (t) {
    case DType::UInt16: return DType::Int16;
    case DType::UInt32: return DType::Int32;
    case DType::UInt64: return DType::Int64;
    default: return t;
  }
}

Tensor bits_as(const Tensor& t, DType to) {
  TP_ASSERT(itemsize(t.dtype()) == itemsize(to));
  Tensor out = t.as_strided(t.sizes(), t.strides(), t.storage_offset());
  out.impl()->dtype = to;
  return out;
}

Tensor order_key(const Tensor& t) { return flip_top_bit(bits_as(t, same_width_signed(t.dtype()))); }

Tensor from_order_key(const Tensor& key, DType limited) { return bits_as(flip_top_bit(key), limited); }

void refuse(const char* kernel, DType t, Device device) {
  if (is_limited_dtype(t) && !device.is_meta()) fail_not_implemented_for(kernel, t);
}

void check_binary(BinaryOp op, DType t, Device device) {
  if (device.is_meta()) return;
  const BinaryOpInfo& info = binary_op_info(op);
  switch (op) {
    case BinaryOp::Mul:
    case BinaryOp::Eq:
    case BinaryOp::Ne:
    case BinaryOp::BitwiseAnd:
    case BinaryOp::BitwiseOr:
    case BinaryOp::BitwiseXor:
    case BinaryOp::Maximum:
    case BinaryOp::Minimum:
    case BinaryOp::Fmax:
    case BinaryOp::Fmin: return;
    case BinaryOp::Add:
    case BinaryOp::Sub: fail_not_implemented_for("add_stub", t);
    default: break;
  }
  if (info.dtypes == BinaryDtypes::Float) return;  // computed in a floating dtype
  // PyTorch's CPU kernel names: the row's refusal where it has one, else NAME_cpu.
  const std::string kernel = *info.refusal ? info.refusal : std::string(info.name) + "_cpu";
  fail_not_implemented_for(kernel.c_str(), t);
}

void check_unary(UnaryOp op, DType t, Device device) {
  if (device.is_meta()) return;
  const UnaryOpInfo& info = unary_op_info(op);
  switch (op) {
    case UnaryOp::Floor:
    case UnaryOp::Ceil:
    case UnaryOp::Round:
    case UnaryOp::Trunc:
    case UnaryOp::Relu:
    case UnaryOp::IsNan:
    case UnaryOp::IsInf:
    case UnaryOp::IsFinite:
    case UnaryOp::IsNegInf:
    case UnaryOp::IsPosInf:
    case UnaryOp::Signbit:
    case UnaryOp::Clamp: return;
    case UnaryOp::Square: fail_not_implemented_for("pow", t);
    case UnaryOp::Sgn: fail_not_implemented_for("sign_cpu", t);
    default: break;
  }
  if (info.dtypes == UnaryDtypes::Float) return;  // computed in a floating dtype
  const bool names_kernel = info.dtypes == UnaryDtypes::IntOnly || info.dtypes == UnaryDtypes::FloatOnly;
  const std::string kernel = names_kernel && *info.refusal ? info.refusal : std::string(info.name) + "_cpu";
  fail_not_implemented_for(kernel.c_str(), t);
}

Tensor binary(BinaryOp op, const Tensor& x, const Tensor& y) {
  const DType t = x.dtype(), s = same_width_signed(t);
  switch (op) {
    case BinaryOp::Maximum:
    case BinaryOp::Minimum:
    case BinaryOp::Fmax:
    case BinaryOp::Fmin: return from_order_key(run(op, order_key(x), order_key(y), s), t);
    case BinaryOp::Eq:
    case BinaryOp::Ne: return run(op, bits_as(x, s), bits_as(y, s), DType::Bool);
    default:
      // mul and the bitwise ops: the low bits of a product or a bitwise result do not depend on
      // signedness.
      return bits_as(run(op, bits_as(x, s), bits_as(y, s), s), t);
  }
}

}  // namespace tp::limited
