// The small value types of the torch namespace: torch.device, torch.dtype, torch.Size and
// torch.return_types pairs, with PyTorch's reprs, attributes and comparisons; and the
// creation of every torch Python type (init_types).
#include <sstream>

#include "core/error.h"
#include "core/printing.h"
#include "repl/lang/methods.h"
#include "repl/torch/args.h"

namespace tp::torchlang {

using namespace tp::lang;

namespace pyty {
TypeObject *tensor, *parameter, *device, *dtype, *size, *return_types, *ndarray, *event;
}

namespace {

TypeObject* make_type(const char* name, const char* module) {
  auto* t = new_native_type(name, module, ty::object);
  return t;
}

// A bound method made on the fly for a native object's method-like attribute.
Value method(const Value& self, const char* name, NativeFn fn) {
  auto* f = new BuiltinFunction(name, fn);
  return Value::object(new BoundMethod(self, Value::object(f)));
}

Value self_value(NativeObject* o) { return Value::object(o); }

std::string join_ints(const Shape& s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) out += (i ? ", " : "") + std::to_string(s[i]);
  return out;
}

}  // namespace

// ---- device ----

DeviceObject::DeviceObject(Device dev) : NativeObject(pyty::device), d(dev) {}

Value DeviceObject::get_attr(Interpreter&, const std::string& name) {
  if (name == "type") return make_str(device_type_name(d.type));
  if (name == "index") return d.has_index() ? Value::integer(d.index) : Value();
  return Value::unbound();
}
std::string DeviceObject::repr(Interpreter&) { return d.repr(); }
std::string DeviceObject::str(Interpreter&) { return d.str(); }
Value DeviceObject::compare(Interpreter&, CmpOpKind op, const Value& other) {
  if (op != CmpOpKind::Eq && op != CmpOpKind::NotEq) return Value::unbound();
  bool same = other.is_obj() && other.obj()->type == pyty::device && other.as<DeviceObject>()->d == d;
  return Value::boolean(op == CmpOpKind::Eq ? same : !same);
}
std::vector<std::string> DeviceObject::dir(Interpreter&) { return {"index", "type"}; }

// ---- dtype ----

DTypeObject::DTypeObject(DType dt) : NativeObject(pyty::dtype), d(dt) {}

Value DTypeObject::get_attr(Interpreter&, const std::string& name) {
  if (name == "is_floating_point") return Value::boolean(is_floating(d));
  if (name == "is_signed") return Value::boolean(d != DType::Bool && d != DType::UInt8);
  if (name == "itemsize") return Value::integer(static_cast<int64_t>(itemsize(d)));
  if (name == "is_complex") return Value::boolean(false);
  return Value::unbound();
}
std::string DTypeObject::repr(Interpreter&) { return dtype_repr(d); }
Value DTypeObject::compare(Interpreter&, CmpOpKind op, const Value& other) {
  if (op != CmpOpKind::Eq && op != CmpOpKind::NotEq) return Value::unbound();
  bool same = other.is_obj() && other.obj()->type == pyty::dtype && other.as<DTypeObject>()->d == d;
  return Value::boolean(op == CmpOpKind::Eq ? same : !same);
}
std::vector<std::string> DTypeObject::dir(Interpreter&) {
  return {"is_complex", "is_floating_point", "is_signed", "itemsize"};
}

// ---- Size ----

SizeObject::SizeObject(Shape sz) : NativeObject(pyty::size), s(std::move(sz)) {}

namespace {
Value size_tuple(const Shape& s) {
  std::vector<Value> items;
  for (int64_t x : s) items.push_back(Value::integer(x));
  return make_tuple(std::move(items));
}
Value size_numel(Interpreter& I, Args a) {
  check_arity(I, "numel", a, 1, 1);
  return Value::integer(shape_numel(a[0].as<SizeObject>()->s));
}
}  // namespace

