// sort/argsort/topk: dim moved last and made contiguous, the rows sorted by the backend, the
// result laid back out; gradients scatter back to where each value came from.
#include "core/ops/sort.h"

#include "core/autograd/autograd.h"
#include "core/autograd/grad_utils.h"
#include "core/backends/backend.h"
#include "core/error.h"
#include "core/ops/copy.h"
#include "core/ops/creation.h"
#include "core/ops/index_dim.h"
#include "core/ops/shape.h"
#include "core/ops/limited_dtypes.h"

namespace tp {

namespace {

// Sorted values and positions of x along dim (already wrapped), without a gradient node.
ValuesIndices sorted_along(const Tensor& x, int64_t dim, bool descending) {
  if (is_limited_dtype(x.dtype())) {
    // sorted by the order keys, whose signed order is the values' unsigned order
    ValuesIndices keys = sorted_along(limited::order_key(x), dim, descending);
    return {limited::from_order_key(keys.values, x.dtype()), keys.indices};
  }
  if (x.dim() == 0) return {clone(x), zeros({}, TensorOptions(DType::Int64, x.device()))};
  Tensor moved = contiguous(transpose(x, dim, -1));
  const int64_t inner = x.sizes()[dim];
  const int64_t outer = inner == 0 ? 0 : moved.numel() / inner;
  Tensor rows = reshape(moved, {outer, inner});
  Tensor values = empty(rows.sizes(), TensorOptions(x.dtype(), x.device()));
  Tensor indices = empty(rows.sizes(), TensorOptions(DType::Int64, x.device()));
  if (rows.numel() != 0) backend_for(x.device()).sort(rows, values, indices, descending);
  auto back = [&](const Tensor& r) { return contiguous(transpose(reshape(r, moved.sizes()), dim, -1)); };
  return {back(values), back(indices)};
}

// The values of `select` (sorted values and positions along dim), recorded as one node
// whose gradient goes back to the positions the values came from.
template <typename Select>
ValuesIndices recorded(const char* node, const Tensor& x, int64_t dim, Select&& select) {
  ValuesIndices r;
  Shape shape = x.sizes();
  Tensor values = autograd::record_op(
      {x},
      [&] {
        r = select();
        return r.values;
      },
      [&](const Tensor&) {
        return autograd::make_node(node, {r.indices}, [shape, dim](const TensorList& g, const TensorList& s, const Node&) {
          if (shape.empty()) return TensorList{g[0]};
          Tensor zero = zeros(shape, TensorOptions(g[0].dtype(), g[0].device()));
          return TensorList{scatter(zero, dim, s[0], g[0])};
        });
      });
  return {values, r.indices};
}

}  // namespace

ValuesIndices sort(const Tensor& x, int64_t dim, bool descending) {
  TP_CHECK(!is_complex(x.dtype()), TypeError, " Sort does not support complex dtypes on CPU");
  const int64_t d = x.dim() == 0 ? 0 : wrap_dim(dim, x.dim());
  return recorded("SortBackward0", x, d, [&] { return sorted_along(x, d, descending); });
}

Tensor argsort(const Tensor& x, int64_t dim, bool descending) {
  const int64_t d = x.dim() == 0 ? 0 : wrap_dim(dim, x.dim());
  autograd::NoGradGuard no_grad;  // positions only
  return sorted_along(x, d, descending).indices;
}

ValuesIndices topk(const Tensor& x, int64_t k, int64_t dim, bool largest) {
  const int64_t d = x.dim() == 0 ? 0 : wrap_dim(dim, x.dim());
  const int64_t size = x.dim() == 0 ? 1 : x.sizes()[d];
  TP_CHECK(k >= 0 && k <= size, RuntimeError, "selected index k out of range");
  limited::refuse("topk_cpu", x.dtype(), x.device());
  return recorded("TopkBackward0", x, d, [&] {
    ValuesIndices r = sorted_along(x, d, largest);
    if (x.dim() == 0) return r;
    return ValuesIndices{contiguous(narrow(r.values, d, 0, k)), contiguous(narrow(r.indices, d, 0, k))};
  });
}

}  // namespace tp
