// Bindings of the flat/mask indexing ops (masked_select, take, take_along_dim, put,
// masked_scatter), index_copy, scatter_reduce and index_reduce with their in-place forms, and
// their part of the op table.
#include "core/autograd/autograd.h"
#include "core/ops/elementwise.h"
#include "core/ops/index_take.h"
#include "core/ops/scatter_reduce.h"
#include "python/src/args.h"
#include "python/src/op_table.h"

namespace tp::torchpy {

namespace {

std::string reduce_name(const OpArgs& p, size_t i) {
  if (!py::isinstance<py::str>(p.get(i))) p.type_error(i, "str");
  return p.get(i).cast<std::string>();
}

py::object t_masked_select(const py::args& a, const py::kwargs& kw) {
  OpArgs p("masked_select", a, kw, {"input", "mask"});
  return wrap(masked_select(p.tensor(0), p.tensor(1)));
}
py::object t_take(const py::args& a, const py::kwargs& kw) {
  OpArgs p("take", a, kw, {"input", "index"});
  return wrap(take(p.tensor(0), p.tensor(1)));
}
py::object t_take_along_dim(const py::args& a, const py::kwargs& kw) {
  OpArgs p("take_along_dim", a, kw, {"input", "indices", "dim"});
  return wrap(take_along_dim(p.tensor(0), p.tensor(1), p.opt_int(2)));
}
py::object t_index_copy(const py::args& a, const py::kwargs& kw) {
  OpArgs p("index_copy", a, kw, {"input", "dim", "index", "source"});
  return wrap(index_copy(p.tensor(0), p.integer(1), p.tensor(2), p.tensor(3)));
}
py::object t_index_copy_(const py::args& a, const py::kwargs& kw) {
  OpArgs p("index_copy_", a, kw, {"input", "dim", "index", "source"});
  return write_back_inplace(p, [&](const Tensor& self) { return index_copy(self, p.integer(1), p.tensor(2), p.tensor(3)); });
}
py::object t_put(const py::args& a, const py::kwargs& kw) {
  OpArgs p("put", a, kw, {"input", "index", "source", "accumulate"});
  return wrap(put(p.tensor(0), p.tensor(1), p.tensor(2), p.boolean(3, false)));
}
py::object t_put_(const py::args& a, const py::kwargs& kw) {
  OpArgs p("put_", a, kw, {"input", "index", "source", "accumulate"});
  return write_back_inplace(p, [&](const Tensor& self) { return put(self, p.tensor(1), p.tensor(2), p.boolean(3, false)); });
}
py::object t_masked_scatter(const py::args& a, const py::kwargs& kw) {
  OpArgs p("masked_scatter", a, kw, {"input", "mask", "source"});
  return wrap(masked_scatter(p.tensor(0), p.tensor(1), p.tensor(2)));
}
py::object t_masked_scatter_(const py::args& a, const py::kwargs& kw) {
  OpArgs p("masked_scatter_", a, kw, {"input", "mask", "source"});
  return write_back_inplace(p, [&](const Tensor& self) { return masked_scatter(self, p.tensor(1), p.tensor(2)); });
}
py::object t_scatter_reduce(const py::args& a, const py::kwargs& kw) {
  OpArgs p("scatter_reduce", a, kw, {"input", "dim", "index", "src", "reduce", "include_self"});
  return wrap(scatter_reduce(p.tensor(0), p.integer(1), p.tensor(2), p.tensor(3), reduce_name(p, 4),
                             p.boolean(5, true)));
}
py::object t_scatter_reduce_(const py::args& a, const py::kwargs& kw) {
  OpArgs p("scatter_reduce_", a, kw, {"input", "dim", "index", "src", "reduce", "include_self"});
  return write_back_inplace(p, [&](const Tensor& self) {
    return scatter_reduce(self, p.integer(1), p.tensor(2), p.tensor(3), reduce_name(p, 4), p.boolean(5, true));
  });
}

// index_reduce(input, dim, index, source, reduce, *, include_self=True), with PyTorch's
// once-per-process beta warning.
Tensor index_reduce_of(const OpArgs& p, const Tensor& self) {
  std::string reduce = reduce_name(p, 4);
  if (static bool warned = false; !warned) {  // TORCH_WARN_ONCE
    warned = true;
    const char* text =
        "index_reduce() is in beta and the API may change at any time. (Triggered internally at "
        "/__w/pytorch/pytorch/aten/src/ATen/native/TensorAdvancedIndexing.cpp:1522.)";
    if (PyErr_WarnEx(PyExc_UserWarning, text, 1) < 0) throw py::error_already_set();
  }
  return index_reduce(self, p.integer(1), p.tensor(2), p.tensor(3), reduce, p.boolean(5, true));
}
py::object t_index_reduce(const py::args& a, const py::kwargs& kw) {
  OpArgs p("index_reduce", a, kw, {"input", "dim", "index", "source", "reduce", "include_self"});
  return wrap(index_reduce_of(p, p.tensor(0)));
}
py::object t_index_reduce_(const py::args& a, const py::kwargs& kw) {
  OpArgs p("index_reduce_", a, kw, {"input", "dim", "index", "source", "reduce", "include_self"});
  return write_back_inplace(p, [&](const Tensor& self) { return index_reduce_of(p, self); });
}

}  // namespace

std::vector<OpSpec> take_ops() {
  using W = OpWhere;
  return {
      {"masked_select", t_masked_select, W::Both, "masked_select(input, mask): the elements where mask is True, 1-D"},
      {"take", t_take, W::Both, "take(input, index): input read as 1-D at index"},
      {"take_along_dim", t_take_along_dim, W::Both,
       "take_along_dim(input, indices, dim=None): gather along dim with broadcasting"},
      {"index_copy", t_index_copy, W::Both, "index_copy(input, dim, index, source): source's slices written at index"},
      {"index_copy_", t_index_copy_, W::Method, "x.index_copy_(dim, index, source): in place"},
      {"put", t_put, W::Both, "put(input, index, source, accumulate=False): source written at flat positions"},
      {"put_", t_put_, W::Method, "x.put_(index, source, accumulate=False): in place"},
      {"masked_scatter", t_masked_scatter, W::Both,
       "masked_scatter(input, mask, source): source's elements written in order where mask is True"},
      {"masked_scatter_", t_masked_scatter_, W::Method, "x.masked_scatter_(mask, source): in place"},
      {"scatter_reduce", t_scatter_reduce, W::Both,
       "scatter_reduce(input, dim, index, src, reduce, *, include_self=True): sum/prod/mean/amax/amin at index"},
      {"scatter_reduce_", t_scatter_reduce_, W::Method, "x.scatter_reduce_(dim, index, src, reduce, *, include_self=True)"},
      {"index_reduce", t_index_reduce, W::Both,
       "index_reduce(input, dim, index, source, reduce, *, include_self=True): prod/mean/amax/amin into slices"},
      {"index_reduce_", t_index_reduce_, W::Method, "x.index_reduce_(dim, index, source, reduce, *, include_self=True)"},
  };
}

}  // namespace tp::torchpy
