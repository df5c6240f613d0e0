// Bindings of the one-dim indexing ops (gather, scatter, scatter_add, index_select, index_add,
// index_fill, masked_fill and their in-place forms), nonzero, and their part of the op table.
#include "core/autograd/autograd.h"
#include "core/error.h"
#include "core/ops/elementwise.h"
#include "core/ops/index_dim.h"
#include "core/ops/creation.h"
#include "core/ops/nonzero.h"
#include "core/ops/scatter_reduce.h"
#include "python/src/args.h"
#include "python/src/op_table.h"

namespace tp::torchpy {

namespace {

py::object i_gather(const py::args& a, const py::kwargs& kw) {
  OpArgs p("gather", a, kw, {"input", "dim", "index", "sparse_grad"});
  return wrap(gather(p.tensor(0), p.integer(1), p.tensor(2)));
}

// scatter(..., reduce='add' | 'multiply'): scatter_reduce's sum or prod with self's values
// included; with a tensor src, PyTorch's deprecation warning (once per process, as ATen's
// TORCH_WARN_ONCE).
Tensor scatter_with_reduce(const OpArgs& p, const Tensor& self) {
  if (!py::isinstance<py::str>(p.get(4))) p.type_error(4, "str");
  const std::string reduce = py::cast<std::string>(p.get(4));
  TP_CHECK(reduce == "add" || reduce == "multiply", RuntimeError, "reduce argument must be either add or multiply.");
  const bool tensor_src = p.tensor_or_number(3);
  static bool warned = false;
  if (tensor_src && !warned) {
    warned = true;
    const char* text =
        "The reduce argument of torch.scatter with Tensor src is deprecated and will be removed in a future "
        "PyTorch release. Use torch.scatter_reduce instead for more reduction options. (Triggered internally at "
        "/__w/pytorch/pytorch/aten/src/ATen/native/TensorAdvancedIndexing.cpp:224.)";
    if (PyErr_WarnEx(PyExc_UserWarning, text, 1) < 0) throw py::error_already_set();
  }
  const Tensor index = p.tensor(2);
  const Tensor src = tensor_src ? p.tensor(3) : full_like(index, p.scalar(3), self.dtype());
  return scatter_reduce(self, p.integer(1), index, src, reduce == "add" ? "sum" : "prod", true);
}

// scatter(input, dim, index, src) / scatter(input, dim, index, value), with or without reduce=.
Tensor scatter_of(const OpArgs& p, const Tensor& self) {
  if (p.has(4)) return scatter_with_reduce(p, self);
  if (p.tensor_or_number(3)) return scatter(self, p.integer(1), p.tensor(2), p.tensor(3));
  return scatter(self, p.integer(1), p.tensor(2), p.scalar(3));
}
py::object i_scatter(const py::args& a, const py::kwargs& kw) {
  OpArgs p("scatter", a, kw, {"input", "dim", "index", "src", "reduce", "value"});
  return wrap(scatter_of(p, p.tensor(0)));
}
py::object i_scatter_(const py::args& a, const py::kwargs& kw) {
  OpArgs p("scatter_", a, kw, {"input", "dim", "index", "src", "reduce", "value"});
  return write_back_inplace(p, [&](const Tensor& self) { return scatter_of(p, self); });
}
py::object i_scatter_add(const py::args& a, const py::kwargs& kw) {
  OpArgs p("scatter_add", a, kw, {"input", "dim", "index", "src"});
  return wrap(scatter(p.tensor(0), p.integer(1), p.tensor(2), p.tensor(3), true));
}
py::object i_scatter_add_(const py::args& a, const py::kwargs& kw) {
  OpArgs p("scatter_add_", a, kw, {"input", "dim", "index", "src"});
  return write_back_inplace(p, [&](const Tensor& self) { return scatter(self, p.integer(1), p.tensor(2), p.tensor(3), true); });
}
py::object i_index_select(const py::args& a, const py::kwargs& kw) {
  OpArgs p("index_select", a, kw, {"input", "dim", "index"});
  return wrap(index_select(p.tensor(0), p.integer(1), p.tensor(2)));
}
py::object i_index_add(const py::args& a, const py::kwargs& kw) {
  OpArgs p("index_add", a, kw, {"input", "dim", "index", "source", "alpha"});
  return wrap(index_add(p.tensor(0), p.integer(1), p.tensor(2), p.tensor(3), p.has(4) ? p.scalar(4) : Scalar(1)));
}
py::object i_index_add_(const py::args& a, const py::kwargs& kw) {
  OpArgs p("index_add_", a, kw, {"input", "dim", "index", "source", "alpha"});
  return write_back_inplace(p, [&](const Tensor& self) {
    return index_add(self, p.integer(1), p.tensor(2), p.tensor(3), p.has(4) ? p.scalar(4) : Scalar(1));
  });
}
py::object i_index_fill(const py::args& a, const py::kwargs& kw) {
  OpArgs p("index_fill", a, kw, {"input", "dim", "index", "value"});
  return wrap(index_fill(p.tensor(0), p.integer(1), p.tensor(2), p.scalar(3)));
}
py::object i_index_fill_(const py::args& a, const py::kwargs& kw) {
  OpArgs p("index_fill_", a, kw, {"input", "dim", "index", "value"});
  return write_back_inplace(p, [&](const Tensor& self) { return index_fill(self, p.integer(1), p.tensor(2), p.scalar(3)); });
}
Tensor masked_fill_of(const OpArgs& p, const Tensor& self) {
  if (p.tensor_or_number(2)) return masked_fill(self, p.tensor(1), p.tensor(2));
  return masked_fill(self, p.tensor(1), p.scalar(2));
}
py::object i_masked_fill(const py::args& a, const py::kwargs& kw) {
  OpArgs p("masked_fill", a, kw, {"input", "mask", "value"});
  return wrap(masked_fill_of(p, p.tensor(0)));
}
py::object i_masked_fill_(const py::args& a, const py::kwargs& kw) {
  OpArgs p("masked_fill_", a, kw, {"input", "mask", "value"});
  return write_back_inplace(p, [&](const Tensor& self) { return masked_fill_of(p, self); });
}

// nonzero(input, *, as_tuple=False): as_tuple is keyword-only and must be a real bool.
py::object i_nonzero(const py::args& a, const py::kwargs& kw) {
  bool method = OpArgs::next_is_method;
  OpArgs p("nonzero", a, kw, {"input", "as_tuple"});
  if (a.size() > 1) {
    raise_type_error(method ? "nonzero() takes from 1 to 0 positional arguments but " + std::to_string(a.size() - 1) +
                                  " were given"
                            : "nonzero() takes 1 positional argument but " + std::to_string(a.size()) + " were given");
  }
  Tensor self = p.tensor(0);
  if (p.has(1) && !PyBool_Check(p.get(1).ptr())) p.type_error(1, "bool");
  if (!p.boolean(1, false)) return wrap(nonzero(self));
  return wrap_list(nonzero_numpy(self), /*as_tuple=*/true);
}

}  // namespace

std::vector<OpSpec> index_ops() {
  using W = OpWhere;
  return {
      {"gather", i_gather, W::Both, "gather(input, dim, index): input's values at index along dim"},
      {"scatter", i_scatter, W::Both, "scatter(input, dim, index, src|value): a copy with src written at index"},
      {"scatter_", i_scatter_, W::Method, "x.scatter_(dim, index, src|value): in place"},
      {"scatter_add", i_scatter_add, W::Both, "scatter_add(input, dim, index, src): a copy with src added at index"},
      {"scatter_add_", i_scatter_add_, W::Method, "x.scatter_add_(dim, index, src): in place"},
      {"index_select", i_index_select, W::Both, "index_select(input, dim, index): the slices at index along dim"},
      {"index_add", i_index_add, W::Both, "index_add(input, dim, index, source, alpha=1): source's slices added at index"},
      {"index_add_", i_index_add_, W::Method, "x.index_add_(dim, index, source, alpha=1): in place"},
      {"index_fill", i_index_fill, W::Both, "index_fill(input, dim, index, value): the slices at index set to value"},
      {"index_fill_", i_index_fill_, W::Method, "x.index_fill_(dim, index, value): in place"},
      {"masked_fill", i_masked_fill, W::Both, "masked_fill(input, mask, value): value where mask is True"},
      {"masked_fill_", i_masked_fill_, W::Method, "x.masked_fill_(mask, value): in place"},
      {"nonzero", i_nonzero, W::Both, "nonzero(input, *, as_tuple=False): the coordinates of the nonzero elements"},
  };
}

}  // namespace tp::torchpy
