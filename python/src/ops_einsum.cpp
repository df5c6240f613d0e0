// Bindings of tensor functions from the tutorials composed from core ops: lerp, addcmul and
// addcdiv (core/ops/blend.h), diagonal, diag, diag_embed, trace, roll and rot90 (core/ops/diagonal.h)
// and einsum (core/ops/einsum.h); their part of the op table.
#include "core/autograd/autograd.h"
#include "core/error.h"
#include "core/ops/blend.h"
#include "core/ops/diagonal.h"
#include "core/ops/einsum.h"
#include "core/ops/elementwise.h"
#include "python/src/args.h"
#include "python/src/op_table.h"
#include "python/src/py_types.h"

namespace tp::torchpy {

namespace {

// x.NAME_(...): the out-of-place result written back into x, which is returned.
py::object in_place(const py::args& a, const std::function<Tensor(const Tensor&)>& compute) {
  Tensor x = py::cast<Tensor>(a[0]);
  autograd::check_inplace(x);
  Tensor result = compute(autograd::inplace_operand(x, true));
  TP_CHECK(result.sizes() == x.sizes(), RuntimeError, "output with shape ", shape_str(x.sizes()),
           " doesn't match the broadcast shape ", shape_str(result.sizes()));
  assign_inplace_result(x, result);
  return py::reinterpret_borrow<py::object>(a[0]);
}

// lerp(input, end, weight): weight a number or a tensor.
Tensor lerp_call(const char* name, const py::args& a, const py::kwargs& kw, const Tensor* self = nullptr) {
  const bool method = OpArgs::next_is_method;
  OpArgs p(name, a, kw, {"input", "end", "weight"});
  Tensor input = self ? *self : p.tensor(0);
  if (p.has(2) && is_tensor(p.get(2))) return lerp(input, p.tensor(1), p.tensor(2));
  if (p.has(2) && as_scalar(p.get(2))) return lerp(input, p.tensor(1), p.scalar(2));
  raise_no_overload(name, a, kw, method,
                    {"(Tensor input, Tensor end, Tensor weight, *, Tensor out = None)",
                     "(Tensor input, Tensor end, Number weight, *, Tensor out = None)"});
}

py::object c_lerp(const py::args& a, const py::kwargs& kw) { return wrap(lerp_call("lerp", a, kw)); }
py::object c_lerp_(const py::args& a, const py::kwargs& kw) {
  return in_place(a, [&](const Tensor& x) { return lerp_call("lerp_", a, kw, &x); });
}

// addcmul/addcdiv(input, tensor1, tensor2, *, value=1)
Tensor addc_call(const char* name, bool divide, const py::args& a, const py::kwargs& kw, const Tensor* self = nullptr) {
  OpArgs p(name, a, kw, {"input", "tensor1", "tensor2", "value"});
  Tensor input = self ? *self : p.tensor(0);
  Scalar value = p.has(3) ? p.scalar(3) : Scalar(int64_t{1});
  return divide ? addcdiv(input, p.tensor(1), p.tensor(2), value) : addcmul(input, p.tensor(1), p.tensor(2), value);
}
py::object c_addcmul(const py::args& a, const py::kwargs& kw) { return wrap(addc_call("addcmul", false, a, kw)); }
py::object c_addcdiv(const py::args& a, const py::kwargs& kw) { return wrap(addc_call("addcdiv", true, a, kw)); }
py::object c_addcmul_(const py::args& a, const py::kwargs& kw) {
  return in_place(a, [&](const Tensor& x) { return addc_call("addcmul_", false, a, kw, &x); });
}
py::object c_addcdiv_(const py::args& a, const py::kwargs& kw) {
  return in_place(a, [&](const Tensor& x) { return addc_call("addcdiv_", true, a, kw, &x); });
}

py::object c_diagonal(const py::args& a, const py::kwargs& kw) {
  OpArgs p("diagonal", a, kw, {"input", "offset", "dim1", "dim2"});
  return wrap(diagonal(p.tensor(0), p.integer(1, 0), p.integer(2, 0), p.integer(3, 1)));
}
py::object c_diag_embed(const py::args& a, const py::kwargs& kw) {
  OpArgs p("diag_embed", a, kw, {"input", "offset", "dim1", "dim2"});
  return wrap(diag_embed(p.tensor(0), p.integer(1, 0), p.integer(2, -2), p.integer(3, -1)));
}
py::object c_diag(const py::args& a, const py::kwargs& kw) {
  OpArgs p("diag", a, kw, {"input", "diagonal"});
  return wrap(diag(p.tensor(0), p.integer(1, 0)));
}
py::object c_trace(const py::args& a, const py::kwargs& kw) {
  OpArgs p("trace", a, kw, {"input"});
  return wrap(trace(p.tensor(0)));
}

// An int or a sequence of ints (roll's shifts and dims).
Shape ints(const OpArgs& p, size_t i) {
  if (!p.has(i) || p.get(i).is_none()) return {};
  if (auto n = as_index(p.get(i))) return {*n};
  return p.int_list(i);
}
py::object c_roll(const py::args& a, const py::kwargs& kw) {
  OpArgs p("roll", a, kw, {"input", "shifts", "dims"});
  return wrap(roll(p.tensor(0), ints(p, 1), ints(p, 2)));
}

py::object c_rot90(const py::args& a, const py::kwargs& kw) {
  OpArgs p("rot90", a, kw, {"input", "k", "dims"});
  return wrap(rot90(p.tensor(0), p.integer(1, 1), p.has(2) ? p.int_list(2) : Shape{0, 1}));
}

// einsum(equation, *operands): the operands as arguments or as one list or tuple.
py::object c_einsum(const py::args& a, const py::kwargs&) {
  const char* usage =
      "einsum(): must specify the equation string and at least one operand, or at least one operand and its "
      "subscripts list";
  if (a.size() < 2 || !py::isinstance<py::str>(a[0])) {
    PyErr_SetString(PyExc_ValueError, usage);
    throw py::error_already_set();
  }
  py::sequence items = a;
  size_t first = 1;
  if (a.size() == 2 && (py::isinstance<py::list>(a[1]) || py::isinstance<py::tuple>(a[1]))) {
    items = py::reinterpret_borrow<py::sequence>(a[1]);
    first = 0;
  }
  std::vector<Tensor> operands;
  for (size_t i = first; i < items.size(); ++i) operands.push_back(py::cast<Tensor>(items[i]));
  return wrap(einsum(py::cast<std::string>(a[0]), operands));
}

}  // namespace

std::vector<OpSpec> einsum_ops() {
  using W = OpWhere;
  return {
      {"lerp", c_lerp, W::Both, "lerp(input, end, weight): input + weight * (end - input)"},
      {"lerp_", c_lerp_, W::Method, "x.lerp_(end, weight): in place"},
      {"addcmul", c_addcmul, W::Both, "addcmul(input, tensor1, tensor2, value=1): input + value * tensor1 * tensor2"},
      {"addcmul_", c_addcmul_, W::Method, "x.addcmul_(tensor1, tensor2, value=1): in place"},
      {"addcdiv", c_addcdiv, W::Both, "addcdiv(input, tensor1, tensor2, value=1): input + value * tensor1 / tensor2"},
      {"addcdiv_", c_addcdiv_, W::Method, "x.addcdiv_(tensor1, tensor2, value=1): in place"},
      {"diagonal", c_diagonal, W::Both, "diagonal(input, offset=0, dim1=0, dim2=1): a view of a diagonal"},
      {"diag", c_diag, W::Both, "diag(input, diagonal=0): 1-D -> diagonal matrix, 2-D -> its diagonal"},
      {"diag_embed", c_diag_embed, W::Both, "diag_embed(input, offset=0, dim1=-2, dim2=-1): last dim onto diagonals"},
      {"trace", c_trace, W::Both, "trace(input): the sum of a matrix's diagonal"},
      {"roll", c_roll, W::Both, "roll(input, shifts, dims=None): elements shifted cyclically"},
      {"rot90", c_rot90, W::Both, "rot90(input, k=1, dims=(0, 1)): k quarter turns in the plane of dims"},
      {"einsum", c_einsum, W::Function, "einsum(equation, *operands): Einstein summation, e.g. 'ij,jk->ik'"},
  };
}

}  // namespace tp::torchpy
