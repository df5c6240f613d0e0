// Tensor.apply_(fn) and Tensor.map_(other, fn): a Python function called on every element of
// a CPU tensor (with the matching element of other, broadcast to self, for map_), its results
// written back in place, with the checks and texts of PyTorch's python_variable_methods.cpp
// and utils/tensor_apply.cpp. A meta tensor is returned untouched, as PyTorch does.
#include <string>
#include <vector>

#include "core/error.h"
#include "core/ops/copy.h"
#include "core/ops/creation.h"
#include "core/ops/shape.h"
#include "python/src/args.h"
#include "python/src/op_table.h"

namespace tp::torchpy {

namespace {

// The function's result stored as an element of `dtype` (store_scalar: a real number, cast).
void store_result(const Tensor& out, int64_t i, py::handle value) {
  visit_dtype(out.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    T* data = out.data<T>();
    if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
      if (PyLong_Check(value.ptr())) {
        const long long v = PyLong_AsLongLong(value.ptr());
        if (PyErr_Occurred()) throw py::error_already_set();
        data[i] = static_cast<T>(v);
        return;
      }
    }
    const double v = PyFloat_AsDouble(value.ptr());  // "must be real number, not str"
    if (PyErr_Occurred()) throw py::error_already_set();
    if constexpr (std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>)
      data[i] = T(static_cast<float>(v));
    else
      data[i] = static_cast<T>(v);
  });
}

// Calls fn on each element (row-major) of self and of the `others` (already self's shape),
// then copies the results into self.
void apply_elementwise(const Tensor& self, const std::vector<Tensor>& others, const py::handle fn) {
  Tensor values = contiguous(self);
  std::vector<Tensor> other_values;
  for (const Tensor& o : others) other_values.push_back(contiguous(o));
  Tensor results = empty(self.sizes(), TensorOptions(self.dtype()));
  for (int64_t i = 0; i < self.numel(); ++i) {
    py::tuple call_args(1 + other_values.size());
    call_args[0] = scalar_value(element_at(values, i));
    for (size_t k = 0; k < other_values.size(); ++k) call_args[k + 1] = scalar_value(element_at(other_values[k], i));
    py::object result = py::reinterpret_steal<py::object>(PyObject_CallObject(fn.ptr(), call_args.ptr()));
    if (!result) throw py::error_already_set();
    store_result(results, i, result);
  }
  copy_(self, results);
}

py::object m_apply_(const py::args& a, const py::kwargs& kw) {
  OpArgs p("apply_", a, kw, {"input", "callable"});
  if (!p.has(1)) raise_type_error("TensorBase.apply_() takes exactly one argument (0 given)");
  const Tensor& self = p.tensor(0);
  TP_CHECK(!self.requires_grad(), RuntimeError,
           "Can't call apply_() on Variable that requires grad. Use var.detach().apply_() instead.");
  if (self.device().is_meta()) return a[0];
  TP_CHECK(self.device().is_cpu(), TypeError, "apply_ is only implemented on CPU tensors");
  apply_elementwise(self, {}, p.get(1));
  return a[0];
}

py::object m_map_(const py::args& a, const py::kwargs& kw) {
  OpArgs p("map_", a, kw, {"input", "other", "callable"});
  if (!p.has(1)) raise_type_error("map_() missing 2 required positional argument: \"other\", \"callable\"");
  if (!p.has(2)) raise_type_error("map_() missing 1 required positional arguments: \"callable\"");
  const Tensor& self = p.tensor(0);
  const Tensor other = p.tensor(1);
  TP_CHECK(!self.requires_grad() && !other.requires_grad(), RuntimeError,
           "Can't call map_() on Variable that requires grad. Use var.detach().map_() instead.");
  TP_CHECK(self.dtype() == other.dtype() && self.device() == other.device(), TypeError, "map_: expected ",
           legacy_type_str(self), " for 'other' (got ", legacy_type_str(other), ")");
  if (self.device().is_meta()) return a[0];
  TP_CHECK(self.device().is_cpu(), TypeError, "map_ is only implemented on CPU tensors");
  apply_elementwise(self, {expand(other, self.sizes())}, p.get(2));
  return a[0];
}

py::object m_map2_(const py::args& a, const py::kwargs& kw) {
  OpArgs p("map2_", a, kw, {"input", "x", "y", "callable"});
  if (!p.has(1)) raise_type_error("map2_() missing 3 required positional argument: \"x\", \"y\", \"callable\"");
  if (!p.has(2)) raise_type_error("map2_() missing 2 required positional argument: \"y\", \"callable\"");
  if (!p.has(3)) raise_type_error("map2_() missing 1 required positional arguments: \"callable\"");
  const Tensor& self = p.tensor(0);
  const Tensor x = p.tensor(1), y = p.tensor(2);
  TP_CHECK(!self.requires_grad() && !x.requires_grad() && !y.requires_grad(), RuntimeError,
           "Can't call map2_() on Variable that requires grad. Use var.detach().map2_() instead.");
  auto check_like_self = [&](const Tensor& other, const char* name) {
    TP_CHECK(self.dtype() == other.dtype() && self.device() == other.device(), TypeError, "map2_: expected ",
             legacy_type_str(self), " for argument '", name, "' (got ", legacy_type_str(other), ")");
  };
  check_like_self(x, "x");
  check_like_self(y, "y");
  if (self.device().is_meta()) return a[0];
  TP_CHECK(self.device().is_cpu(), TypeError, "map2_ is only implemented on CPU tensors");
  apply_elementwise(self, {expand(x, self.sizes()), expand(y, self.sizes())}, p.get(3));
  return a[0];
}

}  // namespace

std::vector<OpSpec> apply_ops() {
  using W = OpWhere;
  return {
      {"apply_", m_apply_, W::Method, "x.apply_(fn): x[i] = fn(x[i]) for every element, in place (CPU tensors only)"},
      {"map_", m_map_, W::Method,
       "x.map_(other, fn): x[i] = fn(x[i], other[i]) with other broadcast to x, in place (CPU tensors only)"},
      {"map2_", m_map2_, W::Method,
       "x.map2_(x2, y2, fn): x[i] = fn(x[i], x2[i], y2[i]) with x2 and y2 broadcast to x, in place (CPU tensors only)"},
  };
}

}  // namespace tp::torchpy
