// Argument reading for the torch binding: positional-or-keyword parameters, conversions to
// core types, and PyTorch's argument TypeErrors ("zeros(): argument 'size' (position 1) must
// be tuple of ints, not str").
#include "python/src/args.h"

#include <algorithm>

#include "core/autograd/autograd.h"
#include "core/error.h"
#include "core/ops/copy.h"
#include "core/ops/creation.h"
#include "core/ops/elementwise.h"
#include "python/src/numpy_binding.h"

namespace tp::torchpy {

bool OpArgs::next_is_method = false;

namespace {
// PyTorch's argument parser also takes numpy's names for these parameters
// (python_arg_parser.cpp numpy_compatibility_arg_names): x.sum(axis=0, keepdims=True).
std::vector<const char*> numpy_aliases(const std::string& param) {
  if (param == "dim") return {"axis"};
  if (param == "keepdim") return {"keepdims"};
  if (param == "input") return {"x", "a", "x1"};
  if (param == "other") return {"x2"};
  return {};
}
const char* bare_name(const char* param) { return param[0] == '*' ? param + 1 : param; }
}  // namespace

void raise_type_error(const std::string& message) { throw py::type_error(message); }

std::string legacy_options_str(DType dtype, Device device) {
  return std::string("TensorOptions(dtype=") + dtype_cpp_name(dtype) + ", device=" + device.str() +
         ", layout=Strided, requires_grad=false (default), pinned_memory=false (default), memory_format=(nullopt))";
}

OpArgs::OpArgs(const char* fname_, const py::args& a, const py::kwargs& kw, std::initializer_list<const char*> params)
    : fname(fname_), a_(a), kw_(kw), params_(params) {
  method_ = next_is_method;
  next_is_method = false;
  // An unknown keyword fails the call; PyTorch's message then names the first keyword that
  // is not a parameter's own name (a numpy alias counts as unknown there: np.sum(x) passes
  // axis= with out=, and the text names 'axis').
  std::string first_unnamed;
  for (auto item : kw_) {
    std::string key = py::str(item.first);
    bool named = false, aliased = false;
    for (const char* p : params_) {
      named = named || key == bare_name(p);
      for (const char* alias : numpy_aliases(bare_name(p))) aliased = aliased || key == alias;
    }
    if (!named && first_unnamed.empty()) first_unnamed = key;
    if (!named && !aliased) raise_type_error(std::string(fname) + "() got an unexpected keyword argument '" + first_unnamed + "'");
  }
  for (size_t i = 0; i < params_.size(); ++i)
    if (params_[i][0] == '*') varargs_at_ = i;
  if (varargs_at_ == SIZE_MAX && a_.size() > params_.size()) {
    size_t given = a_.size() - (method_ ? 1 : 0), takes = params_.size() - (method_ ? 1 : 0);
    raise_type_error(std::string(fname) + "() takes " + std::to_string(takes) + " positional argument" +
                     (takes == 1 ? "" : "s") + " but " + std::to_string(given) + " were given");
  }
}

py::handle OpArgs::get(size_t i) const {
  if (i < a_.size() && i <= varargs_at_) return a_[i];
  if (i >= params_.size()) return py::handle();
  const char* name = bare_name(params_[i]);
  if (!kw_) return py::handle();
  if (kw_.contains(name)) return kw_[name];
  for (const char* alias : numpy_aliases(name))
    if (kw_.contains(alias)) return kw_[alias];
  return py::handle();
}

bool OpArgs::has(size_t i) const {
  py::handle h = get(i);
  return h && !h.is_none();
}

bool OpArgs::tensor_or_number(size_t i) const {
  py::handle v = get(i);
  if (is_tensor(v)) return true;
  if (as_scalar(v)) return false;
  type_error(i, "Tensor");
}

void OpArgs::type_error(size_t i, const char* expected) const {
  const char* name = i < params_.size() ? params_[i] : "?";
  if (name[0] == '*') name++;
  std::string where = i < a_.size() ? " (position " + std::to_string(method_ ? i : i + 1) + ")" : "";
  py::handle v = get(i);
  raise_type_error(std::string(fname) + "(): argument '" + name + "'" + where + " must be " + expected + ", not " +
                   (v ? type_name(v) : std::string("NoneType")));
}

namespace {

// v as a Python int: itself, or a numpy integer through __index__ (which cannot fail for one).
py::object python_int(py::handle v) {
  if (PyLong_Check(v.ptr())) return py::reinterpret_borrow<py::object>(v);
  py::object k = py::reinterpret_steal<py::object>(PyNumber_Index(v.ptr()));
  if (!k) throw py::error_already_set();
  return k;
}

// A Python or numpy int as a Scalar: int64, or past it a float in uint64's range (PyTorch's
// Scalar holds it unsigned, so 2**63 * x computes); beyond that PyTorch's OverflowError.
Scalar int_scalar(py::handle v) {
  py::object k = python_int(v);
  int overflowed = 0;
  long long i = PyLong_AsLongLongAndOverflow(k.ptr(), &overflowed);
  if (!overflowed) return Scalar(static_cast<int64_t>(i));
  if (overflowed > 0) {
    unsigned long long u = PyLong_AsUnsignedLongLong(k.ptr());
    if (!PyErr_Occurred()) return Scalar(static_cast<double>(u));
    PyErr_Clear();
  }
  PyErr_SetString(PyExc_OverflowError, overflowed < 0 ? "can't convert negative int to unsigned" : "int too big to convert");
  throw py::error_already_set();
}

}  // namespace

std::optional<Scalar> as_scalar(py::handle v) {
  if (!v) return std::nullopt;
  PyObject* o = v.ptr();
  if (PyBool_Check(o)) return Scalar(o == Py_True);
  if (PyLong_Check(o)) return int_scalar(v);
  if (PyFloat_Check(o)) return Scalar(PyFloat_AS_DOUBLE(o));
  // numpy scalars: np.float32(1.5), np.int64(3), np.bool_(True); not complex ones.
  switch (numpy_scalar_kind(v)) {
    case NumpyScalar::Bool: return Scalar(PyObject_IsTrue(o) == 1);
    case NumpyScalar::Integer: return int_scalar(v);
    case NumpyScalar::Floating: {
      double d = PyFloat_AsDouble(o);
      if (d == -1.0 && PyErr_Occurred()) throw py::error_already_set();
      return Scalar(d);
    }
    case NumpyScalar::Other: break;
  }
  return std::nullopt;
}

int64_t unpack_int64(py::handle v) {
  py::object k = python_int(v);
  int overflowed = 0;
  long long i = PyLong_AsLongLongAndOverflow(k.ptr(), &overflowed);
  if (overflowed) throw py::value_error("Overflow when unpacking long long");
  return i;
}

py::object scalar_value(const Scalar& s, DType element) {
  if (s.is_bool()) return py::bool_(s.to_bool());
  // a uint64 element is held as its int64 bits
  if (s.is_int() && element == DType::UInt64) return py::int_(static_cast<uint64_t>(s.to_int()));
  if (s.is_int()) return py::int_(s.to_int());
  return py::float_(s.to_double());
}

std::optional<int64_t> as_index(py::handle v) {
  if (!v || PyFloat_Check(v.ptr()) || is_tensor(v)) return std::nullopt;
  if (PyLong_Check(v.ptr())) return unpack_int64(v);
  if (!PyIndex_Check(v.ptr())) return std::nullopt;
  // An object whose __index__ fails or returns a non-int is not int-like (PyTorch's
  // THPUtils_checkIndex); its error is dropped here, as there.
  py::object k = py::reinterpret_steal<py::object>(PyNumber_Index(v.ptr()));
  if (!k) {
    PyErr_Clear();
    return std::nullopt;
  }
  return unpack_int64(k);
}

std::optional<int64_t> int_value(py::handle v) {
  if (auto k = as_index(v)) return k;
  // A one-element integer (or bool) tensor counts as an int, as PyTorch's is_int_or_symint has it.
  if (is_tensor(v)) {
    const Tensor& t = tensor_of(v);
    if (t.numel() == 1 && !is_floating(t.dtype())) return item(t).to_int();
  }
  return std::nullopt;
}

Tensor OpArgs::tensor(size_t i) const {
  py::handle v = get(i);
  if (!is_tensor(v)) type_error(i, "Tensor");
  return tensor_of(v);
}

Scalar OpArgs::scalar(size_t i) const {
  py::handle v = get(i);
  if (auto s = as_scalar(v)) return *s;
  if (is_tensor(v) && tensor_of(v).numel() == 1) return item(tensor_of(v));
  type_error(i, "Number");
}

int64_t OpArgs::integer(size_t i) const {
  if (auto k = int_value(get(i))) return *k;
  type_error(i, "int");
}

int64_t OpArgs::integer(size_t i, int64_t dflt) const { return has(i) ? integer(i) : dflt; }

std::optional<int64_t> OpArgs::opt_int(size_t i) const {
  if (!has(i)) return std::nullopt;
  return integer(i);
}

double OpArgs::number(size_t i, double dflt) const {
  if (!has(i)) return dflt;
  py::handle v = get(i);
  if (auto s = as_scalar(v)) return s->to_double();
  if (is_tensor(v) && tensor_of(v).numel() == 1) return item(tensor_of(v)).to_double();
  type_error(i, "float");
}

bool OpArgs::boolean(size_t i, bool dflt) const {
  if (!has(i)) return dflt;
  py::handle v = get(i);
  if (PyBool_Check(v.ptr())) return v.ptr() == Py_True;
  if (auto k = as_index(v)) return *k != 0;
  type_error(i, "bool");
}

std::optional<DType> OpArgs::dtype(size_t i) const {
  if (!has(i)) return std::nullopt;
  py::handle v = get(i);
  if (is_dtype(v)) return dtype_from(v);
  type_error(i, "torch.dtype");
}

Device to_device_value(py::handle v, const char* fname) {
  if (is_device(v)) return device_from(v);
  if (py::isinstance<py::str>(v)) return Device::parse(v.cast<std::string>());
  // An ordinal: a Python or numpy int.
  if (auto i = PyBool_Check(v.ptr()) ? std::nullopt : as_index(v)) {
    TP_CHECK(*i >= 0, RuntimeError, "Device index must not be negative");
    TP_CHECK(*i <= INT32_MAX, RuntimeError, "Device index is too large: ", *i);
    return Device::cuda(static_cast<int>(*i));
  }
  raise_type_error(std::string(fname) + "(): argument 'device' must be torch.device, not " + type_name(v));
}

std::optional<Device> OpArgs::device(size_t i) const {
  if (!has(i)) return std::nullopt;
  return to_device_value(get(i), fname);
}

void OpArgs::unpack_error(size_t i, size_t pos, const std::string& why) const {
  raise_type_error(std::string(fname) + "(): argument '" + bare_name(params_[i]) + "' failed to unpack the object at pos " +
                   std::to_string(pos) + " with error \"" + why);
}

std::optional<int64_t> OpArgs::list_int(size_t i, py::handle x, size_t pos) const {
  try {
    return int_value(x);
  } catch (py::value_error&) {
    unpack_error(i, pos, "Overflow when unpacking long long");  // PyTorch's text has no closing quote
  }
}

int64_t OpArgs::list_element(size_t i, py::handle x, size_t pos) const {
  if (auto k = list_int(i, x, pos)) return *k;
  unpack_error(i, pos, "type must be tuple of ints,but got " + type_name(x) + "\"");
}

Shape OpArgs::int_list(size_t i) const {
  py::handle v = get(i);
  if (py::isinstance<py::list>(v) || py::isinstance<py::tuple>(v)) {
    Shape out;
    size_t pos = 0;
    for (py::handle x : v) out.push_back(list_element(i, x, ++pos));
    return out;
  }
  // One int stands for a list of one (x.view(12)); an ndarray of ints is not a list of ints.
  if (auto k = list_int(i, v, 1)) return {*k};
  type_error(i, "tuple of ints");
}

Shape OpArgs::varargs_shape(size_t i) const {
  size_t n = a_.size();
  if (n == i + 1 || (n <= i && has(i))) return int_list(i);
  if (n <= i) raise_type_error(std::string(fname) + "() missing 1 required positional arguments: \"size\"");
  // Sizes spread over the positionals only when the first is an int; else it was meant as
  // the one size argument, and the rest are too many.
  if (!PyLong_Check(a_[i].ptr()) && !list_int(i, a_[i], 1)) {
    size_t takes = i + 1 - (method_ ? 1 : 0), given = n - (method_ ? 1 : 0);
    raise_type_error(std::string(fname) + "() takes " + std::to_string(takes) + " positional argument" +
                     (takes == 1 ? "" : "s") + " but " + std::to_string(given) + " were given");
  }
  Shape out;
  for (size_t k = i; k < n; ++k) out.push_back(list_element(i, a_[k], k - i + 1));
  return out;
}

namespace {

std::string repr_of(py::handle v) { return py::repr(v).cast<std::string>(); }

// The dtypes torch.tensor infers from its data (PyTorch's infer_scalar_type), promoted over
// every element: a bool, int or float as Bool, Int64 or the default float; a numpy scalar, an
// ndarray or a tensor element as its own dtype ([1, np.float16(2)] is float16).
struct Inferred {
  std::optional<DType> dtype;
  void add(DType d) { dtype = dtype ? promote_types(*dtype, d) : d; }
};

// One number of torch.tensor's data; nullopt when v is not a number.
std::optional<Scalar> data_number(py::handle v, Inferred& inferred) {
  PyObject* o = v.ptr();
  if (PyBool_Check(o)) {
    inferred.add(DType::Bool);
    return Scalar(o == Py_True);
  }
  if (PyLong_Check(o)) {
    inferred.add(DType::Int64);
    return Scalar(unpack_int64(v));  // data has no uint64 range: PyTorch's overflow ValueError
  }
  if (PyFloat_Check(o)) {
    inferred.add(default_float_dtype());
    return Scalar(PyFloat_AS_DOUBLE(o));
  }
  if (numpy_scalar_kind(v) == NumpyScalar::Other) return std::nullopt;
  inferred.add(dtype_of_ndarray(as_ndarray(v)));
  return as_scalar(v);
}

// Walks nested sequences, recording the shape from the first element of each level and
// checking every other element against it, as torch.tensor does.
void collect(py::handle v, size_t depth, Shape& shape, std::vector<Scalar>& out, Inferred& inferred) {
  if (auto s = data_number(v, inferred)) {
    if (depth != shape.size())
      fail(ErrorKind::ValueError, "expected sequence of length " + std::to_string(shape[depth]) + " at dim " +
                                      std::to_string(depth) + " (got " + repr_of(v) + ")");
    out.push_back(*s);
    return;
  }
  if (is_tensor(v)) {
    const Tensor& t = tensor_of(v);
    if (t.dim() != 0) fail(ErrorKind::ValueError, "only one element tensors can be converted to Python scalars");
    if (depth != shape.size()) fail(ErrorKind::TypeError, "not a sequence");  // where a list was: PyTorch's text
    inferred.add(t.dtype());
    out.push_back(item(t));
    return;
  }
  // An ndarray inside a list (torch.tensor([a, b])) counts as the nested lists it holds, and
  // brings its dtype (not that of the Python numbers it lists).
  py::object arr = as_ndarray(v);
  if (!arr.is_none()) {
    warn_list_of_ndarrays();
    inferred.add(dtype_of_ndarray(arr));
    Inferred ignored;
    return collect(arr.attr("tolist")(), depth, shape, out, ignored);
  }
  if (PyUnicode_Check(v.ptr()) || PyBytes_Check(v.ptr()))
    fail(ErrorKind::TypeError, "new(): invalid data type '" + type_name(v) + "'");
  if (!PySequence_Check(v.ptr()) || PyDict_Check(v.ptr()))
    fail(ErrorKind::RuntimeError, "Could not infer dtype of " + type_name(v));
  py::list items = py::reinterpret_steal<py::list>(PySequence_List(v.ptr()));
  if (!items) throw py::error_already_set();
  int64_t n = static_cast<int64_t>(items.size());
  if (depth == shape.size() && out.empty()) {
    shape.push_back(n);
  } else if (depth >= shape.size() || shape[depth] != n) {
    if (depth >= shape.size()) fail(ErrorKind::TypeError, "new(): invalid data type '" + type_name(v) + "'");
    fail(ErrorKind::ValueError, "expected sequence of length " + std::to_string(shape[depth]) + " at dim " +
                                    std::to_string(depth) + " (got " + std::to_string(n) + ")");
  }
  for (py::handle x : items) collect(x, depth + 1, shape, out, inferred);
}

}  // namespace

Tensor tensor_from_data(py::handle data, std::optional<DType> dtype, Device device) {
  if (is_tensor(data)) return to(clone(tensor_of(data)), device, dtype);
  // An ndarray or numpy scalar keeps its own dtype (torch.tensor(np.float64(2.5)) is float64).
  py::object arr = as_ndarray(data);
  if (!arr.is_none()) {
    return to(tensor_from_numpy(arr, false), device, dtype, /*copy=*/true);
  }
  Shape shape;
  std::vector<Scalar> values;
  Inferred inferred;
  collect(data, 0, shape, values, inferred);
  if (!dtype) dtype = inferred.dtype.value_or(default_float_dtype());
  return tp::tensor(values, shape, dtype, device);
}

namespace {

// PyTorch's warning when the correction leaves no degrees of freedom (the std of one element):
// for floating inputs (others are refused first) and valid dims (else the op raises).
void warn_without_dof(const char* fname, const SpreadArgs& s) {
  const Tensor& x = s.input;
  if (!is_floating(x.dtype())) return;
  const int64_t ndim = std::max<int64_t>(x.dim(), 1);
  int64_t count = s.dims.empty() ? x.numel() : 1;
  for (int64_t d : s.dims) {
    if (d < -ndim || d >= ndim) return;
    count *= x.dim() == 0 ? 1 : x.sizes()[d < 0 ? d + ndim : d];
  }
  if (count > s.correction) return;  // count - correction > 0, without overflowing
  const std::string text = std::string(fname) +
                           "(): degrees of freedom is <= 0. Correction should be strictly less than the reduction "
                           "factor (input numel divided by output numel). (Triggered internally at "
                           "/__w/pytorch/pytorch/aten/src/ATen/native/ReduceOps.cpp:1927.)";
  if (PyErr_WarnEx(PyExc_UserWarning, text.c_str(), 1) < 0) throw py::error_already_set();
}

}  // namespace

SpreadArgs spread_args(const char* fname, const py::args& a, const py::kwargs& kw) {
  OpArgs p(fname, a, kw, {"input", "dim", "unbiased", "keepdim", "correction"});
  int64_t correction = p.has(4) ? p.integer(4) : (p.boolean(2, true) ? 1 : 0);
  bool unbiased_first = p.get(1) && PyBool_Check(p.get(1).ptr());
  if (unbiased_first) correction = p.get(1).ptr() == Py_True ? 1 : 0;
  std::vector<int64_t> dims = unbiased_first || !p.has(1) ? std::vector<int64_t>{} : p.int_list(1);
  SpreadArgs s{p.tensor(0), dims, correction, p.boolean(3, false)};
  warn_without_dof(fname, s);
  return s;
}

void raise_no_overload(const char* fname, const py::args& a, const py::kwargs& kw, bool method,
                       const std::vector<std::string>& overloads) {
  py::tuple args(a.size() - (method ? 1 : 0));
  for (size_t i = 0; i < args.size(); ++i) args[i] = a[i + (method ? 1 : 0)];
  py::list listed;
  for (const std::string& o : overloads) listed.append(o);
  raise_type_error(py::str(py::module_::import("torch._overloads").attr("listing_text")(fname, args, kw, method, listed)));
}

py::object write_back_inplace(const OpArgs& p, const std::function<Tensor(const Tensor&)>& compute) {
  Tensor self = p.tensor(0);
  autograd::check_inplace(self);
  assign_inplace_result(self, compute(autograd::inplace_operand(self, true)));
  return py::reinterpret_borrow<py::object>(p.get(0));
}

}  // namespace tp::torchpy
