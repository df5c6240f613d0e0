// Reductions and softmax. The op layer moves the reduced dims last and makes the input
// contiguous, so every backend sees one plain (outer, inner) request; dtype rules and
// error texts follow ATen's ReduceOps.cpp / SoftMax.cpp.
#include "core/ops/reduce.h"

#include "core/amp/autocast.h"
#include "core/autograd/autograd.h"
#include "core/autograd/formulas.h"
#include "core/autograd/grad_utils.h"
#include "core/backends/backend.h"
#include "core/error.h"
#include "core/ops/copy.h"
#include "core/ops/creation.h"
#include "core/ops/elementwise.h"
#include "core/ops/index_dim.h"
#include "core/ops/rearrange.h"
#include "core/ops/shape.h"
#include "core/ops/complex.h"
#include "core/ops/limited_dtypes.h"

namespace tp {

namespace {

// Which dims a dim list reduces; an empty list reduces all of them. Repeats are refused.
std::vector<bool> reduced_dims(const Tensor& t, const DimList& dims) {
  const int64_t ndim = t.dim();
  std::vector<bool> mask(static_cast<size_t>(ndim), dims.empty());
  for (int64_t d : dims) {
    int64_t w = wrap_dim(d, ndim);
    if (ndim == 0) continue;  // a 0-dim tensor accepts dim 0 / -1 and reduces nothing
    TP_CHECK(!mask[w], RuntimeError, "dim ", w, " appears multiple times in the list of dims");
    mask[w] = true;
  }
  return mask;
}

std::vector<bool> one_dim(const Tensor& t, int64_t dim) { return reduced_dims(t, {dim}); }

// t as a contiguous (outer, inner) tensor whose rows hold the elements reduced together,
// plus the shape the result takes, and inner_kept_columns(t).
struct Rows {
  Tensor rows;
  Shape out_shape;
  int64_t kept_columns = 0;
};

// When t is contiguous and, size-1 dims aside, its dims are kept ones, then reduced ones,
// then kept ones again with at least one of each of the last two (a sum over dim 0 of a
// matrix, or over dim 1 of (B, T, C)), PyTorch's CPU kernel sums down columns: returns how
// many columns the innermost kept dims make (C). Otherwise 0.
int64_t inner_kept_columns(const Tensor& t, const std::vector<bool>& mask) {
  if (!t.is_contiguous()) return 0;
  int64_t columns = 1;
  size_t d = mask.size();
  auto skip_ones = [&] { while (d > 0 && t.sizes()[d - 1] == 1) --d; };
  skip_ones();
  if (d == 0 || mask[d - 1]) return 0;
  for (; d > 0 && (t.sizes()[d - 1] == 1 || !mask[d - 1]); --d) columns *= t.sizes()[d - 1];
  if (d == 0) return 0;
  for (; d > 0 && (t.sizes()[d - 1] == 1 || mask[d - 1]); --d) {}
  for (; d > 0; --d) {
    if (mask[d - 1] && t.sizes()[d - 1] != 1) return 0;
  }
  return columns;
}

Rows to_rows(const Tensor& t, const std::vector<bool>& mask, bool keepdim) {
  Shape sizes, strides, out_shape;
  int64_t outer = 1, inner = 1;
  // Kept dims first, in order, then the reduced ones: a permutation done with as_strided.
  for (int pass = 0; pass < 2; ++pass) {
    for (size_t d = 0; d < mask.size(); ++d) {
      if (mask[d] != (pass == 1)) continue;
      sizes.push_back(t.sizes()[d]);
      strides.push_back(t.strides()[d]);
      (pass == 0 ? outer : inner) *= t.sizes()[d];
    }
  }
  for (size_t d = 0; d < mask.size(); ++d) {
    if (!mask[d]) out_shape.push_back(t.sizes()[d]);
    else if (keepdim) out_shape.push_back(1);
  }
  Tensor c = contiguous(t.as_strided(sizes, strides, t.storage_offset()));
  return {c.as_strided({outer, inner}, {inner, 1}, c.storage_offset()), out_shape,
          inner_kept_columns(t, mask)};
}

// A fresh contiguous (outer,) result, viewed in its final shape.
Tensor new_result(const Shape& shape, DType dtype, Device device) {
  return empty(shape, TensorOptions(dtype, device));
}

Tensor as_rows_out(const Tensor& result) {
  return result.as_strided({result.numel()}, {1}, result.storage_offset());
}

// Runs one reduction of t over mask; `out_dtype` is the result's dtype.
Tensor reduce_to(ReduceOp op, const Tensor& t, const std::vector<bool>& mask, bool keepdim,
                 DType out_dtype, int64_t correction = 0) {
  Rows r = to_rows(t, mask, keepdim);
  Tensor result = new_result(r.out_shape, out_dtype, t.device());
  backend_for(t.device()).reduce(op, r.rows, as_rows_out(result), Tensor(), correction, r.kept_columns);
  return result;
}

// max(), amax() ... of an empty tensor need a dim; a reduced dim of size 0 is an IndexError.
void check_nonempty_reduction(const char* fn, const Tensor& t, const DimList& dims,
                              bool full_text_hint) {
  if (t.numel() != 0) return;
  if (dims.empty()) {
    if (full_text_hint) {
      fail(ErrorKind::RuntimeError, fn,
           "(): Expected reduction dim to be specified for input.numel() == 0. Specify the "
           "reduction dim with the 'dim' argument.");
    }
    fail(ErrorKind::IndexError, fn,
         "(): Expected reduction dim to be specified for input.numel() == 0.");
  }
  for (int64_t d : dims) {
    if (t.dim() > 0 && t.sizes()[wrap_dim(d, t.dim())] == 0) {
      // max/argmax name the wrapped dim; amax/amin the dim as the caller wrote it.
      int64_t shown = full_text_hint && fn[0] == 'a' ? d : wrap_dim(d, t.dim());
      fail(ErrorKind::IndexError, fn, "(): Expected reduction dim ", shown,
           " to have non-zero size.");
    }
  }
}

// sum and prod: integers and bool accumulate in int64, unless dtype says otherwise.
DType sum_dtype(DType in, std::optional<DType> dtype) {
  if (dtype) return *dtype;
  return is_integral(in, true) ? DType::Int64 : in;
}

Tensor sum_like(ReduceOp op, const Tensor& t, const std::vector<bool>& mask, bool keepdim,
                std::optional<DType> dtype) {
  DType out = sum_dtype(t.dtype(), dtype);
  limited::refuse(op == ReduceOp::Sum ? "sum_cpu" : "prod_cpu", out, t.device());
  if (is_complex(out)) return complex_ops::reduce(op, cast(t, out), mask, keepdim);
  return reduce_to(op, cast(t, out), mask, keepdim, out);
}

Tensor mean_impl(const Tensor& t, const std::vector<bool>& mask, bool keepdim,
                 std::optional<DType> dtype) {
  if (dtype) {
    TP_CHECK(is_floating(*dtype) || is_complex(*dtype), NotImplementedError,
             "mean(): could not infer output dtype. Optional dtype must be either a floating "
             "point or complex dtype. Got: ", dtype_legacy_name(*dtype));
  } else {
    TP_CHECK(is_floating(t.dtype()) || is_complex(t.dtype()), NotImplementedError,
             "mean(): could not infer output dtype. Input dtype must be either a floating point "
             "or complex dtype. Got: ", dtype_legacy_name(t.dtype()));
  }
  DType out = dtype ? *dtype : t.dtype();
  if (is_complex(out)) return complex_ops::reduce(ReduceOp::Mean, cast(t, out), mask, keepdim);
  return reduce_to(ReduceOp::Mean, cast(t, out), mask, keepdim, out);
}

ValuesIndices extreme_along(ReduceOp op, const char* fn, const Tensor& t, int64_t dim,
                            bool keepdim) {
  std::vector<bool> mask = one_dim(t, dim);
  check_nonempty_reduction(fn, t, {dim}, true);
  limited::refuse(op == ReduceOp::Max ? "max_cpu" : "min_cpu", t.dtype(), t.device());
  Rows r = to_rows(t, mask, keepdim);
  ValuesIndices out{new_result(r.out_shape, t.dtype(), t.device()),
                    new_result(r.out_shape, DType::Int64, t.device())};
  backend_for(t.device()).reduce(op, r.rows, as_rows_out(out.values), as_rows_out(out.indices), 0,
                                 r.kept_columns);
  return out;
}

Tensor arg_extreme(ReduceOp op, const char* fn, const Tensor& t, std::optional<int64_t> dim,
                   bool keepdim) {
  TP_CHECK(t.dtype() != DType::Bool, NotImplementedError, fn, "(): does not support bool input");
  DimList dims = dim ? DimList{*dim} : DimList{};
  std::vector<bool> mask = reduced_dims(t, dims);
  check_nonempty_reduction(fn, t, dims, false);
  limited::refuse(op == ReduceOp::ArgMax ? "argmax_cpu" : "argmin_cpu", t.dtype(), t.device());
  return reduce_to(op, t, mask, keepdim, DType::Int64);
}

Tensor var_std(ReduceOp op, const Tensor& t, const DimList& dims, int64_t correction,
               bool keepdim) {
  TP_CHECK(is_floating(t.dtype()), NotImplementedError,
           "std and var only support floating point and complex dtypes");
  return reduce_to(op, t, reduced_dims(t, dims), keepdim, t.dtype(), correction);
}

Tensor any_all(ReduceOp op, const Tensor& t, const std::vector<bool>& mask, bool keepdim) {
  DType out = t.dtype() == DType::UInt8 ? DType::UInt8 : DType::Bool;
  // a limited dtype's elements are nonzero when their signed bits are
  const Tensor& in = is_limited_dtype(t.dtype()) ? limited::bits_as(t, limited::same_width_signed(t.dtype())) : t;
  return reduce_to(op, in, mask, keepdim, out);
}

Tensor softmax_impl(const Tensor& input, int64_t dim, std::optional<DType> dtype, bool log) {
  Tensor t = dtype ? cast(input, *dtype) : input;
  int64_t d = wrap_dim(dim, t.dim());
  if (!is_floating(t.dtype())) {
    // PyTorch's kernel names differ when the softmax dim is not the last one.
    bool last = t.dim() == 0 || d == t.dim() - 1;
    const char* kernel = log ? (last ? "log_softmax_lastdim_kernel_impl" : "log_softmax_kernel_impl")
                             : (last ? "softmax_lastdim_kernel_impl" : "softmax_kernel_impl");
    fail(ErrorKind::NotImplementedError, "\"", kernel, "\" not implemented for '",
         dtype_legacy_name(t.dtype()), "'");
  }
  std::vector<bool> mask = t.dim() == 0 ? std::vector<bool>{} : one_dim(t, d);
  Rows r = to_rows(t, mask, /*keepdim=*/true);
  Tensor out_rows = empty(r.rows.sizes(), TensorOptions(t.dtype(), t.device()));
  backend_for(t.device()).softmax(r.rows, out_rows, log);
  if (t.dim() == 0) return out_rows.as_strided({}, {}, 0);
  // out_rows holds the permuted layout (dim last); view it back in t's dim order.
  const int64_t n = t.dim();
  Shape perm_sizes;
  for (int64_t k = 0; k < n; ++k) {
    if (k != d) perm_sizes.push_back(t.sizes()[k]);
  }
  perm_sizes.push_back(t.sizes()[d]);
  Shape perm_strides = contiguous_strides(perm_sizes);
  Shape strides(static_cast<size_t>(n));
  for (int64_t k = 0, p = 0; k < n; ++k) {
    strides[k] = k == d ? perm_strides[n - 1] : perm_strides[p++];
  }
  return contiguous(out_rows.as_strided(t.sizes(), strides, 0));
}

// cumsum/cumprod along dim: rows with dim last, scanned by the backend, laid back out.
Tensor scan_impl(ScanOp op, const Tensor& t, int64_t dim) {
  const int64_t d = wrap_dim(dim, t.dim());
  if (t.dim() == 0) return clone(t);
  Tensor moved = contiguous(transpose(t, d, -1));
  const int64_t inner = t.sizes()[d];
  Tensor rows = reshape(moved, {inner == 0 ? 0 : moved.numel() / inner, inner});
  Tensor out_rows = empty(rows.sizes(), TensorOptions(t.dtype(), t.device()));
  if (rows.numel() != 0) backend_for(t.device()).scan(op, rows, out_rows);
  return contiguous(transpose(reshape(out_rows, moved.sizes()), d, -1));
}

// The sum of x[j] for j >= i along dim, in cumsum's order on the reversed row (ATen's
// reversed_cumsum).
Tensor reversed_cumsum(const Tensor& x, int64_t dim) { return flip(cumsum(flip(x, {dim}), dim), {dim}); }

// The result dtype of cumsum/cumprod: the dtype asked for, int64 for integer and bool inputs.
DType scan_dtype(const Tensor& t, std::optional<DType> dtype) {
  if (dtype) return *dtype;
  return is_floating(t.dtype()) || is_complex(t.dtype()) ? t.dtype() : DType::Int64;
}

// max(dim)/min(dim) with the values recorded for autograd (the indices never require grad).
ValuesIndices extreme_along_recorded(ReduceOp op, const char* fn, const Tensor& t, int64_t dim,
                                     bool keepdim) {
  if (!autograd::needs_grad({&t})) return extreme_along(op, fn, t, dim, keepdim);
  ValuesIndices out;
  {
    autograd::NoGradGuard no_grad;
    out = extreme_along(op, fn, t, dim, keepdim);
  }
  const char* name = op == ReduceOp::Max ? "MaxBackward0" : "MinBackward0";
  std::shared_ptr<Node> node = autograd::extreme_dim_node(name, t, dim, keepdim, out.indices);
  if (!node) return out;
  autograd::collect_edges(*node, {t});
  autograd::set_history(out.values, node);
  return out;
}

Tensor logsumexp_impl(const Tensor& input, const DimList& dims, bool keepdim);

}  // namespace

Tensor sum(const Tensor& t, std::optional<DType> dtype) {
  // complex: composed from real ops that record their own gradients (complex.h)
  if (is_complex(t.dtype())) return complex_ops::named(sum_like(ReduceOp::Sum, t, reduced_dims(t, {}), false, dtype), "SumBackward0");
  if (!dtype && amp::should_cast("sum", {&t})) return sum(t, DType::Float32);
  return autograd::record_op(
      {t}, [&] { return sum_like(ReduceOp::Sum, t, reduced_dims(t, {}), false, dtype); },
      [&](const Tensor& out) { return autograd::sum_node("SumBackward0", t, {}, false, out); });
}
Tensor sum(const Tensor& t, const DimList& dims, bool keepdim, std::optional<DType> dtype) {
  // complex: composed from real ops that record their own gradients (complex.h)
  if (is_complex(t.dtype())) return complex_ops::named(sum_like(ReduceOp::Sum, t, reduced_dims(t, dims), keepdim, dtype), "SumBackward1");
  if (!dtype && amp::should_cast("sum", {&t})) return sum(t, dims, keepdim, DType::Float32);
  return autograd::record_op(
      {t}, [&] { return sum_like(ReduceOp::Sum, t, reduced_dims(t, dims), keepdim, dtype); },
      [&](const Tensor& out) { return autograd::sum_node("SumBackward1", t, dims, keepdim, out); });
}

Tensor mean(const Tensor& t, std::optional<DType> dtype) {
  // complex: composed from real ops that record their own gradients (complex.h)
  if (is_complex(t.dtype())) return complex_ops::named(mean_impl(t, reduced_dims(t, {}), false, dtype), "MeanBackward0");
  return autograd::record_op(
      {t}, [&] { return mean_impl(t, reduced_dims(t, {}), false, dtype); },
      [&](const Tensor& out) { return autograd::mean_node("MeanBackward0", t, {}, false, out); });
}
Tensor mean(const Tensor& t, const DimList& dims, bool keepdim, std::optional<DType> dtype) {
  // complex: composed from real ops that record their own gradients (complex.h)
  if (is_complex(t.dtype())) return complex_ops::named(mean_impl(t, reduced_dims(t, dims), keepdim, dtype), "MeanBackward1");
  return autograd::record_op(
      {t}, [&] { return mean_impl(t, reduced_dims(t, dims), keepdim, dtype); },
      [&](const Tensor& out) { return autograd::mean_node("MeanBackward1", t, dims, keepdim, out); });
}

Tensor prod(const Tensor& t, std::optional<DType> dtype) {
  // complex: composed from real ops that record their own gradients (complex.h)
  if (is_complex(t.dtype())) return complex_ops::named(sum_like(ReduceOp::Prod, t, reduced_dims(t, {}), false, dtype), "ProdBackward0");
  if (!dtype && amp::should_cast("prod", {&t})) return prod(t, DType::Float32);
  return autograd::record_op(
      {t}, [&] { return sum_like(ReduceOp::Prod, t, reduced_dims(t, {}), false, dtype); },
      [&](const Tensor& out) { return autograd::prod_node(t, std::nullopt, false, out); });
}
Tensor prod(const Tensor& t, int64_t dim, bool keepdim, std::optional<DType> dtype) {
  // complex: composed from real ops that record their own gradients (complex.h)
  if (is_complex(t.dtype())) return complex_ops::named(sum_like(ReduceOp::Prod, t, one_dim(t, dim), keepdim, dtype), "ProdBackward1");
  if (!dtype && amp::should_cast("prod", {&t})) return prod(t, dim, keepdim, DType::Float32);
  return autograd::record_op(
      {t}, [&] { return sum_like(ReduceOp::Prod, t, one_dim(t, dim), keepdim, dtype); },
      [&](const Tensor& out) { return autograd::prod_node(t, dim, keepdim, out); });
}

Tensor max(const Tensor& t) {
  check_nonempty_reduction("max", t, {}, true);
  limited::refuse("max_all", t.dtype(), t.device());
  if (is_complex(t.dtype())) fail_not_implemented_for("max_all", t.dtype());
  return autograd::record_op(
      {t}, [&] { return reduce_to(ReduceOp::Max, t, reduced_dims(t, {}), false, t.dtype()); },
      [&](const Tensor& out) { return autograd::extreme_node("MaxBackward1", t, {}, false, out); });
}
Tensor min(const Tensor& t) {
  check_nonempty_reduction("min", t, {}, true);
  limited::refuse("min_all", t.dtype(), t.device());
  if (is_complex(t.dtype())) fail_not_implemented_for("min_all", t.dtype());
  return autograd::record_op(
      {t}, [&] { return reduce_to(ReduceOp::Min, t, reduced_dims(t, {}), false, t.dtype()); },
      [&](const Tensor& out) { return autograd::extreme_node("MinBackward1", t, {}, false, out); });
}
ValuesIndices max(const Tensor& t, int64_t dim, bool keepdim) {
  return extreme_along_recorded(ReduceOp::Max, "max", t, dim, keepdim);
}
ValuesIndices min(const Tensor& t, int64_t dim, bool keepdim) {
  return extreme_along_recorded(ReduceOp::Min, "min", t, dim, keepdim);
}

Tensor amax(const Tensor& t, const DimList& dims, bool keepdim) {
  std::vector<bool> mask = reduced_dims(t, dims);
  check_nonempty_reduction("amax", t, dims, true);
  limited::refuse("max_values_cpu", t.dtype(), t.device());
  return autograd::record_op(
      {t}, [&] { return reduce_to(ReduceOp::Max, t, mask, keepdim, t.dtype()); },
      [&](const Tensor& out) { return autograd::extreme_node("AmaxBackward0", t, dims, keepdim, out); });
}
Tensor amin(const Tensor& t, const DimList& dims, bool keepdim) {
  std::vector<bool> mask = reduced_dims(t, dims);
  check_nonempty_reduction("amin", t, dims, true);
  limited::refuse("min_values_cpu", t.dtype(), t.device());
  return autograd::record_op(
      {t}, [&] { return reduce_to(ReduceOp::Min, t, mask, keepdim, t.dtype()); },
      [&](const Tensor& out) { return autograd::extreme_node("AminBackward0", t, dims, keepdim, out); });
}

Tensor argmax(const Tensor& t, std::optional<int64_t> dim, bool keepdim) {
  TP_CHECK(!is_complex(t.dtype()), TypeError, "argmax(): does not support complex input");
  return arg_extreme(ReduceOp::ArgMax, "argmax", t, dim, keepdim);
}
Tensor argmin(const Tensor& t, std::optional<int64_t> dim, bool keepdim) {
  TP_CHECK(!is_complex(t.dtype()), TypeError, "argmin(): does not support complex input");
  return arg_extreme(ReduceOp::ArgMin, "argmin", t, dim, keepdim);
}

Tensor var(const Tensor& t, const DimList& dims, int64_t correction, bool keepdim) {
  // complex: E|z - mean|^2, the sum of the parts' variances (a real result)
  if (is_complex(t.dtype())) return add(var(real(t), dims, correction, keepdim), var(imag(t), dims, correction, keepdim));
  return autograd::record_op(
      {t}, [&] { return var_std(ReduceOp::Var, t, dims, correction, keepdim); },
      [&](const Tensor& out) { return autograd::var_std_node(false, t, dims, correction, keepdim, out); });
}
Tensor std(const Tensor& t, const DimList& dims, int64_t correction, bool keepdim) {
  if (is_complex(t.dtype())) return sqrt(var(t, dims, correction, keepdim));
  return autograd::record_op(
      {t}, [&] { return var_std(ReduceOp::Std, t, dims, correction, keepdim); },
      [&](const Tensor& out) { return autograd::var_std_node(true, t, dims, correction, keepdim, out); });
}

Tensor any(const Tensor& t) { return any_all(ReduceOp::Any, t, reduced_dims(t, {}), false); }
Tensor any(const Tensor& t, int64_t dim, bool keepdim) {
  return any_all(ReduceOp::Any, t, one_dim(t, dim), keepdim);
}
Tensor all(const Tensor& t) { return any_all(ReduceOp::All, t, reduced_dims(t, {}), false); }
Tensor all(const Tensor& t, int64_t dim, bool keepdim) {
  return any_all(ReduceOp::All, t, one_dim(t, dim), keepdim);
}

Tensor softmax(const Tensor& t, int64_t dim, std::optional<DType> dtype) {
  if (!dtype && amp::should_cast("softmax", {&t})) return softmax(t, dim, DType::Float32);
  return autograd::record_op(
      {t}, [&] { return softmax_impl(t, dim, dtype, false); },
      [&](const Tensor& out) { return autograd::softmax_node(t, dim, false, out); });
}
Tensor log_softmax(const Tensor& t, int64_t dim, std::optional<DType> dtype) {
  if (!dtype && amp::should_cast("log_softmax", {&t})) return log_softmax(t, dim, DType::Float32);
  return autograd::record_op(
      {t}, [&] { return softmax_impl(t, dim, dtype, true); },
      [&](const Tensor& out) { return autograd::softmax_node(t, dim, true, out); });
}

Tensor cumsum(const Tensor& t, int64_t dim, std::optional<DType> dtype) {
  Tensor in = cast(t, scan_dtype(t, dtype));
  // complex: the running sums of the real and imaginary parts (complex.h)
  if (is_complex(in.dtype())) return complex_ops::named(complex(cumsum(real(in), dim), cumsum(imag(in), dim)), "CumsumBackward0");
  const int64_t d = wrap_dim(dim, t.dim());
  return autograd::record_op(
      {in}, [&] { return scan_impl(ScanOp::Sum, in, d); },
      [&](const Tensor& out) -> std::shared_ptr<Node> {
        if (!is_floating(out.dtype())) return nullptr;
        return autograd::make_node("CumsumBackward0", {}, [d](const TensorList& g, const TensorList&, const Node&) {
          return TensorList{g[0].dim() == 0 ? g[0] : reversed_cumsum(g[0], d)};
        });
      });
}

Tensor cumprod(const Tensor& t, int64_t dim, std::optional<DType> dtype) {
  Tensor in = cast(t, scan_dtype(t, dtype));
  TP_CHECK(!is_complex(in.dtype()), NotImplementedError, "tensorplay does not compute cumprod of complex tensors yet");
  const int64_t d = wrap_dim(dim, t.dim());
  return autograd::record_op(
      {in}, [&] { return scan_impl(ScanOp::Prod, in, d); },
      [&](const Tensor& out) -> std::shared_ptr<Node> {
        if (!is_floating(out.dtype())) return nullptr;
        return autograd::make_node("CumprodBackward0", {in, out}, [d](const TensorList& g, const TensorList& s, const Node&) {
          const Tensor &x = s[0], &y = s[1];
          if (x.dim() == 0 || x.numel() <= 1) return TensorList{g[0]};
          // ATen's cumprod_backward: without zeros, the reversed cumsum of grad * out over x.
          if (!item(any(eq(x, Scalar(0.0)))).to<bool>()) return TensorList{div(reversed_cumsum(mul(g[0], y), d), x)};
          // With zeros: d out[j] / d x[i] = prod of x[k] for k <= j, k != i (i <= j), each
          // such product the cumprod of x with x[i] set to 1; summed against grad for j >= i.
          const int64_t n = x.sizes()[d];
          std::vector<Tensor> per_i;
          for (int64_t i = 0; i < n; ++i) {
            Tensor ones_at_i = index_fill(x, d, full({1}, Scalar(i), DType::Int64, x.device()), Scalar(1.0));
            Tensor partial = mul(cumprod(ones_at_i, d), g[0]);
            Tensor from_i = narrow(partial, d, i, n - i);
            per_i.push_back(sum(from_i, {d}, true));
          }
          return TensorList{cat(per_i, d)};
        });
      });
}

Tensor logsumexp(const Tensor& input, const DimList& dims, bool keepdim) {
  if (amp::should_cast("logsumexp", {&input})) return logsumexp(amp::autocast_arg("logsumexp", input), dims, keepdim);
  return autograd::record_op(
      {input}, [&] { return logsumexp_impl(input, dims, keepdim); },
      [&](const Tensor& out) { return autograd::logsumexp_node(input, dims, keepdim, out); });
}

namespace {

Tensor logsumexp_impl(const Tensor& input, const DimList& dims, bool keepdim) {
  Tensor t = is_integral(input.dtype(), true) ? cast(input, default_float_dtype()) : input;
  reduced_dims(t, dims);  // dim errors first
  if (t.numel() == 0) return log(sum(exp(t), dims, keepdim));
  // log(sum(exp(t - m))) + m with m the max, taken as 0 where it is infinite so that
  // all -inf rows give -inf rather than nan (as ATen does).
  Tensor m = amax(t, dims, /*keepdim=*/true);
  m = where(isinf(m), Scalar(0), m);
  Tensor s = log(sum(exp(sub(t, m)), dims, keepdim));
  // m has keepdim's shape; the same elements in the result's shape (a contiguous view).
  Tensor mc = contiguous(m);
  Tensor m_out = mc.as_strided(s.sizes(), contiguous_strides(s.sizes()), mc.storage_offset());
  return add(s, m_out);
}

}  // namespace

}  // namespace tp
