// One-dim indexing as ATen's TensorAdvancedIndexing.cpp checks it; the values come from
// advanced_index / advanced_index_put_, and each op records PyTorch's node so grad_fn reads
// GatherBackward0, ScatterBackward0, IndexSelectBackward0, ...
#include "core/ops/index_dim.h"

#include <algorithm>
#include <string>
#include <vector>

#include "core/autograd/autograd.h"
#include "core/autograd/grad_utils.h"
#include "core/error.h"
#include "core/ops/copy.h"
#include "core/ops/creation.h"
#include "core/ops/elementwise.h"
#include "core/ops/indexing.h"
#include "core/ops/reduce.h"
#include "core/ops/shape.h"

namespace tp {

namespace {

using autograd::make_node;
using G = const TensorList&;
using N = const Node&;

bool is_index_dtype(DType t) { return t == DType::Int64 || t == DType::Int32; }

// A 0-dim tensor as a 1-element vector (ATen treats both alike here).
Tensor at_least_1d(const Tensor& t) { return t.dim() == 0 ? reshape(t, {1}) : t; }

// The first index outside [-size, size) raises ATen's text ("index 5 is out of bounds for
// dimension 1 with size 3"; index_select's CPU kernel words it its own way); indices are read
// on the host.
void check_bounds(const Tensor& index, int64_t size, int64_t dim, bool select_text = false) {
  if (index.numel() == 0) return;
  Tensor host = contiguous(to(cast(index, DType::Int64), Device::cpu(), std::nullopt));
  const auto* p = static_cast<const int64_t*>(host.data_ptr());
  for (int64_t i = 0; i < host.numel(); ++i) {
    if (p[i] >= -size && p[i] < size) continue;
    if (select_text) fail(ErrorKind::RuntimeError, "INDICES element is out of DATA bounds, id=", p[i], " axis_dim=", size);
    fail(ErrorKind::RuntimeError, "index ", p[i], " is out of bounds for dimension ", dim, " with size ", size);
  }
}

// gather/scatter's index: self's rank, no larger than self (and src) apart from dim.
void check_dim_index(const char* fn, const Tensor& self, int64_t dim, const Tensor& index, const Tensor* src) {
  // ATen's scatter_gather_dtype_check: an empty index may have any dtype; the scatter family
  // names itself "scatter".
  TP_CHECK(index.numel() == 0 || is_index_dtype(index.dtype()), RuntimeError,
           std::string(fn) == "gather" ? "gather" : "scatter", "(): Expected dtype int32/int64 for index");
  TP_CHECK(std::max<int64_t>(index.dim(), 1) == std::max<int64_t>(self.dim(), 1) || index.numel() == 0,
           RuntimeError, "Index tensor must have the same number of dimensions as input tensor");
  for (int64_t d = 0; d < index.dim() && index.numel() != 0; ++d) {
    if (d == dim) continue;
    bool fits = index.sizes()[d] <= at_least_1d(self).sizes()[d];
    if (src) fits = fits && index.sizes()[d] <= at_least_1d(*src).sizes()[d];
    if (fits) continue;
    if (src)
      fail(ErrorKind::RuntimeError, "Expected index ", shape_str(index.sizes()), " to be no larger than self ",
           shape_str(self.sizes()), " apart from dimension ", dim, " and to be no larger size than src ",
           shape_str(src->sizes()));
    fail(ErrorKind::RuntimeError, "Size does not match at dimension ", d, " expected index ",
         shape_str(index.sizes()), " to be no larger than self ", shape_str(self.sizes()), " apart from dimension ",
         dim);
  }
  check_bounds(index, at_least_1d(self).sizes()[dim], dim);
}

// Advanced-index tensors that address self[..., index[p], ...] for each position p of
// `index`: index itself at dim, an arange broadcast along every other dim.
std::vector<Tensor> positions(const Tensor& index, int64_t dim) {
  Tensor idx = at_least_1d(cast(index, DType::Int64));
  const int64_t nd = idx.dim();
  std::vector<Tensor> out;
  for (int64_t d = 0; d < nd; ++d) {
    if (d == dim) {
      out.push_back(idx);
      continue;
    }
    Shape shape(static_cast<size_t>(nd), 1);
    shape[d] = idx.sizes()[d];
    out.push_back(reshape(arange(Scalar(idx.sizes()[d]), DType::Int64, idx.device()), shape));
  }
  return out;
}

// `index` (1-D) along dim, whole slices elsewhere, as advanced-index tensors.
std::vector<Tensor> along(int64_t dim, const Tensor& index) {
  std::vector<Tensor> out(static_cast<size_t>(dim));
  out.push_back(at_least_1d(cast(index, DType::Int64)));
  return out;
}

// src cut to index's shape: scatter reads src only where index has elements. An empty index
// skips ATen's shape checks, so src may have fewer dims than it: those are left alone.
Tensor cut_to(const Tensor& src, const Shape& shape) {
  Tensor out = at_least_1d(src);
  for (size_t d = 0; d < shape.size() && d < out.sizes().size(); ++d)
    if (out.sizes()[d] != shape[d]) out = slice(out, static_cast<int64_t>(d), 0, shape[d], 1);
  return out;
}

void check_select_index(const char* fn, const Tensor& index) {
  TP_CHECK(index.dim() <= 1, IndexError, fn, "(): Index is supposed to be a vector");
  TP_CHECK(is_index_dtype(index.dtype()), RuntimeError, fn, "(): Expected dtype int32 or int64 for index");
}

Tensor scatter_values(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& values, bool add) {
  Tensor out = clone(at_least_1d(self));
  if (index.numel() != 0) advanced_index_put_(out, positions(index, dim), values, add);
  return self.dim() == 0 ? reshape(out, {}) : out;
}

}  // namespace

Tensor gather(const Tensor& self, int64_t dim, const Tensor& index) {
  dim = wrap_dim(dim, self.dim());
  check_dim_index("gather", self, dim, index, nullptr);
  Shape self_shape = self.sizes();
  return autograd::record_op(
      {self},
      [&] {
        // An empty index gathers nothing, whatever its rank.
        if (index.numel() == 0) return empty(index.sizes(), TensorOptions(self.dtype(), self.device()));
        Tensor out = advanced_index(at_least_1d(self), positions(index, dim));
        return index.dim() == 0 ? reshape(out, {}) : out;
      },
      [&](const Tensor&) {
        return make_node("GatherBackward0", {index}, [self_shape, dim](G g, G s, N) {
          Tensor zero = zeros(self_shape, TensorOptions(g[0].dtype(), g[0].device()));
          return TensorList{scatter(zero, dim, s[0], g[0], true)};
        });
      });
}

Tensor scatter(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src, bool add) {
  const char* fn = add ? "scatter_add" : "scatter";
  dim = wrap_dim(dim, self.dim());
  TP_CHECK(self.dtype() == src.dtype(), RuntimeError, fn, "(): Expected self.dtype to be equal to src.dtype");
  check_dim_index(fn, self, dim, index, &src);
  return autograd::record_op(
      {self, src}, [&] { return scatter_values(self, dim, index, cut_to(src, at_least_1d(index).sizes()), add); },
      [&](const Tensor&) {
        return make_node(add ? "ScatterAddBackward0" : "ScatterBackward0", {index}, [dim, add](G g, G s, N n) {
          Tensor gs = n.needs(0) ? (add ? g[0] : scatter(g[0], dim, s[0], Scalar(0))) : Tensor();
          Tensor gsrc = n.needs(1) ? gather(g[0], dim, s[0]) : Tensor();
          return TensorList{gs, gsrc};
        });
      });
}

Tensor scatter(const Tensor& self, int64_t dim, const Tensor& index, Scalar value) {
  dim = wrap_dim(dim, self.dim());
  check_dim_index("scatter", self, dim, index, nullptr);
  return autograd::record_op(
      {self},
      [&] {
        Tensor values = full(at_least_1d(index).sizes(), value, self.dtype(), self.device());
        return scatter_values(self, dim, index, values, false);
      },
      [&](const Tensor&) {
        return make_node("ScatterBackward1", {index},
                         [dim](G g, G s, N) { return TensorList{scatter(g[0], dim, s[0], Scalar(0))}; });
      });
}

Tensor index_select(const Tensor& self, int64_t dim, const Tensor& index) {
  dim = wrap_dim(dim, self.dim());
  check_select_index("index_select", index);
  check_bounds(index, at_least_1d(self).sizes()[dim], dim, true);
  Shape self_shape = self.sizes();
  return autograd::record_op(
      {self},
      [&] {
        Tensor out = advanced_index(at_least_1d(self), along(dim, index));
        return self.dim() == 0 ? reshape(out, {}) : out;
      },
      [&](const Tensor&) {
        return make_node("IndexSelectBackward0", {index}, [self_shape, dim](G g, G s, N) {
          Tensor zero = zeros(self_shape, TensorOptions(g[0].dtype(), g[0].device()));
          return TensorList{index_add(zero, dim, s[0], g[0])};
        });
      });
}

Tensor index_add(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source, Scalar alpha) {
  dim = wrap_dim(dim, self.dim());
  check_select_index("index_add_", index);
  const int64_t count = at_least_1d(index).numel();
  const int64_t source_size = source.dim() == 0 ? 1 : source.sizes()[wrap_dim(dim, source.dim())];
  TP_CHECK(count == source_size, RuntimeError, "index_add_(): Number of indices (", count,
           ") should be equal to source.size(dim): (", source_size, "), for dim: ", dim);
  check_bounds(index, at_least_1d(self).sizes()[dim], dim);
  return autograd::record_op(
      {self, source},
      [&] {
        Tensor out = clone(at_least_1d(self));
        Tensor scaled = alpha.to<double>() == 1 ? source : mul(source, alpha);
        advanced_index_put_(out, along(dim, index), cast(at_least_1d(scaled), self.dtype()), true);
        return self.dim() == 0 ? reshape(out, {}) : out;
      },
      [&](const Tensor&) {
        Shape source_shape = source.sizes();
        return make_node("IndexAddBackward0", {index}, [dim, alpha, source_shape](G g, G s, N n) {
          Tensor gsrc;
          if (n.needs(1)) {
            gsrc = index_select(g[0], dim, s[0]);
            if (alpha.to<double>() != 1) gsrc = mul(gsrc, alpha);
            gsrc = reshape(gsrc, source_shape);
          }
          return TensorList{n.needs(0) ? g[0] : Tensor(), gsrc};
        });
      });
}

Tensor index_fill(const Tensor& self, int64_t dim, const Tensor& index, Scalar value) {
  dim = wrap_dim(dim, self.dim());
  check_select_index("index_fill_", index);
  check_bounds(index, at_least_1d(self).sizes()[dim], dim);
  return autograd::record_op(
      {self},
      [&] {
        Tensor out = clone(at_least_1d(self));
        advanced_index_put_(out, along(dim, index), full({}, value, self.dtype(), self.device()), false);
        return self.dim() == 0 ? reshape(out, {}) : out;
      },
      [&](const Tensor&) {
        return make_node("IndexFillBackward0", {index},
                         [dim](G g, G s, N) { return TensorList{index_fill(g[0], dim, s[0], Scalar(0))}; });
      });
}

Tensor masked_fill(const Tensor& self, const Tensor& mask, Scalar value) {
  TP_CHECK(mask.dtype() == DType::Bool, RuntimeError, "masked_fill_ only supports boolean masks, but got mask with dtype ",
           dtype_cpp_name(mask.dtype()));
  return autograd::record_op(
      {self}, [&] { return where(mask, full({}, value, self.dtype(), self.device()), self); },
      [&](const Tensor&) {
        return make_node("MaskedFillBackward0", {mask},
                         [](G g, G s, N) { return TensorList{masked_fill(g[0], s[0], Scalar(0))}; });
      });
}

Tensor masked_fill(const Tensor& self, const Tensor& mask, const Tensor& value) {
  TP_CHECK(value.dim() == 0, RuntimeError,
           "masked_fill_ only supports a 0-dimensional value tensor, but got tensor with ", value.dim(), " dimension(s).");
  TP_CHECK(mask.dtype() == DType::Bool, RuntimeError, "masked_fill_ only supports boolean masks, but got mask with dtype ",
           dtype_cpp_name(mask.dtype()));
  return autograd::record_op(
      {self, value}, [&] { return where(mask, cast(value, self.dtype()), self); },
      [&](const Tensor&) {
        return make_node("MaskedFillBackward1", {mask}, [](G g, G s, N n) {
          Tensor gs = n.needs(0) ? masked_fill(g[0], s[0], Scalar(0)) : Tensor();
          Tensor gv = n.needs(1) ? sum(where(s[0], g[0], Scalar(0.0))) : Tensor();
          return TensorList{gs, gv};
        });
      });
}

}  // namespace tp
