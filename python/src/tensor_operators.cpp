// torch.Tensor's operators: + - * / // % ** @ & | ^ << >> against a tensor or a Python number (and
// the reflected forms, number <op> tensor), the in-place forms that mutate and return the same
// object (x += 1 keeps x's identity), comparisons and unary - + ~ abs().
#include "core/ops/copy.h"
#include "core/ops/creation.h"
#include "core/ops/elementwise.h"
#include "core/ops/elementwise_math.h"
#include "core/ops/linalg.h"
#include "python/src/args.h"
#include "python/src/profiled_op.h"
#include "python/src/tensor_protocol.h"

namespace tp::torchpy {

namespace {

enum class Op { Add, Sub, Mul, Div, FloorDiv, Mod, Pow, MatMul, And, Or, Xor, LShift, RShift };
enum class Cmp { Eq, Ne, Lt, Le, Gt, Ge };

py::object not_implemented() { return py::reinterpret_borrow<py::object>(Py_NotImplemented); }

// The other operand: a tensor or a Python number; `ok` is false for anything else.
struct Operand {
  bool ok = false;
  bool is_tensor = false;
  Tensor t;
  Scalar s;
};
Operand operand(py::handle v) {
  Operand o;
  if (is_tensor(v)) {
    o.ok = o.is_tensor = true;
    o.t = tensor_of(v);
  } else if (auto s = as_scalar(v)) {
    o.ok = true;
    o.s = *s;
  }
  return o;
}

// tensor <op> tensor; undefined when the op has no such form.
Tensor apply(Op op, const Tensor& a, const Tensor& b) {
  switch (op) {
    case Op::Add: return add(a, b);
    case Op::Sub: return sub(a, b);
    case Op::Mul: return mul(a, b);
    case Op::Div: return div(a, b);
    case Op::FloorDiv: return floor_divide(a, b);
    case Op::Mod: return remainder(a, b);
    case Op::Pow: return pow(a, b);
    case Op::MatMul: return matmul(a, b);
    case Op::And: return bitwise_and(a, b);
    case Op::Or: return bitwise_or(a, b);
    case Op::Xor: return bitwise_xor(a, b);
    case Op::LShift: return bitwise_left_shift(a, b);
    case Op::RShift: return bitwise_right_shift(a, b);
  }
  return Tensor();
}

// tensor <op> number.
Tensor apply(Op op, const Tensor& a, const Scalar& b) {
  switch (op) {
    case Op::Add: return add(a, b);
    case Op::Sub: return sub(a, b);
    case Op::Mul: return mul(a, b);
    case Op::Div: return div(a, b);
    case Op::FloorDiv: return floor_divide(a, b);
    case Op::Mod: return remainder(a, b);
    case Op::Pow: return pow(a, b);
    case Op::And: return bitwise_and(a, b);
    case Op::Or: return bitwise_or(a, b);
    case Op::Xor: return bitwise_xor(a, b);
    case Op::LShift: return bitwise_left_shift(a, scalar_to_tensor(b));
    case Op::RShift: return bitwise_right_shift(a, scalar_to_tensor(b));
    case Op::MatMul: break;
  }
  return Tensor();
}

// number <op> tensor.
Tensor apply_reflected(Op op, const Scalar& a, const Tensor& b) {
  switch (op) {
    case Op::Add: return add(a, b);
    case Op::Sub: return sub(a, b);
    case Op::Mul: return mul(a, b);
    case Op::Div: return mul(reciprocal(b), a);  // torch/_tensor.py's __rdiv__: rounds twice
    case Op::FloorDiv: return floor_divide(a, b);
    case Op::Mod: return remainder(a, b);
    case Op::Pow: return pow(a, b);
    case Op::And: return bitwise_and(b, a);
    case Op::Or: return bitwise_or(b, a);
    case Op::Xor: return bitwise_xor(b, a);
    case Op::LShift: return bitwise_left_shift(scalar_to_tensor(a), b);
    case Op::RShift: return bitwise_right_shift(scalar_to_tensor(a), b);
    case Op::MatMul: break;
  }
  return Tensor();
}

// self <op>= other, in place; false when the op has no in-place form for this operand.
bool apply_inplace(Op op, const Tensor& t, const Operand& b) {
  if (b.is_tensor) {
    switch (op) {
      case Op::Add: add_(t, b.t); return true;
      case Op::Sub: sub_(t, b.t); return true;
      case Op::Mul: mul_(t, b.t); return true;
      case Op::Div: div_(t, b.t); return true;
      case Op::FloorDiv: floor_divide_(t, b.t); return true;
      case Op::Mod: remainder_(t, b.t); return true;
      case Op::Pow: pow_(t, b.t); return true;
      case Op::And: binary_(BinaryOp::BitwiseAnd, t, b.t); return true;
      case Op::Or: binary_(BinaryOp::BitwiseOr, t, b.t); return true;
      case Op::Xor: binary_(BinaryOp::BitwiseXor, t, b.t); return true;
      case Op::LShift: binary_(BinaryOp::LeftShift, t, b.t); return true;
      case Op::RShift: binary_(BinaryOp::RightShift, t, b.t); return true;
      case Op::MatMul: return false;
    }
  }
  switch (op) {
    case Op::Add: add_(t, b.s); return true;
    case Op::Sub: sub_(t, b.s); return true;
    case Op::Mul: mul_(t, b.s); return true;
    case Op::Div: div_(t, b.s); return true;
    case Op::FloorDiv: floor_divide_(t, b.s); return true;
    case Op::Mod: remainder_(t, b.s); return true;
    case Op::Pow: pow_(t, b.s); return true;
    // The bitwise kernels take tensors: the number as a 0-dim tensor (promotes as a number does).
    case Op::And: binary_(BinaryOp::BitwiseAnd, t, full({}, b.s, std::nullopt, t.device())); return true;
    case Op::Or: binary_(BinaryOp::BitwiseOr, t, full({}, b.s, std::nullopt, t.device())); return true;
    case Op::Xor: binary_(BinaryOp::BitwiseXor, t, full({}, b.s, std::nullopt, t.device())); return true;
    case Op::LShift: binary_(BinaryOp::LeftShift, t, scalar_to_tensor(b.s)); return true;
    case Op::RShift: binary_(BinaryOp::RightShift, t, scalar_to_tensor(b.s)); return true;
    case Op::MatMul: return false;
  }
  return false;
}

Tensor compare(Cmp op, const Tensor& t, const Operand& b) {
  switch (op) {
    case Cmp::Eq: return b.is_tensor ? eq(t, b.t) : eq(t, b.s);
    case Cmp::Ne: return b.is_tensor ? ne(t, b.t) : ne(t, b.s);
    case Cmp::Lt: return b.is_tensor ? lt(t, b.t) : lt(t, b.s);
    case Cmp::Le: return b.is_tensor ? le(t, b.t) : le(t, b.s);
    case Cmp::Gt: return b.is_tensor ? gt(t, b.t) : gt(t, b.s);
    case Cmp::Ge: return b.is_tensor ? ge(t, b.t) : ge(t, b.s);
  }
  return Tensor();
}

struct Named {
  const char* forward;
  const char* reflected;
  const char* inplace;
  Op op;
  const char* aten;          // the op the profiler names ("add")
  const char* aten_inplace;  // ... and its in-place form ("add_")
};

}  // namespace

void bind_tensor_operators(TensorClass& cls) {
  for (Named n : {Named{"__add__", "__radd__", "__iadd__", Op::Add, "add", "add_"},
                  {"__sub__", "__rsub__", "__isub__", Op::Sub, "sub", "sub_"},
                  {"__mul__", "__rmul__", "__imul__", Op::Mul, "mul", "mul_"},
                  {"__truediv__", "__rtruediv__", "__itruediv__", Op::Div, "div", "div_"},
                  {"__floordiv__", "__rfloordiv__", "__ifloordiv__", Op::FloorDiv, "floor_divide", "floor_divide_"},
                  {"__mod__", "__rmod__", "__imod__", Op::Mod, "remainder", "remainder_"},
                  {"__pow__", "__rpow__", "__ipow__", Op::Pow, "pow", "pow_"},
                  {"__matmul__", "__rmatmul__", "__imatmul__", Op::MatMul, "matmul", "matmul"},
                  {"__and__", "__rand__", "__iand__", Op::And, "bitwise_and", "bitwise_and_"},
                  {"__or__", "__ror__", "__ior__", Op::Or, "bitwise_or", "bitwise_or_"},
                  {"__xor__", "__rxor__", "__ixor__", Op::Xor, "bitwise_xor", "bitwise_xor_"},
                  {"__lshift__", "__rlshift__", "__ilshift__", Op::LShift, "__lshift__", "__ilshift__"},
                  {"__rshift__", "__rrshift__", "__irshift__", Op::RShift, "__rshift__", "__irshift__"}}) {
    Op op = n.op;
    const char* aten = n.aten;
    const char* aten_inplace = n.aten_inplace;
    cls.def(n.forward, [op, aten](py::handle self, py::handle other) -> py::object {
      ProfiledOp profiled(aten, self, other);
      Operand b = operand(other);
      if (!b.ok) return not_implemented();
      Tensor r = b.is_tensor ? apply(op, tensor_of(self), b.t) : apply(op, tensor_of(self), b.s);
      return r.defined() ? wrap(r) : not_implemented();
    });
    cls.def(n.reflected, [op, aten](py::handle self, py::handle other) -> py::object {
      ProfiledOp profiled(aten, other, self);
      Operand b = operand(other);
      if (!b.ok) return not_implemented();
      Tensor r = b.is_tensor ? apply(op, b.t, tensor_of(self)) : apply_reflected(op, b.s, tensor_of(self));
      return r.defined() ? wrap(r) : not_implemented();
    });
    cls.def(n.inplace, [op, aten_inplace](py::handle self, py::handle other) -> py::object {
      ProfiledOp profiled(aten_inplace, self, other);
      Operand b = operand(other);
      if (!b.ok || !apply_inplace(op, tensor_of(self), b)) return not_implemented();
      return py::reinterpret_borrow<py::object>(self);
    });
  }
  struct NamedCmp {
    const char* name;
    Cmp op;
    const char* aten;
  };
  // Anything else: NotImplemented, so == falls back to identity and < raises Python's TypeError.
  for (NamedCmp n : {NamedCmp{"__eq__", Cmp::Eq, "eq"}, {"__ne__", Cmp::Ne, "ne"}, {"__lt__", Cmp::Lt, "lt"},
                     {"__le__", Cmp::Le, "le"}, {"__gt__", Cmp::Gt, "gt"}, {"__ge__", Cmp::Ge, "ge"}}) {
    Cmp op = n.op;
    const char* aten = n.aten;
    cls.def(n.name, [op, aten](py::handle self, py::handle other) -> py::object {
      ProfiledOp profiled(aten, self, other);
      Operand b = operand(other);
      if (!b.ok) return not_implemented();
      return wrap(compare(op, tensor_of(self), b));
    });
  }
  cls.def("__neg__", [](py::handle self) { return wrap(neg(tensor_of(self))); });
  cls.def("__pos__", [](py::handle self) { return py::reinterpret_borrow<py::object>(self); });
  cls.def("__invert__", [](py::handle self) { return wrap(bitwise_not(tensor_of(self))); });
  cls.def("__abs__", [](py::handle self) { return wrap(abs(tensor_of(self))); });
}

}  // namespace tp::torchpy
