// Bindings of the math ops: elementwise functions and their in-place methods (add, mul,
// clamp, where, comparisons, ...), reductions with dim/keepdim (sum, mean, max -> a
// return_types pair, argmax, std, softmax, ...) and matrix products; their part of the op table.
#include <algorithm>
#include <limits>
#include <string>

#include "core/error.h"
#include "core/autograd/autograd.h"
#include "core/ops/clamp_bounds.h"
#include "core/ops/closeness.h"
#include "core/ops/copy.h"
#include "core/ops/elementwise.h"
#include "core/ops/linalg.h"
#include "core/ops/linalg_solvers.h"
#include "core/ops/nan_reductions.h"
#include "core/ops/nonzero.h"
#include "core/ops/norm.h"
#include "core/ops/random.h"
#include "core/ops/reduce.h"
#include "core/ops/shape.h"
#include "core/ops/sort.h"
#include "python/src/args.h"
#include "python/src/op_table.h"

namespace tp::torchpy {

namespace {

// In-place ops return self: the same Python object.
py::object self_of(const py::args& a) { return py::reinterpret_borrow<py::object>(a[0]); }

py::object ui_zero(const py::args& a, const py::kwargs& kw) {
  OpArgs p("zero_", a, kw, {"input"});
  zero_(p.tensor(0));
  return self_of(a);
}

// ---- binary: f(input, other) with a tensor or a number as other ----

using TTFn = Tensor (*)(const Tensor&, const Tensor&);
using TSFn = Tensor (*)(const Tensor&, Scalar);

py::object binary_fn(const py::args& a, const py::kwargs& kw, const char* name, TTFn tt, TSFn ts) {
  OpArgs p(name, a, kw, {"input", "other"});
  Tensor x = p.tensor(0);
  if (!ts || p.tensor_or_number(1)) return wrap(tt(x, p.tensor(1)));
  return wrap(ts(x, p.scalar(1)));
}

Tensor mul_tt(const Tensor& a, const Tensor& b) { return mul(a, b); }
Tensor mul_ts(const Tensor& a, Scalar b) { return mul(a, b); }
Tensor pow_tt(const Tensor& a, const Tensor& b) { return pow(a, b); }
Tensor pow_ts(const Tensor& a, Scalar b) { return pow(a, b); }
Tensor fdiv_tt(const Tensor& a, const Tensor& b) { return floor_divide(a, b); }
Tensor fdiv_ts(const Tensor& a, Scalar b) { return floor_divide(a, b); }
Tensor rem_tt(const Tensor& a, const Tensor& b) { return remainder(a, b); }
Tensor rem_ts(const Tensor& a, Scalar b) { return remainder(a, b); }
Tensor eq_tt(const Tensor& a, const Tensor& b) { return eq(a, b); }
Tensor eq_ts(const Tensor& a, Scalar b) { return eq(a, b); }
Tensor ne_tt(const Tensor& a, const Tensor& b) { return ne(a, b); }
Tensor ne_ts(const Tensor& a, Scalar b) { return ne(a, b); }
Tensor lt_tt(const Tensor& a, const Tensor& b) { return lt(a, b); }
Tensor lt_ts(const Tensor& a, Scalar b) { return lt(a, b); }
Tensor le_tt(const Tensor& a, const Tensor& b) { return le(a, b); }
Tensor le_ts(const Tensor& a, Scalar b) { return le(a, b); }
Tensor gt_tt(const Tensor& a, const Tensor& b) { return gt(a, b); }
Tensor gt_ts(const Tensor& a, Scalar b) { return gt(a, b); }
Tensor ge_tt(const Tensor& a, const Tensor& b) { return ge(a, b); }
Tensor ge_ts(const Tensor& a, Scalar b) { return ge(a, b); }

py::object b_add(const py::args& a, const py::kwargs& kw) {
  OpArgs p("add", a, kw, {"input", "other", "alpha"});
  Scalar alpha = p.has(2) ? p.scalar(2) : Scalar(int64_t{1});
  if (p.tensor_or_number(1)) return wrap(add(p.tensor(0), p.tensor(1), alpha));
  return wrap(add(p.tensor(0), p.scalar(1), alpha));
}
py::object b_sub(const py::args& a, const py::kwargs& kw) {
  OpArgs p("sub", a, kw, {"input", "other", "alpha"});
  Scalar alpha = p.has(2) ? p.scalar(2) : Scalar(int64_t{1});
  if (p.tensor_or_number(1)) return wrap(sub(p.tensor(0), p.tensor(1), alpha));
  return wrap(sub(p.tensor(0), p.scalar(1), alpha));
}
py::object b_mul(const py::args& a, const py::kwargs& kw) { return binary_fn(a, kw, "mul", mul_tt, mul_ts); }
py::object b_div(const py::args& a, const py::kwargs& kw) {
  OpArgs p("div", a, kw, {"input", "other", "rounding_mode"});
  std::optional<std::string> mode;
  if (p.has(2)) {
    if (!py::isinstance<py::str>(p.get(2))) p.type_error(2, "str");
    mode = p.get(2).cast<std::string>();
  }
  if (p.tensor_or_number(1)) return wrap(div(p.tensor(0), p.tensor(1), mode));
  return wrap(div(p.tensor(0), p.scalar(1), mode));
}
py::object b_pow(const py::args& a, const py::kwargs& kw) { return binary_fn(a, kw, "pow", pow_tt, pow_ts); }
py::object b_floor_divide(const py::args& a, const py::kwargs& kw) { return binary_fn(a, kw, "floor_divide", fdiv_tt, fdiv_ts); }
py::object b_remainder(const py::args& a, const py::kwargs& kw) { return binary_fn(a, kw, "remainder", rem_tt, rem_ts); }
py::object b_maximum(const py::args& a, const py::kwargs& kw) { return binary_fn(a, kw, "maximum", maximum, nullptr); }
py::object b_minimum(const py::args& a, const py::kwargs& kw) { return binary_fn(a, kw, "minimum", minimum, nullptr); }
py::object b_atan2(const py::args& a, const py::kwargs& kw) { return binary_fn(a, kw, "atan2", atan2, nullptr); }
py::object b_eq(const py::args& a, const py::kwargs& kw) { return binary_fn(a, kw, "eq", eq_tt, eq_ts); }
py::object b_ne(const py::args& a, const py::kwargs& kw) { return binary_fn(a, kw, "ne", ne_tt, ne_ts); }
py::object b_lt(const py::args& a, const py::kwargs& kw) { return binary_fn(a, kw, "lt", lt_tt, lt_ts); }
py::object b_le(const py::args& a, const py::kwargs& kw) { return binary_fn(a, kw, "le", le_tt, le_ts); }
py::object b_gt(const py::args& a, const py::kwargs& kw) { return binary_fn(a, kw, "gt", gt_tt, gt_ts); }
py::object b_ge(const py::args& a, const py::kwargs& kw) { return binary_fn(a, kw, "ge", ge_tt, ge_ts); }
py::object b_logical_and(const py::args& a, const py::kwargs& kw) { return binary_fn(a, kw, "logical_and", logical_and, nullptr); }
py::object b_logical_or(const py::args& a, const py::kwargs& kw) { return binary_fn(a, kw, "logical_or", logical_or, nullptr); }
py::object b_logical_xor(const py::args& a, const py::kwargs& kw) { return binary_fn(a, kw, "logical_xor", logical_xor, nullptr); }

py::object b_equal(const py::args& a, const py::kwargs& kw) {
  OpArgs p("equal", a, kw, {"input", "other"});
  Tensor x = p.tensor(0), y = p.tensor(1);
  if (x.sizes() != y.sizes()) return py::bool_(false);
  return py::bool_(item(all(eq(x, y))).to_bool());
}
py::object b_allclose(const py::args& a, const py::kwargs& kw) {
  OpArgs p("allclose", a, kw, {"input", "other", "rtol", "atol", "equal_nan"});
  return py::bool_(allclose(p.tensor(0), p.tensor(1), p.number(2, 1e-5), p.number(3, 1e-8), p.boolean(4, false)));
}

// ---- in-place binary methods: return self ----

py::object bi_add(const py::args& a, const py::kwargs& kw) {
  OpArgs p("add_", a, kw, {"input", "other", "alpha"});
  Scalar alpha = p.has(2) ? p.scalar(2) : Scalar(int64_t{1});
  if (is_tensor(p.get(1))) add_(p.tensor(0), p.tensor(1), alpha);
  else add_(p.tensor(0), p.scalar(1), alpha);
  return self_of(a);
}
py::object bi_sub(const py::args& a, const py::kwargs& kw) {
  OpArgs p("sub_", a, kw, {"input", "other", "alpha"});
  Scalar alpha = p.has(2) ? p.scalar(2) : Scalar(int64_t{1});
  if (is_tensor(p.get(1))) sub_(p.tensor(0), p.tensor(1), alpha);
  else sub_(p.tensor(0), p.scalar(1), alpha);
  return self_of(a);
}
py::object bi_mul(const py::args& a, const py::kwargs& kw) {
  OpArgs p("mul_", a, kw, {"input", "other"});
  if (is_tensor(p.get(1))) mul_(p.tensor(0), p.tensor(1));
  else mul_(p.tensor(0), p.scalar(1));
  return self_of(a);
}
py::object bi_div(const py::args& a, const py::kwargs& kw) {
  OpArgs p("div_", a, kw, {"input", "other"});
  if (is_tensor(p.get(1))) div_(p.tensor(0), p.tensor(1));
  else div_(p.tensor(0), p.scalar(1));
  return self_of(a);
}
py::object bi_pow(const py::args& a, const py::kwargs& kw) {
  OpArgs p("pow_", a, kw, {"input", "exponent"});
  if (is_tensor(p.get(1))) pow_(p.tensor(0), p.tensor(1));
  else pow_(p.tensor(0), p.scalar(1));
  return self_of(a);
}
py::object bi_fill(const py::args& a, const py::kwargs& kw) {
  OpArgs p("fill_", a, kw, {"input", "value"});
  fill_(p.tensor(0), p.scalar(1));
  return self_of(a);
}
py::object bi_copy(const py::args& a, const py::kwargs& kw) {
  OpArgs p("copy_", a, kw, {"input", "src", "non_blocking"});
  copy_(p.tensor(0), p.tensor(1), p.boolean(2, false));
  return self_of(a);
}
py::object bi_uniform(const py::args& a, const py::kwargs& kw) {
  OpArgs p("uniform_", a, kw, {"input", "from", "to", "generator"});
  uniform_(p.tensor(0), p.number(1, 0.0), p.number(2, 1.0), generator_arg(p, 3));
  return self_of(a);
}
// x.random_(from, to) / x.random_(to) / x.random_(from, None) / x.random_(): integers uniform
// on [from, to); without `to`, up to the dtype's largest value (2^digits for a float type, the
// largest integer it holds exactly), as PyTorch.
py::object bi_random(const py::args& a, const py::kwargs& kw) {
  OpArgs p("random_", a, kw, {"input", "from", "to", "generator"});
  const Tensor& t = p.tensor(0);
  if (p.has(1) && !p.get(2) && a.size() == 2) {  // random_(to)
    random_(t, 0, p.integer(1), generator_arg(p, 3));
    return self_of(a);
  }
  const int64_t from = p.integer(1, 0);
  int64_t to = 0;
  if (p.has(2)) {
    to = p.integer(2);
  } else {
    int64_t top = 0;  // the largest value drawn
    switch (t.dtype()) {
      case DType::Bool: top = 1; break;
      case DType::UInt8: top = 255; break;
      case DType::Int32: top = std::numeric_limits<int32_t>::max(); break;
      case DType::Float16: top = int64_t{1} << 11; break;
      case DType::BFloat16: top = int64_t{1} << 8; break;
      case DType::Float32: top = int64_t{1} << 24; break;
      case DType::Float64: top = int64_t{1} << 53; break;
      default:
        fail(ErrorKind::NotImplementedError,
             "random_ up to int64's largest value is not in tensorplay; give `to`");
    }
    to = top + 1;
  }
  random_(t, from, to, generator_arg(p, 3));
  return self_of(a);
}
py::object bi_normal(const py::args& a, const py::kwargs& kw) {
  OpArgs p("normal_", a, kw, {"input", "mean", "std", "generator"});
  normal_(p.tensor(0), p.number(1, 0.0), p.number(2, 1.0), generator_arg(p, 3));
  return self_of(a);
}

// ---- clamp and where ----

std::optional<Scalar> opt_scalar(const OpArgs& p, size_t i) {
  if (!p.has(i)) return std::nullopt;
  return p.scalar(i);
}
// clamp(input, min=None, max=None): numbers, or tensors (broadcast with input); PyTorch has
// no overload for one of each.
bool tensor_bounds(const OpArgs& p, const py::args& a, const py::kwargs& kw, bool method) {
  const bool min_tensor = p.has(1) && is_tensor(p.get(1)), max_tensor = p.has(2) && is_tensor(p.get(2));
  if (!min_tensor && !max_tensor) return false;
  if ((!p.has(1) || min_tensor) && (!p.has(2) || max_tensor)) return true;
  if (method) raise_no_overload(p.fname, a, kw, true, {"(Tensor min = None, Tensor max = None)", "(Number min = None, Number max = None)"});
  raise_no_overload(p.fname, a, kw, false,
                    {"(Tensor input, Tensor min = None, Tensor max = None, *, Tensor out = None)",
                     "(Tensor input, Number min = None, Number max = None, *, Tensor out = None)"});
}
Tensor bound(const OpArgs& p, size_t i) { return p.has(i) ? p.tensor(i) : Tensor(); }
py::object clamp_op(const char* name, const py::args& a, const py::kwargs& kw) {
  const bool method = OpArgs::next_is_method;
  OpArgs p(name, a, kw, {"input", "min", "max"});
  if (tensor_bounds(p, a, kw, method)) return wrap(clamp(p.tensor(0), bound(p, 1), bound(p, 2)));
  return wrap(clamp(p.tensor(0), opt_scalar(p, 1), opt_scalar(p, 2)));
}
py::object c_clamp(const py::args& a, const py::kwargs& kw) { return clamp_op("clamp", a, kw); }
py::object c_clip(const py::args& a, const py::kwargs& kw) { return clamp_op("clip", a, kw); }
py::object c_clamp_(const py::args& a, const py::kwargs& kw) {
  OpArgs p("clamp_", a, kw, {"input", "min", "max"});
  if (tensor_bounds(p, a, kw, true)) clamp_(p.tensor(0), bound(p, 1), bound(p, 2));
  else clamp_(p.tensor(0), opt_scalar(p, 1), opt_scalar(p, 2));
  return self_of(a);
}
// where(condition, input, other) once the arguments are read: input and other may each be a
// tensor or a number.
py::object where_of(const Tensor& cond, const OpArgs& p, size_t input, size_t other) {
  bool ta = is_tensor(p.get(input)), tb = is_tensor(p.get(other));
  if (ta && tb) return wrap(where(cond, p.tensor(input), p.tensor(other)));
  if (ta) return wrap(where(cond, p.tensor(input), p.scalar(other)));
  if (tb) return wrap(where(cond, p.scalar(input), p.tensor(other)));
  return wrap(where(cond, p.scalar(input), p.scalar(other)));
}
py::object c_where(const py::args& a, const py::kwargs& kw) {
  if (OpArgs::next_is_method) {
    // x.where(condition, other) is torch.where(condition, x, other).
    OpArgs p("where", a, kw, {"input", "condition", "other"});
    return where_of(p.tensor(1), p, 0, 2);
  }
  OpArgs p("where", a, kw, {"condition", "input", "other"});
  Tensor cond = p.tensor(0);
  // torch.where(condition) alone is nonzero(condition, as_tuple=True).
  if (!p.get(1) && !p.get(2)) return wrap_list(nonzero_numpy(cond), /*as_tuple=*/true);
  return where_of(cond, p, 1, 2);
}

// ---- reductions ----

// dim given as an int or a tuple of ints; empty when absent.
DimList dims_of(const OpArgs& p, size_t i) {
  if (!p.has(i)) return {};
  return p.int_list(i);
}

py::object r_sum(const py::args& a, const py::kwargs& kw) {
  OpArgs p("sum", a, kw, {"input", "dim", "keepdim", "dtype"});
  if (!p.has(1)) return wrap(sum(p.tensor(0), p.dtype(3)));
  return wrap(sum(p.tensor(0), dims_of(p, 1), p.boolean(2, false), p.dtype(3)));
}
py::object r_mean(const py::args& a, const py::kwargs& kw) {
  OpArgs p("mean", a, kw, {"input", "dim", "keepdim", "dtype"});
  if (!p.has(1)) return wrap(mean(p.tensor(0), p.dtype(3)));
  return wrap(mean(p.tensor(0), dims_of(p, 1), p.boolean(2, false), p.dtype(3)));
}
py::object r_nansum(const py::args& a, const py::kwargs& kw) {
  OpArgs p("nansum", a, kw, {"input", "dim", "keepdim", "dtype"});
  return wrap(nansum(p.tensor(0), dims_of(p, 1), p.boolean(2, false), p.dtype(3)));
}
py::object r_nanmean(const py::args& a, const py::kwargs& kw) {
  OpArgs p("nanmean", a, kw, {"input", "dim", "keepdim", "dtype"});
  return wrap(nanmean(p.tensor(0), dims_of(p, 1), p.boolean(2, false), p.dtype(3)));
}
py::object r_prod(const py::args& a, const py::kwargs& kw) {
  OpArgs p("prod", a, kw, {"input", "dim", "keepdim", "dtype"});
  if (!p.has(1)) return wrap(prod(p.tensor(0), p.dtype(3)));
  return wrap(prod(p.tensor(0), p.integer(1), p.boolean(2, false), p.dtype(3)));
}
// max(input) / max(input, dim, keepdim) -> (values, indices) / max(input, other).
py::object max_min(const py::args& a, const py::kwargs& kw, const char* name, bool is_max) {
  OpArgs p(name, a, kw, {"input", "dim", "keepdim"});
  Tensor x = p.tensor(0);
  if (!p.has(1)) return wrap(is_max ? max(x) : min(x));
  if (is_tensor(p.get(1))) return wrap(is_max ? maximum(x, p.tensor(1)) : minimum(x, p.tensor(1)));
  ValuesIndices r = is_max ? max(x, p.integer(1), p.boolean(2, false)) : min(x, p.integer(1), p.boolean(2, false));
  return wrap_return_pair(name, r.values, r.indices);
}
py::object r_max(const py::args& a, const py::kwargs& kw) { return max_min(a, kw, "max", true); }
py::object r_min(const py::args& a, const py::kwargs& kw) { return max_min(a, kw, "min", false); }
py::object r_amax(const py::args& a, const py::kwargs& kw) {
  OpArgs p("amax", a, kw, {"input", "dim", "keepdim"});
  return wrap(amax(p.tensor(0), dims_of(p, 1), p.boolean(2, false)));
}
py::object r_amin(const py::args& a, const py::kwargs& kw) {
  OpArgs p("amin", a, kw, {"input", "dim", "keepdim"});
  return wrap(amin(p.tensor(0), dims_of(p, 1), p.boolean(2, false)));
}
py::object r_argmax(const py::args& a, const py::kwargs& kw) {
  OpArgs p("argmax", a, kw, {"input", "dim", "keepdim"});
  return wrap(argmax(p.tensor(0), p.opt_int(1), p.boolean(2, false)));
}
py::object r_argmin(const py::args& a, const py::kwargs& kw) {
  OpArgs p("argmin", a, kw, {"input", "dim", "keepdim"});
  return wrap(argmin(p.tensor(0), p.opt_int(1), p.boolean(2, false)));
}
// std/var(input, dim=None, unbiased=True, keepdim=False, *, correction=1).
py::object var_std(const py::args& a, const py::kwargs& kw, const char* name, bool is_std) {
  SpreadArgs s = spread_args(name, a, kw);
  return wrap(is_std ? tp::std(s.input, s.dims, s.correction, s.keepdim) : var(s.input, s.dims, s.correction, s.keepdim));
}
py::object r_std(const py::args& a, const py::kwargs& kw) { return var_std(a, kw, "std", true); }
py::object r_var(const py::args& a, const py::kwargs& kw) { return var_std(a, kw, "var", false); }
py::object r_any(const py::args& a, const py::kwargs& kw) {
  OpArgs p("any", a, kw, {"input", "dim", "keepdim"});
  if (!p.has(1)) return wrap(any(p.tensor(0)));
  return wrap(any(p.tensor(0), p.integer(1), p.boolean(2, false)));
}
py::object r_all(const py::args& a, const py::kwargs& kw) {
  OpArgs p("all", a, kw, {"input", "dim", "keepdim"});
  if (!p.has(1)) return wrap(all(p.tensor(0)));
  return wrap(all(p.tensor(0), p.integer(1), p.boolean(2, false)));
}
// sort(input, dim=-1, descending=False, stable=False) -> (values, indices); argsort; topk.
py::object r_sort(const py::args& a, const py::kwargs& kw) {
  OpArgs p("sort", a, kw, {"input", "dim", "descending", "stable"});
  ValuesIndices r = tp::sort(p.tensor(0), p.integer(1, -1), p.boolean(2, false));
  return wrap_return_pair("sort", r.values, r.indices);
}
py::object r_argsort(const py::args& a, const py::kwargs& kw) {
  OpArgs p("argsort", a, kw, {"input", "dim", "descending", "stable"});
  return wrap(argsort(p.tensor(0), p.integer(1, -1), p.boolean(2, false)));
}
py::object r_topk(const py::args& a, const py::kwargs& kw) {
  OpArgs p("topk", a, kw, {"input", "k", "dim", "largest", "sorted"});
  ValuesIndices r = topk(p.tensor(0), p.integer(1), p.integer(2, -1), p.boolean(3, true));
  return wrap_return_pair("topk", r.values, r.indices);
}

// cumsum/cumprod(input, dim, *, dtype=None), and x.cumsum_(dim) in place.
py::object scan_op(const py::args& a, const py::kwargs& kw, const char* name, bool product, bool in_place) {
  OpArgs p(name, a, kw, {"input", "dim", "dtype"});
  Tensor x = p.tensor(0);
  if (!p.has(1)) raise_type_error(std::string(name) + "() missing 1 required positional arguments: \"dim\"");
  auto compute = [&](const Tensor& t) { return product ? cumprod(t, p.integer(1), p.dtype(2)) : cumsum(t, p.integer(1), p.dtype(2)); };
  if (!in_place) return wrap(compute(x));
  autograd::check_inplace(x);
  assign_inplace_result(x, compute(autograd::inplace_operand(x, true)));
  return py::reinterpret_borrow<py::object>(p.get(0));
}
py::object r_cumsum(const py::args& a, const py::kwargs& kw) { return scan_op(a, kw, "cumsum", false, false); }
py::object r_cumprod(const py::args& a, const py::kwargs& kw) { return scan_op(a, kw, "cumprod", true, false); }
py::object r_cumsum_(const py::args& a, const py::kwargs& kw) { return scan_op(a, kw, "cumsum_", false, true); }
py::object r_cumprod_(const py::args& a, const py::kwargs& kw) { return scan_op(a, kw, "cumprod_", true, true); }

// The nuclear norm over two dims (all of a 2-D input's when none are given): the sum of the
// singular values, as linalg.matrix_norm(ord='nuc') computes it.
Tensor nuclear_norm(const Tensor& x, DimList dims, bool keepdim) {
  if (dims.empty())
    for (int64_t d = 0; d < x.dim(); ++d) dims.push_back(d);
  if (dims.size() != 2) {
    std::string got;
    for (int64_t d : dims) {
      if (!got.empty()) got += ' ';
      got += std::to_string(d);
    }
    fail(ErrorKind::RuntimeError, "linalg.matrix_norm: dim must be a 2-tuple. Got ", got);
  }
  Tensor S = std::get<1>(linalg_svd(movedim(x, {dims[0], dims[1]}, {-2, -1}), false));
  Tensor result = sum(S, {-1});
  if (!keepdim) return result;
  int64_t lo = std::min(wrap_dim(dims[0], x.dim()), wrap_dim(dims[1], x.dim()));
  int64_t hi = std::max(wrap_dim(dims[0], x.dim()), wrap_dim(dims[1], x.dim()));
  return unsqueeze(unsqueeze(result, lo), hi);
}

// norm(input, p='fro', dim=None, keepdim=False, dtype=None): torch.functional.norm, which
// hands every vector norm ('fro' included) to linalg.vector_norm.
py::object r_norm(const py::args& a, const py::kwargs& kw) {
  OpArgs p("norm", a, kw, {"input", "p", "dim", "keepdim", "dtype"});
  double ord = 2;
  if (p.has(1) && py::isinstance<py::str>(p.get(1))) {
    std::string name = py::str(p.get(1));
    if (name == "nuc") return wrap(nuclear_norm(p.tensor(0), p.has(2) ? dims_of(p, 2) : DimList{}, p.boolean(3, false)));
    if (name != "fro") fail(ErrorKind::RuntimeError, "linalg.matrix_norm: Order ", name, " not supported.");
  } else if (p.has(1)) {
    ord = p.number(1, 2);
  }
  return wrap(vector_norm(p.tensor(0), ord, dims_of(p, 2), p.boolean(3, false), p.dtype(4)));
}
py::object r_softmax(const py::args& a, const py::kwargs& kw) {
  OpArgs p("softmax", a, kw, {"input", "dim", "dtype"});
  return wrap(softmax(p.tensor(0), p.integer(1), p.dtype(2)));
}
py::object r_log_softmax(const py::args& a, const py::kwargs& kw) {
  OpArgs p("log_softmax", a, kw, {"input", "dim", "dtype"});
  return wrap(log_softmax(p.tensor(0), p.integer(1), p.dtype(2)));
}
py::object r_logsumexp(const py::args& a, const py::kwargs& kw) {
  OpArgs p("logsumexp", a, kw, {"input", "dim", "keepdim"});
  return wrap(logsumexp(p.tensor(0), dims_of(p, 1), p.boolean(2, false)));
}

// ---- matrix products ----

py::object l_matmul(const py::args& a, const py::kwargs& kw) { return binary_fn(a, kw, "matmul", matmul, nullptr); }
py::object l_mm(const py::args& a, const py::kwargs& kw) { return binary_fn(a, kw, "mm", mm, nullptr); }
py::object l_bmm(const py::args& a, const py::kwargs& kw) { return binary_fn(a, kw, "bmm", bmm, nullptr); }
py::object l_mv(const py::args& a, const py::kwargs& kw) { return binary_fn(a, kw, "mv", mv, nullptr); }
py::object l_dot(const py::args& a, const py::kwargs& kw) { return binary_fn(a, kw, "dot", dot, nullptr); }
py::object l_addmm(const py::args& a, const py::kwargs& kw) {
  OpArgs p("addmm", a, kw, {"input", "mat1", "mat2", "beta", "alpha"});
  Scalar beta = p.has(3) ? p.scalar(3) : Scalar(int64_t{1});
  Scalar alpha = p.has(4) ? p.scalar(4) : Scalar(int64_t{1});
  return wrap(addmm(p.tensor(0), p.tensor(1), p.tensor(2), beta, alpha));
}

}  // namespace

std::vector<OpSpec> math_ops() {
  using W = OpWhere;
  return {
      {"add", b_add, W::Both, "add(input, other, alpha=1): input + alpha * other"},
      {"sub", b_sub, W::Both, "sub(input, other, alpha=1): input - alpha * other"},
      {"mul", b_mul, W::Both, "mul(input, other): elementwise product"},
      {"div", b_div, W::Both, "div(input, other, rounding_mode=None): true division"},
      {"pow", b_pow, W::Both, "pow(input, exponent): elementwise power"},
      {"floor_divide", b_floor_divide, W::Both, "floor_divide(input, other): input // other"},
      {"remainder", b_remainder, W::Both, "remainder(input, other): input % other"},
      {"maximum", b_maximum, W::Both, "maximum(input, other): elementwise max"},
      {"minimum", b_minimum, W::Both, "minimum(input, other): elementwise min"},
      {"atan2", b_atan2, W::Both, "atan2(input, other): elementwise arctangent of input/other"},
      {"eq", b_eq, W::Both, "eq(input, other): input == other"},
      {"ne", b_ne, W::Both, "ne(input, other): input != other"},
      {"lt", b_lt, W::Both, "lt(input, other): input < other"},
      {"le", b_le, W::Both, "le(input, other): input <= other"},
      {"gt", b_gt, W::Both, "gt(input, other): input > other"},
      {"ge", b_ge, W::Both, "ge(input, other): input >= other"},
      {"logical_and", b_logical_and, W::Both, "logical_and(input, other)"},
      {"logical_or", b_logical_or, W::Both, "logical_or(input, other)"},
      {"logical_xor", b_logical_xor, W::Both, "logical_xor(input, other)"},
      {"equal", b_equal, W::Both, "equal(input, other): True when same shape and values"},
      {"allclose", b_allclose, W::Both, "allclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False)"},
      {"clamp", c_clamp, W::Both, "clamp(input, min=None, max=None)"},
      {"clip", c_clip, W::Both, "clip(input, min=None, max=None): alias of clamp"},
      {"where", c_where, W::Both, "where(condition, input, other): input where condition else other"},
      {"add_", bi_add, W::Method, "x.add_(other, alpha=1): in place"},
      {"sub_", bi_sub, W::Method, "x.sub_(other, alpha=1): in place"},
      {"mul_", bi_mul, W::Method, "x.mul_(other): in place"},
      {"div_", bi_div, W::Method, "x.div_(other): in place"},
      {"pow_", bi_pow, W::Method, "x.pow_(exponent): in place"},
      {"clamp_", c_clamp_, W::Method, "x.clamp_(min=None, max=None): in place"},
      {"fill_", bi_fill, W::Method, "x.fill_(value): every element set to value"},
      {"zero_", ui_zero, W::Method, "x.zero_(): every element set to 0"},
      {"copy_", bi_copy, W::Method, "x.copy_(src): copy src's values into x (any device)"},
      {"uniform_", bi_uniform, W::Method, "x.uniform_(from=0, to=1): in place"},
      {"normal_", bi_normal, W::Method, "x.normal_(mean=0, std=1): in place"},
      {"random_", bi_random, W::Method, "x.random_(from=0, to=None): integers uniform on [from, to), in place"},
      {"sum", r_sum, W::Both, "sum(input, dim=None, keepdim=False, dtype=None)"},
      {"nansum", r_nansum, W::Both, "nansum(input, dim=None, keepdim=False, dtype=None): the sum, NaN as zero"},
      {"nanmean", r_nanmean, W::Both, "nanmean(input, dim=None, keepdim=False, dtype=None): the mean of the non-NaN"},
      {"mean", r_mean, W::Both, "mean(input, dim=None, keepdim=False, dtype=None)"},
      {"prod", r_prod, W::Both, "prod(input, dim=None, keepdim=False, dtype=None)"},
      {"max", r_max, W::Both, "max(input) / max(input, dim, keepdim=False) -> (values, indices)"},
      {"min", r_min, W::Both, "min(input) / min(input, dim, keepdim=False) -> (values, indices)"},
      {"amax", r_amax, W::Both, "amax(input, dim=(), keepdim=False)"},
      {"amin", r_amin, W::Both, "amin(input, dim=(), keepdim=False)"},
      {"argmax", r_argmax, W::Both, "argmax(input, dim=None, keepdim=False): index of the max"},
      {"argmin", r_argmin, W::Both, "argmin(input, dim=None, keepdim=False): index of the min"},
      {"std", r_std, W::Both, "std(input, dim=None, unbiased=True, keepdim=False)"},
      {"var", r_var, W::Both, "var(input, dim=None, unbiased=True, keepdim=False)"},
      {"any", r_any, W::Both, "any(input, dim=None, keepdim=False)"},
      {"all", r_all, W::Both, "all(input, dim=None, keepdim=False)"},
      {"sort", r_sort, W::Both, "sort(input, dim=-1, descending=False) -> (values, indices)"},
      {"argsort", r_argsort, W::Both, "argsort(input, dim=-1, descending=False): the sorting positions"},
      {"topk", r_topk, W::Both, "topk(input, k, dim=-1, largest=True) -> (values, indices)"},
      {"cumsum", r_cumsum, W::Both, "cumsum(input, dim, dtype=None): running sum along dim"},
      {"cumprod", r_cumprod, W::Both, "cumprod(input, dim, dtype=None): running product along dim"},
      {"cumsum_", r_cumsum_, W::Method, "x.cumsum_(dim): in place"},
      {"cumprod_", r_cumprod_, W::Method, "x.cumprod_(dim): in place"},
      {"norm", r_norm, W::Both, "norm(input, p='fro', dim=None, keepdim=False, dtype=None): vector norm"},
      {"softmax", r_softmax, W::Both, "softmax(input, dim): exp normalised along dim"},
      {"log_softmax", r_log_softmax, W::Both, "log_softmax(input, dim)"},
      {"logsumexp", r_logsumexp, W::Both, "logsumexp(input, dim, keepdim=False)"},
      {"matmul", l_matmul, W::Both, "matmul(input, other): matrix product (also input @ other)"},
      {"mm", l_mm, W::Both, "mm(input, mat2): 2-D matrix product"},
      {"bmm", l_bmm, W::Both, "bmm(input, mat2): batched matrix product"},
      {"mv", l_mv, W::Both, "mv(input, vec): matrix-vector product"},
      {"dot", l_dot, W::Both, "dot(input, other): 1-D dot product"},
      {"addmm", l_addmm, W::Both, "addmm(input, mat1, mat2, beta=1, alpha=1)"},
  };
}

}  // namespace tp::torchpy