Value SizeObject::get_attr(Interpreter&, const std::string& name) {
  if (name == "numel") return method(self_value(this), "numel", size_numel);
  return Value::unbound();
}
std::string SizeObject::repr(Interpreter&) { return "torch.Size([" + join_ints(s) + "])"; }
Value SizeObject::compare(Interpreter& I, CmpOpKind op, const Value& other) {
  Value mine = size_tuple(s);
  Value theirs = other;
  if (other.is_obj() && other.obj()->type == pyty::size) theirs = size_tuple(other.as<SizeObject>()->s);
  if (!is_tuple(theirs)) {
    if (op == CmpOpKind::Eq || op == CmpOpKind::NotEq) return Value::boolean(op == CmpOpKind::NotEq);
    return Value::unbound();
  }
  return I.compare(op, mine, theirs);
}
Value SizeObject::get_item(Interpreter& I, const Value& key) {
  Value r = I.getitem(size_tuple(s), key);
  if (!is_tuple(r)) return r;
  Shape out;
  for (auto& v : r.as<TupleObject>()->items) out.push_back(v.as_int());
  return wrap_size(out);
}
int64_t SizeObject::len(Interpreter&) { return static_cast<int64_t>(s.size()); }
Value SizeObject::iter(Interpreter& I) { return I.iter(size_tuple(s)); }
Value SizeObject::binary_op(Interpreter& I, BinOpKind op, const Value& other, bool reflected) {
  if (op != BinOpKind::Add) return Value::unbound();
  Value theirs = other.is_obj() && other.obj()->type == pyty::size ? size_tuple(other.as<SizeObject>()->s) : other;
  if (!is_tuple(theirs)) return Value::unbound();
  Value r = reflected ? I.binary(op, theirs, size_tuple(s)) : I.binary(op, size_tuple(s), theirs);
  Shape out;
  for (auto& v : r.as<TupleObject>()->items) out.push_back(v.as_int());
  return wrap_size(out);
}
std::vector<std::string> SizeObject::dir(Interpreter&) { return {"count", "index", "numel"}; }

// ---- return_types ----

ReturnTypesObject::ReturnTypesObject(std::string n, Tensor v, Tensor i)
    : NativeObject(pyty::return_types), name(std::move(n)), values(std::move(v)), indices(std::move(i)) {}

Value ReturnTypesObject::get_attr(Interpreter&, const std::string& attr) {
  if (attr == "values") return wrap(values);
  if (attr == "indices") return wrap(indices);
  return Value::unbound();
}
std::string ReturnTypesObject::repr(Interpreter&) {
  return "torch.return_types." + name + "(\nvalues=" + tensor_repr(values) + ",\nindices=" + tensor_repr(indices) + ")";
}
Value ReturnTypesObject::get_item(Interpreter& I, const Value& key) {
  return I.getitem(make_tuple({wrap(values), wrap(indices)}), key);
}
int64_t ReturnTypesObject::len(Interpreter&) { return 2; }
Value ReturnTypesObject::iter(Interpreter& I) { return I.iter(make_tuple({wrap(values), wrap(indices)})); }
std::vector<std::string> ReturnTypesObject::dir(Interpreter&) { return {"indices", "values"}; }

// ---- wrapping ----

Value wrap(Tensor t) { return Value::object(new TensorObject(std::move(t))); }
Value wrap_device(Device d) { return Value::object(new DeviceObject(d)); }
Value wrap_dtype(DType d) {
  static std::vector<Value> cache;
  if (cache.empty()) {
    for (int i = 0; i < kNumDTypes; ++i) {
      auto* o = new DTypeObject(static_cast<DType>(i));
      make_immortal(o);
      cache.push_back(Value::object(o));
    }
  }
  return cache[static_cast<size_t>(d)];
}
Value wrap_size(const Shape& s) { return Value::object(new SizeObject(s)); }
Value wrap_list(const std::vector<Tensor>& ts, bool as_tuple) {
  std::vector<Value> items;
  for (auto& t : ts) items.push_back(wrap(t));
  return as_tuple ? make_tuple(std::move(items)) : make_list(std::move(items));
}

void init_types() {
  if (pyty::tensor) return;
  pyty::tensor = make_type("Tensor", "torch");
  pyty::parameter = new TypeObject("Parameter", pyty::tensor);
  pyty::parameter->module = "torch.nn.parameter";
  make_immortal(pyty::parameter);
  pyty::device = make_type("device", "torch");
  pyty::dtype = make_type("dtype", "torch");
  pyty::size = make_type("Size", "torch");
  pyty::return_types = make_type("return_types", "torch");
  pyty::ndarray = make_type("ndarray", "numpy");
  pyty::event = make_type("Event", "torch.cuda");
}

}  // namespace tp::torchlang
