// Argument reading for the torch binding: positional-or-keyword parameters, conversions to
// core types, and PyTorch's argument TypeErrors ("zeros(): argument 'size' (position 1) must
// be tuple of ints, not str").
#include "repl/torch/args.h"

#include "core/error.h"
#include "core/ops/copy.h"
#include "core/ops/creation.h"

namespace tp::torchlang {

using namespace tp::lang;

OpArgs::OpArgs(Interpreter& I_, const char* fname_, Args a_, std::initializer_list<const char*> params)
    : I(I_), fname(fname_), a(a_), params_(params) {
  method_ = next_is_method;
  next_is_method = false;
  for (size_t k = 0; k < a.nkw; ++k) {
    bool ok = false;
    for (const char* p : params_) ok = ok || *a.kw[k].name == p;
    if (!ok) I.raise(ty::TypeError, std::string(fname) + "() got an unexpected keyword argument '" + *a.kw[k].name + "'");
  }
  // Varargs-shaped functions (ones(2, 3)) declare "*size": it takes the rest of the
  // positionals, and the parameters after it are keyword-only.
  for (size_t i = 0; i < params_.size(); ++i)
    if (params_[i][0] == '*') varargs_at_ = i;
  if (varargs_at_ == SIZE_MAX && a.n > params_.size()) {
    I.raise(ty::TypeError, std::string(fname) + "() takes " + std::to_string(params_.size()) +
                               " positional arguments but " + std::to_string(a.n) + " were given");
  }
}

bool OpArgs::next_is_method = false;

bool OpArgs::tensor_or_number(size_t i) const {
  Value v = get(i);
  if (is_tensor(v)) return true;
  if (as_scalar(v)) return false;
  type_error(i, "Tensor");
}

Value OpArgs::get(size_t i) const {
  if (i < a.n && i <= varargs_at_) return a[i];
  if (i >= params_.size()) return Value::unbound();
  const char* name = params_[i][0] == '*' ? params_[i] + 1 : params_[i];
  for (size_t k = 0; k < a.nkw; ++k)
    if (*a.kw[k].name == name) return a.kw[k].value;
  return Value::unbound();
}

std::string OpArgs::type_name(const Value& v) {
  if (is_tensor(v)) return "Tensor";
  if (v.is_obj() && v.obj()->type == pyty::dtype) return "torch.dtype";
  if (v.is_obj() && v.obj()->type == pyty::device) return "torch.device";
  if (v.is_obj() && v.obj()->type == pyty::size) return "torch.Size";
  return v.type()->name;
}

void OpArgs::type_error(size_t i, const char* expected) const {
  const char* name = i < params_.size() ? params_[i] : "?";
  if (name[0] == '*') name++;
  std::string where = i < a.n ? " (position " + std::to_string(method_ ? i : i + 1) + ")" : "";
  I.raise(ty::TypeError, std::string(fname) + "(): argument '" + name + "'" + where + " must be " + expected +
                             ", not " + type_name(get(i)));
}

std::optional<Scalar> as_scalar(const Value& v) {
  if (v.is_bool()) return Scalar(v.as_bool());
  if (v.is_int()) return Scalar(v.as_int());
  if (v.is_float()) return Scalar(v.as_float());
  return std::nullopt;
}

Value scalar_value(const Scalar& s) {
  if (s.is_bool()) return Value::boolean(s.to_bool());
  if (s.is_int()) return Value::integer(s.to_int());
  return Value::number(s.to_double());
}

Tensor OpArgs::tensor(size_t i) const {
  Value v = get(i);
  if (!is_tensor(v)) type_error(i, "Tensor");
  return tensor_of(v);
}

Scalar OpArgs::scalar(size_t i) const {
  Value v = get(i);
  if (auto s = as_scalar(v)) return *s;
  if (is_tensor(v) && tensor_of(v).numel() == 1) return item(tensor_of(v));
  type_error(i, "Number");
}

int64_t OpArgs::integer(size_t i) const {
  Value v = get(i);
  if (v.is_intlike()) return v.as_int();
  if (is_tensor(v) && tensor_of(v).numel() == 1 && !is_floating(tensor_of(v).dtype())) return item(tensor_of(v)).to_int();
  type_error(i, "int");
}

int64_t OpArgs::integer(size_t i, int64_t dflt) const { return has(i) ? integer(i) : dflt; }

std::optional<int64_t> OpArgs::opt_int(size_t i) const {
  if (!has(i)) return std::nullopt;
  return integer(i);
}

double OpArgs::number(size_t i, double dflt) const {
  if (!has(i)) return dflt;
  Value v = get(i);
  if (v.is_number()) return v.to_double();
  type_error(i, "float");
}

bool OpArgs::boolean(size_t i, bool dflt) const {
  if (!has(i)) return dflt;
  Value v = get(i);
  if (v.is_bool()) return v.as_bool();
  if (v.is_int()) return v.as_int() != 0;
  type_error(i, "bool");
}

std::optional<DType> OpArgs::dtype(size_t i) const {
  if (!has(i)) return std::nullopt;
  Value v = get(i);
  if (v.is_obj() && v.obj()->type == pyty::dtype) return v.as<DTypeObject>()->d;
  type_error(i, "torch.dtype");
}

Device to_device_value(Interpreter& I, const Value& v, const char* fname) {
  if (v.is_obj() && v.obj()->type == pyty::device) return v.as<DeviceObject>()->d;
  if (is_str(v)) return Device::parse(str_of(v));
  if (v.is_int()) {
    if (v.as_int() < 0) fail(ErrorKind::RuntimeError, "Device index must not be negative");
    return Device::cuda(static_cast<int>(v.as_int()));
  }
  I.raise(ty::TypeError, std::string(fname) + "(): argument 'device' must be torch.device, not " + OpArgs::type_name(v));
}

std::optional<Device> OpArgs::device(size_t i) const {
  if (!has(i)) return std::nullopt;
  return to_device_value(I, get(i), fname);
}

Shape OpArgs::int_list(size_t i) const {
  Value v = get(i);
  if (v.is_intlike()) return {v.as_int()};
  if (v.is_obj() && v.obj()->type == pyty::size) return v.as<SizeObject>()->s;
  if (is_list(v) || is_tuple(v)) {
    Shape out;
    const auto& items = is_list(v) ? v.as<ListObject>()->items : v.as<TupleObject>()->items;
    for (auto& x : items) {
      if (!x.is_intlike()) type_error(i, "tuple of ints");
      out.push_back(x.as_int());
    }
    return out;
  }
  type_error(i, "tuple of ints");
}

Shape OpArgs::varargs_shape(size_t i) const {
  if (a.n == i + 1 || (a.n <= i && has(i))) return int_list(i);
  if (a.n <= i) I.raise(ty::TypeError, std::string(fname) + "() missing 1 required positional arguments: \"size\"");
  Shape out;
  for (size_t k = i; k < a.n; ++k) {
    if (!a[k].is_intlike()) type_error(i, "tuple of ints");
    out.push_back(a[k].as_int());
  }
  return out;
}

namespace {

// Walks nested sequences, recording the shape from the first element of each level and
// checking every other element against it, as torch.tensor does.
void collect(Interpreter& I, const Value& v, size_t depth, Shape& shape, std::vector<Scalar>& out) {
  if (auto s = as_scalar(v)) {
    if (depth != shape.size()) fail(ErrorKind::ValueError, "expected sequence of length " + std::to_string(shape[depth]) + " at dim " + std::to_string(depth) + " (got " + I.repr(v) + ")");
    out.push_back(*s);
    return;
  }
  if (is_tensor(v)) {
    const Tensor& t = tensor_of(v);
    if (t.dim() != 0) fail(ErrorKind::ValueError, "only one element tensors can be converted to Python scalars");
    out.push_back(item(t));
    return;
  }
  if (!is_list(v) && !is_tuple(v)) I.raise(ty::TypeError, "new(): invalid data type '" + v.type()->name + "'");
  const auto& items = is_list(v) ? v.as<ListObject>()->items : v.as<TupleObject>()->items;
  int64_t n = static_cast<int64_t>(items.size());
  if (depth == shape.size() && out.empty()) {
    shape.push_back(n);
  } else if (depth >= shape.size() || shape[depth] != n) {
    if (depth >= shape.size()) fail(ErrorKind::TypeError, "new(): invalid data type '" + v.type()->name + "'");
    fail(ErrorKind::ValueError, "expected sequence of length " + std::to_string(shape[depth]) + " at dim " +
                                    std::to_string(depth) + " (got " + std::to_string(n) + ")");
  }
  for (auto& x : items) collect(I, x, depth + 1, shape, out);
}

}  // namespace

Tensor tensor_from_data(Interpreter& I, const Value& data, std::optional<DType> dtype, Device device) {
  if (is_tensor(data)) return to(clone(tensor_of(data)), device, dtype);
  Shape shape;
  std::vector<Scalar> values;
  collect(I, data, 0, shape, values);
  if (!dtype) {
    DType d = DType::Bool;
    for (auto& s : values) {
      if (s.is_float()) d = default_float_dtype();
      else if (s.is_int() && d == DType::Bool) d = DType::Int64;
    }
    if (values.empty()) d = default_float_dtype();
    dtype = d;
  }
  return tp::tensor(values, shape, dtype, device);
}

}  // namespace tp::torchlang
