// Bindings of the order statistics and summary reductions (kthvalue, median, nanmedian, mode,
// std_mean, var_mean, aminmax, count_nonzero), the clamp_min / clamp_max ops and isclose;
// their part of the op table.
#include <string>

#include "core/ops/clamp_bounds.h"
#include "core/ops/closeness.h"
#include "core/ops/elementwise.h"
#include "core/ops/order_stats.h"
#include "core/ops/stats.h"
#include "python/src/args.h"
#include "python/src/op_table.h"

namespace tp::torchpy {

namespace {

py::object s_kthvalue(const py::args& a, const py::kwargs& kw) {
  OpArgs p("kthvalue", a, kw, {"input", "k", "dim", "keepdim"});
  ValuesIndices r = kthvalue(p.tensor(0), p.integer(1), p.integer(2, -1), p.boolean(3, false));
  return wrap_return_pair("kthvalue", r.values, r.indices);
}

// median(input) -> the value; median(input, dim, keepdim=False) -> (values, indices).
py::object median_op(const char* name, bool ignore_nan, const py::args& a, const py::kwargs& kw) {
  OpArgs p(name, a, kw, {"input", "dim", "keepdim"});
  Tensor x = p.tensor(0);
  if (!p.has(1)) return wrap(ignore_nan ? nanmedian(x) : median(x));
  const int64_t dim = p.integer(1);
  const bool keepdim = p.boolean(2, false);
  ValuesIndices r = ignore_nan ? nanmedian(x, dim, keepdim) : median(x, dim, keepdim);
  return wrap_return_pair(name, r.values, r.indices);
}
py::object s_median(const py::args& a, const py::kwargs& kw) { return median_op("median", false, a, kw); }
py::object s_nanmedian(const py::args& a, const py::kwargs& kw) { return median_op("nanmedian", true, a, kw); }

py::object s_mode(const py::args& a, const py::kwargs& kw) {
  OpArgs p("mode", a, kw, {"input", "dim", "keepdim"});
  ValuesIndices r = mode(p.tensor(0), p.integer(1, -1), p.boolean(2, false));
  return wrap_return_pair("mode", r.values, r.indices);
}

// std_mean / var_mean: a plain tuple, as PyTorch returns.
py::object s_std_mean(const py::args& a, const py::kwargs& kw) {
  SpreadArgs s = spread_args("std_mean", a, kw);
  auto [spread, mean] = std_mean(s.input, s.dims, s.correction, s.keepdim);
  return py::make_tuple(wrap(spread), wrap(mean));
}
py::object s_var_mean(const py::args& a, const py::kwargs& kw) {
  SpreadArgs s = spread_args("var_mean", a, kw);
  auto [spread, mean] = var_mean(s.input, s.dims, s.correction, s.keepdim);
  return py::make_tuple(wrap(spread), wrap(mean));
}

// aminmax(input, *, dim=None, keepdim=False): dim and keepdim by keyword only.
py::object s_aminmax(const py::args& a, const py::kwargs& kw) {
  const size_t self_count = OpArgs::next_is_method ? 1 : 0;  // x.aminmax(): self is not counted
  if (a.size() > 1) {
    OpArgs::next_is_method = false;  // consumed here, as OpArgs would
    const size_t takes = 1 - self_count, given = a.size() - self_count;
    raise_type_error("aminmax() takes " + std::to_string(takes) + " positional argument" + (takes == 1 ? "" : "s") +
                     " but " + std::to_string(given) + (given == 1 ? " was" : " were") + " given");
  }
  OpArgs p("aminmax", a, kw, {"input", "*", "dim", "keepdim"});
  auto [lo, hi] = aminmax(p.tensor(0), p.opt_int(2), p.boolean(3, false));
  return wrap_return_pair("aminmax", lo, hi);
}

py::object s_count_nonzero(const py::args& a, const py::kwargs& kw) {
  OpArgs p("count_nonzero", a, kw, {"input", "dim"});
  return wrap(count_nonzero(p.tensor(0), p.has(1) ? p.int_list(1) : DimList{}));
}

// clamp_min(input, min) / clamp_max(input, max): a number or a tensor bound; in place with _.
py::object one_bound(const char* name, bool is_min, bool in_place, const py::args& a, const py::kwargs& kw) {
  const bool method = OpArgs::next_is_method;
  OpArgs p(name, a, kw, {"input", is_min ? "min" : "max"});
  Tensor x = p.tensor(0);
  if (!p.has(1)) {  // PyTorch's parser: no overload without the bound
    const std::string b = is_min ? "min" : "max";
    if (method) raise_no_overload(name, a, kw, true, {"(Tensor " + b + ")", "(Number " + b + ")"});
    raise_no_overload(name, a, kw, false,
                      {"(Tensor input, Tensor " + b + ", *, Tensor out = None)", "(Tensor input, Number " + b + ", *, Tensor out = None)"});
  }
  if (p.tensor_or_number(1)) {
    Tensor b = p.tensor(1);
    if (in_place) is_min ? clamp_min_(x, b) : clamp_max_(x, b);
    else return wrap(is_min ? clamp_min(x, b) : clamp_max(x, b));
  } else {
    Scalar b = p.scalar(1);
    if (in_place) is_min ? clamp_min_(x, b) : clamp_max_(x, b);
    else return wrap(is_min ? clamp_min(x, b) : clamp_max(x, b));
  }
  return py::reinterpret_borrow<py::object>(a[0]);
}
py::object s_clamp_min(const py::args& a, const py::kwargs& kw) { return one_bound("clamp_min", true, false, a, kw); }
py::object s_clamp_max(const py::args& a, const py::kwargs& kw) { return one_bound("clamp_max", false, false, a, kw); }
py::object s_clamp_min_(const py::args& a, const py::kwargs& kw) { return one_bound("clamp_min_", true, true, a, kw); }
py::object s_clamp_max_(const py::args& a, const py::kwargs& kw) { return one_bound("clamp_max_", false, true, a, kw); }

py::object s_isclose(const py::args& a, const py::kwargs& kw) {
  OpArgs p("isclose", a, kw, {"input", "other", "rtol", "atol", "equal_nan"});
  Tensor x = p.tensor(0);
  if (!p.has(1) || !is_tensor(p.get(1))) p.type_error(1, "Tensor");
  return wrap(isclose(x, p.tensor(1), p.number(2, 1e-5), p.number(3, 1e-8), p.boolean(4, false)));
}

}  // namespace

std::vector<OpSpec> stats_ops() {
  using W = OpWhere;
  return {
      {"kthvalue", s_kthvalue, W::Both, "kthvalue(input, k, dim=-1, keepdim=False) -> (values, indices)"},
      {"median", s_median, W::Both, "median(input) / median(input, dim, keepdim=False) -> (values, indices)"},
      {"nanmedian", s_nanmedian, W::Both, "nanmedian(input) / nanmedian(input, dim, keepdim=False): median ignoring NaN"},
      {"mode", s_mode, W::Both, "mode(input, dim=-1, keepdim=False) -> (values, indices): most frequent value"},
      {"std_mean", s_std_mean, W::Function, "std_mean(input, dim=None, unbiased=True, keepdim=False) -> (std, mean)"},
      {"var_mean", s_var_mean, W::Function, "var_mean(input, dim=None, unbiased=True, keepdim=False) -> (var, mean)"},
      {"aminmax", s_aminmax, W::Both, "aminmax(input, *, dim=None, keepdim=False) -> (min, max)"},
      {"count_nonzero", s_count_nonzero, W::Both, "count_nonzero(input, dim=None): how many elements are nonzero"},
      {"clamp_min", s_clamp_min, W::Both, "clamp_min(input, min): clamp with a lower bound only"},
      {"clamp_max", s_clamp_max, W::Both, "clamp_max(input, max): clamp with an upper bound only"},
      {"clamp_min_", s_clamp_min_, W::Method, "x.clamp_min_(min): in place"},
      {"clamp_max_", s_clamp_max_, W::Method, "x.clamp_max_(max): in place"},
      {"isclose", s_isclose, W::Both, "isclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False): elementwise closeness"},
  };
}

}  // namespace tp::torchpy
