// The Tensor value: Python operators (+ - * / // % ** @, comparisons, & | ^ ~, in-place forms
// that keep the object's identity), indexing and assignment through TensorIndex, len/iter/
// truth with PyTorch's errors, properties (.shape, .dtype, .T, ...) and methods from the op table.
#include <cstdio>

#include "core/error.h"
#include "core/ops/copy.h"
#include "core/ops/device_ops.h"
#include "core/ops/elementwise.h"
#include "core/ops/indexing.h"
#include "core/ops/linalg.h"
#include "core/ops/shape.h"
#include "core/printing.h"
#include "core/autograd/autograd.h"
#include "repl/lang/methods.h"
#include "repl/torch/autograd_binding.h"
#include "repl/torch/args.h"
#include "repl/torch/op_table.h"

namespace tp::torchlang {

using namespace tp::lang;

// A tensor marked as an nn.Parameter is typed nn.Parameter (a Tensor subclass).
TensorObject::TensorObject(Tensor tensor)
    : NativeObject(autograd::is_parameter(tensor) ? pyty::parameter : pyty::tensor), t(std::move(tensor)) {}

namespace {

Value self_of(TensorObject* o) { return Value::object(o); }

Value to_float(Interpreter&, Args a) {
  const Tensor& t = tensor_of(a[0]);
  if (t.numel() != 1) fail(ErrorKind::ValueError, "only one element tensors can be converted to Python scalars");
  return Value::number(item(t).to_double());
}
Value to_int(Interpreter&, Args a) {
  const Tensor& t = tensor_of(a[0]);
  if (t.numel() != 1) fail(ErrorKind::ValueError, "only one element tensors can be converted to Python scalars");
  return Value::integer(item(t).to_int());
}
Value to_index(Interpreter&, Args a) {
  const Tensor& t = tensor_of(a[0]);
  if (t.numel() != 1 || is_floating(t.dtype()) || t.dtype() == DType::Bool) {
    fail(ErrorKind::TypeError, "only integer tensors of a single element can be converted to an index");
  }
  return Value::integer(item(t).to_int());
}

// tensor.name: the op bound to its tensor; calling it marks the call as a method call.
struct TensorMethod : NativeObject {
  TensorMethod(Value s, const OpSpec* o) : NativeObject(type_()), self(std::move(s)), op(o) {}
  static TypeObject* type_() {
    static TypeObject* t = new_native_type("builtin_function_or_method", "builtins");
    return t;
  }
  Value self;
  const OpSpec* op;
  Value call(Interpreter& I, Args a) override {
    std::vector<Value> pos{self};
    pos.insert(pos.end(), a.pos, a.pos + a.n);
    OpArgs::next_is_method = true;
    return op->fn(I, Args{pos.data(), pos.size(), a.kw, a.nkw});
  }
  std::string repr(Interpreter&) override {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%p", static_cast<const void*>(self.obj()));
    return std::string("<built-in method ") + op->name + " of Tensor object at " + buf + ">";
  }
};

Value bound(const Value& self, const char* name, NativeFn fn) {
  return Value::object(new BoundMethod(self, Value::object(new BuiltinFunction(name, fn))));
}

// The right operand of a tensor operator: a tensor or a Python number; nullopt otherwise.
struct Operand {
  bool ok = false;
  bool is_tensor = false;
  Tensor t;
  Scalar s;
};
Operand operand(const Value& v) {
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

Tensor apply_binary(BinOpKind op, const Tensor& a, const Operand& b) {
  if (b.is_tensor) {
    switch (op) {
      case BinOpKind::Add: return add(a, b.t);
      case BinOpKind::Sub: return sub(a, b.t);
      case BinOpKind::Mul: return mul(a, b.t);
      case BinOpKind::Div: return div(a, b.t);
      case BinOpKind::FloorDiv: return floor_divide(a, b.t);
      case BinOpKind::Mod: return remainder(a, b.t);
      case BinOpKind::Pow: return pow(a, b.t);
      case BinOpKind::MatMul: return matmul(a, b.t);
      case BinOpKind::BitAnd: return bitwise_and(a, b.t);
      case BinOpKind::BitOr: return bitwise_or(a, b.t);
      case BinOpKind::BitXor: return bitwise_xor(a, b.t);
      default: break;
    }
  } else {
    switch (op) {
      case BinOpKind::Add: return add(a, b.s);
      case BinOpKind::Sub: return sub(a, b.s);
      case BinOpKind::Mul: return mul(a, b.s);
      case BinOpKind::Div: return div(a, b.s);
      case BinOpKind::FloorDiv: return floor_divide(a, b.s);
      case BinOpKind::Mod: return remainder(a, b.s);
      case BinOpKind::Pow: return pow(a, b.s);
      case BinOpKind::BitAnd: return bitwise_and(a, b.s);
      case BinOpKind::BitOr: return bitwise_or(a, b.s);
      case BinOpKind::BitXor: return bitwise_xor(a, b.s);
      default: break;
    }
  }
  return Tensor();
}

// number <op> tensor.
Tensor apply_reflected(BinOpKind op, const Scalar& a, const Tensor& b) {
  switch (op) {
    case BinOpKind::Add: return add(a, b);
    case BinOpKind::Sub: return sub(a, b);
    case BinOpKind::Mul: return mul(a, b);
    case BinOpKind::Div: return div(a, b);
    case BinOpKind::FloorDiv: return floor_divide(a, b);
    case BinOpKind::Mod: return remainder(a, b);
    case BinOpKind::Pow: return pow(a, b);
    case BinOpKind::BitAnd: return bitwise_and(b, a);
    case BinOpKind::BitOr: return bitwise_or(b, a);
    case BinOpKind::BitXor: return bitwise_xor(b, a);
    default: return Tensor();
  }
}

// Converts one index component (int, slice, None, Ellipsis, bool, list, tensor).
TensorIndex index_component(Interpreter& I, const Value& v) {
  if (v.is_bool()) return TensorIndex::boolean(v.as_bool());
  if (v.is_int()) return TensorIndex(v.as_int());
  if (v.is_none()) return TensorIndex::none();
  if (v.identical(ellipsis_value())) return TensorIndex::ellipsis();
  if (is_tensor(v)) return TensorIndex(tensor_of(v));
  if (v.is_obj() && v.obj()->type == ty::slice) {
    auto* s = v.as<SliceObject>();
    auto part = [&](const Value& x) -> std::optional<int64_t> {
      if (x.is_none()) return std::nullopt;
      if (x.is_intlike()) return x.as_int();
      if (is_tensor(x)) return item(tensor_of(x)).to_int();
      I.raise(ty::TypeError, "slice indices must be integers or None or have an __index__ method");
    };
    return TensorIndex(Slice{part(s->lower), part(s->upper), part(s->step)});
  }
  if (is_list(v)) return TensorIndex(tensor_from_data(I, v, std::nullopt, Device::cpu()));
  I.raise(ty::IndexError,
          "only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables are valid indices (got " +
              v.type()->name + ")");
}

std::vector<TensorIndex> indices_of(Interpreter& I, const Value& key) {
  std::vector<TensorIndex> out;
  if (is_tuple(key)) {
    for (auto& v : key.as<TupleObject>()->items) out.push_back(index_component(I, v));
  } else {
    out.push_back(index_component(I, key));
  }
  return out;
}

}  // namespace

Value TensorObject::get_attr(Interpreter& I, const std::string& name) {
  if (name == "shape") return wrap_size(t.sizes());
  if (name == "dtype") return wrap_dtype(t.dtype());
  if (name == "device") return wrap_device(t.device());
  if (name == "is_cuda") return Value::boolean(is_cuda(t));
  if (name == "is_cpu") return Value::boolean(t.device().is_cpu());
  if (name == "ndim") return Value::integer(t.dim());
  if (name == "T") return wrap(tensor_T(t));
  if (name == "mT") return wrap(tensor_mT(t));
  Value autograd_attr = tensor_autograd_attr(I, t, name);
  if (!autograd_attr.is_unbound()) return autograd_attr;
  if (name == "itemsize") return Value::integer(static_cast<int64_t>(t.element_size()));
  if (name == "nbytes") return Value::integer(static_cast<int64_t>(t.nbytes()));
  if (name == "__float__") return bound(self_of(this), "__float__", to_float);
  if (name == "__int__") return bound(self_of(this), "__int__", to_int);
  if (name == "__index__") return bound(self_of(this), "__index__", to_index);
  if (const OpSpec* op = find_op(name, true)) return Value::object(new TensorMethod(self_of(this), op));
  return Value::unbound();
}

bool TensorObject::set_attr(Interpreter& I, const std::string& name, const Value& v) {
  return set_tensor_autograd_attr(I, t, name, v);
}

std::string TensorObject::repr(Interpreter&) {
  // nn.Parameter's repr: "Parameter containing:" above the tensor.
  return autograd::is_parameter(t) ? "Parameter containing:\n" + tensor_repr(t) : tensor_repr(t);
}

Value TensorObject::binary_op(Interpreter&, BinOpKind op, const Value& other, bool reflected) {
  Operand b = operand(other);
  if (!b.ok) return Value::unbound();
  Tensor r;
  if (reflected && !b.is_tensor) {
    r = apply_reflected(op, b.s, t);
  } else if (reflected) {
    Operand self;
    self.ok = self.is_tensor = true;
    self.t = t;
    r = apply_binary(op, b.t, self);
  } else {
    r = apply_binary(op, t, b);
  }
  if (!r.defined()) return Value::unbound();
  return wrap(r);
}

Value TensorObject::inplace_op(Interpreter&, BinOpKind op, const Value& other) {
  Operand b = operand(other);
  if (!b.ok) return Value::unbound();
  if (b.is_tensor) {
    switch (op) {
      case BinOpKind::Add: add_(t, b.t); break;
      case BinOpKind::Sub: sub_(t, b.t); break;
      case BinOpKind::Mul: mul_(t, b.t); break;
      case BinOpKind::Div: div_(t, b.t); break;
      case BinOpKind::FloorDiv: floor_divide_(t, b.t); break;
      case BinOpKind::Mod: remainder_(t, b.t); break;
      case BinOpKind::Pow: pow_(t, b.t); break;
      case BinOpKind::BitAnd: binary_(BinaryOp::BitwiseAnd, t, b.t); break;
      case BinOpKind::BitOr: binary_(BinaryOp::BitwiseOr, t, b.t); break;
      case BinOpKind::BitXor: binary_(BinaryOp::BitwiseXor, t, b.t); break;
      default: return Value::unbound();
    }
  } else {
    switch (op) {
      case BinOpKind::Add: add_(t, b.s); break;
      case BinOpKind::Sub: sub_(t, b.s); break;
      case BinOpKind::Mul: mul_(t, b.s); break;
      case BinOpKind::Div: div_(t, b.s); break;
      case BinOpKind::FloorDiv: floor_divide_(t, b.s); break;
      case BinOpKind::Mod: remainder_(t, b.s); break;
      case BinOpKind::Pow: pow_(t, b.s); break;
      default: return Value::unbound();
    }
  }
  return self_of(this);
}

Value TensorObject::unary_op(Interpreter&, UnaryOpKind op) {
  switch (op) {
    case UnaryOpKind::Neg: return wrap(neg(t));
    case UnaryOpKind::Pos: return self_of(this);
    case UnaryOpKind::Invert: return wrap(bitwise_not(t));
    default: return Value::unbound();
  }
}

Value TensorObject::compare(Interpreter&, CmpOpKind op, const Value& other) {
  Operand b = operand(other);
  if (!b.ok) {
    if (op == CmpOpKind::Eq) return Value::boolean(false);
    if (op == CmpOpKind::NotEq) return Value::boolean(true);
    return Value::unbound();
  }
  switch (op) {
    case CmpOpKind::Eq: return wrap(b.is_tensor ? eq(t, b.t) : eq(t, b.s));
    case CmpOpKind::NotEq: return wrap(b.is_tensor ? ne(t, b.t) : ne(t, b.s));
    case CmpOpKind::Lt: return wrap(b.is_tensor ? lt(t, b.t) : lt(t, b.s));
    case CmpOpKind::LtE: return wrap(b.is_tensor ? le(t, b.t) : le(t, b.s));
    case CmpOpKind::Gt: return wrap(b.is_tensor ? gt(t, b.t) : gt(t, b.s));
    case CmpOpKind::GtE: return wrap(b.is_tensor ? ge(t, b.t) : ge(t, b.s));
    default: return Value::unbound();
  }
}

Value TensorObject::get_item(Interpreter& I, const Value& key) { return wrap(index(t, indices_of(I, key))); }

bool TensorObject::set_item(Interpreter& I, const Value& key, const Value& v) {
  std::vector<TensorIndex> idx = indices_of(I, key);
  if (is_tensor(v)) {
    index_put_(t, idx, tensor_of(v));
  } else if (auto s = as_scalar(v)) {
    index_put_(t, idx, *s);
  } else if (is_list(v) || is_tuple(v)) {
    index_put_(t, idx, tensor_from_data(I, v, t.dtype(), t.device()));
  } else {
    I.raise(ty::TypeError, "can't assign a " + v.type()->name + " to a " + legacy_type_str(t));
  }
  return true;
}

int64_t TensorObject::len(Interpreter&) {
  if (t.dim() == 0) fail(ErrorKind::TypeError, "len() of a 0-d tensor");
  return t.size(0);
}

Value TensorObject::iter(Interpreter& I) {
  if (t.dim() == 0) fail(ErrorKind::TypeError, "iteration over a 0-d tensor");
  return I.iter(wrap_list(unbind(t, 0), false));
}

int TensorObject::truth(Interpreter&) {
  if (t.numel() == 0) fail(ErrorKind::RuntimeError, "Boolean value of Tensor with no values is ambiguous");
  if (t.numel() > 1) fail(ErrorKind::RuntimeError, "Boolean value of Tensor with more than one value is ambiguous");
  return item(t).to_bool() ? 1 : 0;
}

std::vector<std::string> TensorObject::dir(Interpreter&) {
  std::vector<std::string> names = {"T", "data", "device", "dtype", "grad", "grad_fn", "is_cpu", "is_cuda",
                                    "is_leaf", "itemsize", "retains_grad", "mT", "nbytes", "ndim", "requires_grad", "shape"};
  for (const OpSpec& op : op_table())
    if (op.where != OpWhere::Function) names.push_back(op.name);
  return names;
}

}  // namespace tp::torchlang
