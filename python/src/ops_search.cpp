// Bindings of the running extremes (cummax, cummin, logcumsumexp), the searches (searchsorted,
// bucketize) and the counts (bincount, histc, histogram), and their part of the op table.
#include "core/ops/copy.h"
#include "core/ops/scan_extrema.h"
#include "core/ops/search.h"
#include "python/src/args.h"
#include "python/src/op_table.h"

namespace tp::torchpy {

namespace {

py::object s_cummax(const py::args& a, const py::kwargs& kw) {
  OpArgs p("cummax", a, kw, {"input", "dim"});
  ValuesIndices r = cummax(p.tensor(0), p.integer(1));
  return wrap_return_pair("cummax", r.values, r.indices);
}
py::object s_cummin(const py::args& a, const py::kwargs& kw) {
  OpArgs p("cummin", a, kw, {"input", "dim"});
  ValuesIndices r = cummin(p.tensor(0), p.integer(1));
  return wrap_return_pair("cummin", r.values, r.indices);
}
py::object s_logcumsumexp(const py::args& a, const py::kwargs& kw) {
  OpArgs p("logcumsumexp", a, kw, {"input", "dim"});
  return wrap(logcumsumexp(p.tensor(0), p.integer(1)));
}

// `result`, or (out=t given) result written into t, which is returned: as ATen's
// resize_output, an out of another shape that had elements is resized with PyTorch's warning.
py::object with_out(const OpArgs& p, size_t i, const Tensor& result) {
  if (!p.has(i)) return wrap(result);
  if (!is_tensor(p.get(i))) p.type_error(i, "Tensor");
  Tensor out = p.tensor(i);
  Shape old = out.sizes();
  if (write_out(result, out)) {
    std::string text = "An output with one or more elements was resized since it had shape " + shape_str(old) +
                       ", which does not match the required output shape " + shape_str(result.sizes()) +
                       ". This behavior is deprecated, and in a future PyTorch release outputs will not be resized "
                       "unless they have zero elements. You can explicitly reuse an out tensor t by resizing it, "
                       "inplace, to zero elements with t.resize_(0). (Triggered internally at "
                       "/__w/pytorch/pytorch/aten/src/ATen/native/Resize.cpp:30.)";
    if (PyErr_WarnEx(PyExc_UserWarning, text.c_str(), 1) < 0) throw py::error_already_set();
  }
  return py::reinterpret_borrow<py::object>(p.get(i));
}

// A tensor argument, or a Python number as a 0-dim tensor on `device` (the Scalar overloads).
Tensor tensor_or_scalar(const OpArgs& p, size_t i, Device device) {
  return p.tensor_or_number(i) ? p.tensor(i) : scalar_to_tensor(p.scalar(i), device);
}

py::object s_searchsorted(const py::args& a, const py::kwargs& kw) {
  OpArgs p("searchsorted", a, kw, {"sorted_sequence", "input", "out_int32", "right", "side", "sorter", "out"});
  Tensor seq = p.tensor(0);
  std::optional<std::string> side;
  if (p.has(4)) {
    if (!py::isinstance<py::str>(p.get(4))) p.type_error(4, "str");
    side = p.get(4).cast<std::string>();
  }
  return with_out(p, 6,
                  searchsorted(seq, tensor_or_scalar(p, 1, seq.device()), p.boolean(2, false), p.boolean(3, false),
                               side, p.has(5) ? p.tensor(5) : Tensor()));
}
py::object s_bucketize(const py::args& a, const py::kwargs& kw) {
  OpArgs p("bucketize", a, kw, {"input", "boundaries", "out_int32", "right", "out"});
  Tensor boundaries = p.tensor(1);
  return with_out(p, 4, bucketize(tensor_or_scalar(p, 0, boundaries.device()), boundaries, p.boolean(2, false),
                                  p.boolean(3, false)));
}
py::object s_bincount(const py::args& a, const py::kwargs& kw) {
  OpArgs p("bincount", a, kw, {"input", "weights", "minlength"});
  return wrap(bincount(p.tensor(0), p.has(1) ? p.tensor(1) : Tensor(), p.integer(2, 0)));
}
py::object s_histc(const py::args& a, const py::kwargs& kw) {
  OpArgs p("histc", a, kw, {"input", "bins", "min", "max", "out"});
  return with_out(p, 4, histc(p.tensor(0), p.integer(1, 100), p.has(2) ? p.scalar(2) : Scalar(0),
                              p.has(3) ? p.scalar(3) : Scalar(0)));
}
// histogram(input, bins, *, range=None, weight=None, density=False): bins is a count or the edges.
py::object s_histogram(const py::args& a, const py::kwargs& kw) {
  OpArgs p("histogram", a, kw, {"input", "bins", "range", "weight", "density"});
  Tensor input = p.tensor(0), weight = p.has(3) ? p.tensor(3) : Tensor();
  const bool density = p.boolean(4, false);
  Histogram h;
  if (p.has(1) && is_tensor(p.get(1))) {
    h = histogram(input, p.tensor(1), weight, density);
  } else {
    std::optional<std::pair<double, double>> range;
    if (p.has(2)) {
      if (!py::isinstance<py::sequence>(p.get(2)) || py::len(p.get(2)) != 2) p.type_error(2, "tuple of floats");
      py::sequence r = py::reinterpret_borrow<py::sequence>(p.get(2));
      range = std::make_pair(r[0].cast<double>(), r[1].cast<double>());
    }
    h = histogram(input, p.integer(1, 100), range, weight, density);
  }
  return wrap_return_pair("histogram", h.hist, h.bin_edges);
}

}  // namespace

std::vector<OpSpec> search_ops() {
  using W = OpWhere;
  return {
      {"cummax", s_cummax, W::Both, "cummax(input, dim): running maximum along dim and where it is"},
      {"cummin", s_cummin, W::Both, "cummin(input, dim): running minimum along dim and where it is"},
      {"logcumsumexp", s_logcumsumexp, W::Both, "logcumsumexp(input, dim): log of the running sum of exp along dim"},
      {"searchsorted", s_searchsorted, W::Function,
       "searchsorted(sorted_sequence, input, *, out_int32=False, right=False, side=None, sorter=None): insertion points"},
      {"bucketize", s_bucketize, W::Function,
       "bucketize(input, boundaries, *, out_int32=False, right=False): the bucket of each element"},
      {"bincount", s_bincount, W::Both, "bincount(input, weights=None, minlength=0): occurrences of each value"},
      {"histc", s_histc, W::Both, "histc(input, bins=100, min=0, max=0): a histogram of equal bins"},
      {"histogram", s_histogram, W::Both,
       "histogram(input, bins, *, range=None, weight=None, density=False): (hist, bin_edges)"},
  };
}

}  // namespace tp::torchpy
