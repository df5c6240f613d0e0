// kthvalue, median, nanmedian, mode: the dim moved last and made contiguous, one element per
// row picked by the backend's select, laid back out; the gradient goes to the picked index
// (value_selecting_reduction_backward), or for median() without dim is shared evenly among
// the elements equal to the result (evenly_distribute_backward).
#include "core/ops/order_stats.h"

#include <limits>

#include "core/autograd/autograd.h"
#include "core/autograd/formulas.h"
#include "core/backends/backend.h"
#include "core/error.h"
#include "core/ops/copy.h"
#include "core/ops/creation.h"
#include "core/ops/shape.h"
#include "core/ops/limited_dtypes.h"

namespace tp {

namespace {

// ATen's zero_numel_check_dims: an empty input needs a non-empty reduced dim.
void check_nonempty_dim(const char* fn, const Tensor& x, int64_t d) {
  if (x.numel() != 0) return;
  TP_CHECK(x.dim() != 0 && x.sizes()[d] != 0, IndexError, fn, ": Expected reduction dim ", d,
           " to have non-zero size.");
}

// The kernels ATen dispatches these ops through do not take bool: the kernel's name is in the text.
void check_not_bool(const char* kernel, const Tensor& x) {
  if (x.dtype() == DType::Bool || is_limited_dtype(x.dtype())) fail_not_implemented_for(kernel, x.dtype());
}

// One element per row along dim d (wrapped), without a gradient node.
ValuesIndices select_along(SelectOp op, const Tensor& x, int64_t d, int64_t k, bool keepdim) {
  if (x.dim() == 0) {
    ValuesIndices r = select_along(op, reshape(x, {1}), 0, k, false);
    return {reshape(r.values, {}), reshape(r.indices, {})};
  }
  Tensor moved = contiguous(transpose(x, d, -1));
  const int64_t inner = x.sizes()[d];  // not 0: callers refuse an empty reduced dim
  const int64_t outer = moved.numel() / inner;
  Shape kept = moved.sizes();
  kept.back() = 1;
  Tensor values = empty(kept, TensorOptions(x.dtype(), x.device()));
  Tensor indices = empty(kept, TensorOptions(DType::Int64, x.device()));
  if (outer != 0) {
    auto rows = [&](const Tensor& t, int64_t n) { return reshape(t, {outer, n}); };
    backend_for(x.device()).select(op, rows(moved, inner), k, rows(values, 1), rows(indices, 1));
  }
  // Back in x's dim order, with a 1 at d (or without d).
  auto back = [&](const Tensor& t) {
    Tensor r = transpose(t, d, -1);
    return contiguous(keepdim ? r : squeeze(r, d));
  };
  return {back(values), back(indices)};
}

// select_along recorded for autograd: the values' gradient goes to the selected indices.
ValuesIndices selected(const char* node, SelectOp op, const Tensor& x, int64_t d, int64_t k, bool keepdim) {
  if (!autograd::needs_grad({&x})) return select_along(op, x, d, k, keepdim);
  ValuesIndices out;
  {
    autograd::NoGradGuard no_grad;
    out = select_along(op, x, d, k, keepdim);
  }
  std::shared_ptr<Node> grad_fn = autograd::extreme_dim_node(node, x, d, keepdim, out.indices);
  if (!grad_fn) return out;
  autograd::collect_edges(*grad_fn, {x});
  autograd::set_history(out.values, grad_fn);
  return out;
}

int64_t wrapped(const Tensor& x, int64_t dim) {
  const int64_t d = wrap_dim(dim, x.dim());
  return x.dim() == 0 ? 0 : d;
}

// median() / nanmedian() of every element: the dim form's value over the flattened tensor.
Tensor median_all(const char* node, SelectOp op, const Tensor& x) {
  check_not_bool("median_cpu", x);  // nanmedian() too
  if (x.numel() == 0) return cast(full({}, Scalar(std::numeric_limits<double>::quiet_NaN()), DType::Float32, x.device()), x.dtype());
  return autograd::record_op(
      {x}, [&] { return select_along(op, reshape(x, {x.numel()}), 0, 0, false).values; },
      [&](const Tensor& out) { return autograd::extreme_node(node, x, {}, false, out); });
}

}  // namespace

ValuesIndices kthvalue(const Tensor& x, int64_t k, int64_t dim, bool keepdim) {
  const int64_t d = wrapped(x, dim);
  const int64_t size = x.dim() == 0 ? 1 : x.sizes()[d];
  check_nonempty_dim("kthvalue()", x, d);
  TP_CHECK(k >= 1 && k <= size, RuntimeError, "kthvalue(): selected number k out of range for dimension ", d);
  check_not_bool("kthvalue_cpu", x);
  return selected("KthvalueBackward0", SelectOp::Kth, x, d, k - 1, keepdim);
}

Tensor median(const Tensor& x) { return median_all("MedianBackward0", SelectOp::Median, x); }

ValuesIndices median(const Tensor& x, int64_t dim, bool keepdim) {
  const int64_t d = wrapped(x, dim);
  check_nonempty_dim("median()", x, d);
  check_not_bool("median_out", x);
  return selected("MedianBackward1", SelectOp::Median, x, d, 0, keepdim);
}

Tensor nanmedian(const Tensor& x) { return median_all("NanmedianBackward0", SelectOp::NanMedian, x); }

ValuesIndices nanmedian(const Tensor& x, int64_t dim, bool keepdim) {
  const int64_t d = wrapped(x, dim);
  check_nonempty_dim("median()", x, d);
  check_not_bool("median_out", x);
  return selected("NanmedianBackward1", SelectOp::NanMedian, x, d, 0, keepdim);
}

ValuesIndices mode(const Tensor& x, int64_t dim, bool keepdim) {
  const int64_t d = wrapped(x, dim);
  check_nonempty_dim("mode()", x, d);
  limited::refuse("mode", x.dtype(), x.device());
  return selected("ModeBackward0", SelectOp::Mode, x, d, 0, keepdim);
}

}  // namespace tp
