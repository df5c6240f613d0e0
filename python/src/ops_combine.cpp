// Bindings of the ops PyTorch composes from others: outer, meshgrid, repeat_interleave
// (core/ops/combine.h), tensordot and inner (core/ops/contract.h) and unique /
// unique_consecutive (core/ops/unique*.h); their part of the op table.
#include <algorithm>

#include "core/error.h"
#include "core/ops/combine.h"
#include "core/ops/contract.h"
#include "core/ops/unique.h"
#include "core/ops/unique_consecutive.h"
#include "python/src/args.h"
#include "python/src/op_table.h"
#include "python/src/py_types.h"

namespace tp::torchpy {

namespace {

py::object c_outer(const py::args& a, const py::kwargs& kw) {
  OpArgs p("outer", a, kw, {"input", "vec2"});
  return wrap(outer(p.tensor(0), p.tensor(1)));
}

py::object c_ger(const py::args& a, const py::kwargs& kw) {
  OpArgs p("ger", a, kw, {"input", "vec2"});
  return wrap(outer(p.tensor(0), p.tensor(1)));
}

// meshgrid(*tensors, indexing=None): the tensors as arguments or as one list or tuple.
py::object c_meshgrid(const py::args& a, const py::kwargs& kw) {
  std::vector<Tensor> tensors;
  py::sequence items = a;
  if (a.size() == 1 && (py::isinstance<py::list>(a[0]) || py::isinstance<py::tuple>(a[0])))
    items = py::reinterpret_borrow<py::sequence>(a[0]);
  for (py::handle item : items) tensors.push_back(py::cast<Tensor>(item));
  std::string indexing = "ij";
  if (kw.contains("indexing") && !kw["indexing"].is_none()) {
    indexing = py::cast<std::string>(kw["indexing"]);
  } else if (static bool warned = false; !warned) {  // TORCH_WARN_ONCE: once per process
    warned = true;
    const char* text =
        "torch.meshgrid: in an upcoming release, it will be required to pass the indexing "
        "argument. (Triggered internally at "
        "/__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp:4207.)";
    if (PyErr_WarnEx(PyExc_UserWarning, text, 1) < 0) throw py::error_already_set();
  }
  return wrap_list(meshgrid(tensors, indexing), true);
}

// tensordot(a, b, dims=2): dims an int (a's last dims with b's first) or a pair of dim lists.
py::object c_tensordot(const py::args& a, const py::kwargs& kw) {
  OpArgs p("tensordot", a, kw, {"a", "b", "dims"});
  Tensor x = p.tensor(0), y = p.tensor(1);
  std::vector<int64_t> dims_a, dims_b;
  py::handle dims = p.get(2);
  if (!dims || as_index(dims)) {
    const int64_t n = dims ? *as_index(dims) : 2;
    TP_CHECK(n >= 0, RuntimeError, "tensordot expects dims >= 0, but got dims=", n);
    TP_CHECK(n <= std::min(x.dim(), y.dim()), RuntimeError, "tensordot expects dims < ndim_a or ndim_b, but got dims=", n);
    for (int64_t i = 0; i < n; ++i) {
      dims_a.push_back(i - n);
      dims_b.push_back(i);
    }
  } else {
    if (!py::isinstance<py::sequence>(dims) || py::len(dims) != 2)
      raise_type_error("tensordot(): argument 'dims' must be an int or a pair of dim lists");
    auto dim_list = [](py::handle v) {
      std::vector<int64_t> out;
      if (auto i = as_index(v)) return std::vector<int64_t>{*i};
      for (py::handle d : v) out.push_back(unpack_int64(d));
      return out;
    };
    py::sequence pair = py::reinterpret_borrow<py::sequence>(dims);
    dims_a = dim_list(pair[0]);
    dims_b = dim_list(pair[1]);
  }
  return wrap(tensordot(x, y, dims_a, dims_b));
}

py::object c_inner(const py::args& a, const py::kwargs& kw) {
  OpArgs p("inner", a, kw, {"input", "other"});
  return wrap(inner(p.tensor(0), p.tensor(1)));
}

// repeat_interleave(input, repeats, dim=None, *, output_size=None) or repeat_interleave(repeats)
py::object c_repeat_interleave(const py::args& a, const py::kwargs& kw) {
  const bool method = OpArgs::next_is_method;  // x.repeat_interleave() has no one-argument form
  OpArgs p("repeat_interleave", a, kw, {"input", "repeats", "dim", "output_size"});
  if (!p.has(1) && !method) return wrap(repeat_interleave(p.tensor(0)));
  std::optional<int64_t> dim = p.opt_int(2);
  if (auto n = as_index(p.get(1))) return wrap(repeat_interleave(p.tensor(0), *n, dim));
  return wrap(repeat_interleave(p.tensor(0), p.tensor(1), dim));
}

// unique's and unique_consecutive's result: the values, or a tuple with the inverse and/or
// the counts after them.
py::object unique_result(const UniqueResult& r, bool inverse, bool counts) {
  if (!inverse && !counts) return wrap(r.values);
  std::vector<Tensor> out{r.values};
  if (inverse) out.push_back(r.inverse);
  if (counts) out.push_back(r.counts);
  return wrap_list(out, true);
}

// unique(input, sorted=True, return_inverse=False, return_counts=False, dim=None)
py::object c_unique(const py::args& a, const py::kwargs& kw) {
  OpArgs p("unique", a, kw, {"input", "sorted", "return_inverse", "return_counts", "dim"});
  return unique_result(unique(p.tensor(0), p.opt_int(4)), p.boolean(2, false), p.boolean(3, false));
}

// unique_consecutive(input, return_inverse=False, return_counts=False, dim=None)
py::object c_unique_consecutive(const py::args& a, const py::kwargs& kw) {
  OpArgs p("unique_consecutive", a, kw, {"input", "return_inverse", "return_counts", "dim"});
  return unique_result(unique_consecutive(p.tensor(0), p.opt_int(3)), p.boolean(1, false), p.boolean(2, false));
}

}  // namespace

std::vector<OpSpec> combine_ops() {
  using W = OpWhere;
  return {
      {"outer", c_outer, W::Both, "outer(input, vec2): the outer product of two 1-D tensors"},
      {"ger", c_ger, W::Both, "ger(input, vec2): outer(), its old name"},
      {"tensordot", c_tensordot, W::Function, "tensordot(a, b, dims=2): a's dims contracted with b's"},
      {"inner", c_inner, W::Both, "inner(input, other): the last dimensions contracted"},
      {"meshgrid", c_meshgrid, W::Function,
       "meshgrid(*tensors, indexing='ij'|'xy'): coordinate grids from 1-D tensors"},
      {"repeat_interleave", c_repeat_interleave, W::Both,
       "repeat_interleave(input, repeats, dim=None): each element repeated"},
      {"unique", c_unique, W::Both,
       "unique(input, return_inverse=False, return_counts=False): the sorted distinct values"},
      {"unique_consecutive", c_unique_consecutive, W::Both,
       "unique_consecutive(input, return_inverse=False, return_counts=False, dim=None): runs collapsed"},
  };
}

}  // namespace tp::torchpy
