// scatter_reduce and index_reduce as ATen's TensorAdvancedIndexing.cpp checks them. index is
// read on the host to list each target's contributors in the order ATen's CPU loop visits
// them, and they are folded in rank by rank with gathers, elementwise ops and puts, so the
// float rounding is the CPU kernel's on every backend.
#include "core/ops/scatter_reduce.h"

#include <algorithm>
#include <vector>

#include "core/autograd/autograd.h"
#include "core/autograd/grad_utils.h"
#include "core/error.h"
#include "core/ops/copy.h"
#include "core/ops/creation.h"
#include "core/ops/elementwise.h"
#include "core/ops/index_dim.h"
#include "core/ops/indexing.h"
#include "core/ops/layout.h"
#include "core/ops/shape.h"

namespace tp {

namespace {

using autograd::make_node;
using G = const TensorList&;
using N = const Node&;

// A host vector as an int64 tensor of `shape` on `device`.
Tensor device_int64(const std::vector<int64_t>& values, const Shape& shape, Device device) {
  Tensor host = empty(shape, TensorOptions(DType::Int64, Device::cpu()));
  std::copy(values.begin(), values.end(), static_cast<int64_t*>(host.data_ptr()));
  return to(host, device, std::nullopt);
}

// The five reductions; ATen still accepts the old names max and min for amax and amin.
enum class Reduction { Sum, Prod, Mean, Max, Min };

Reduction reduction_of(const std::string& reduce) {
  if (reduce == "sum") return Reduction::Sum;
  if (reduce == "prod") return Reduction::Prod;
  if (reduce == "mean") return Reduction::Mean;
  if (reduce == "amax" || reduce == "max") return Reduction::Max;  // ATen still accepts the old names
  if (reduce == "amin" || reduce == "min") return Reduction::Min;
  fail(ErrorKind::RuntimeError, "reduce argument must be either sum, prod, mean, amax or amin, got ", reduce);
}

// scatter_reduce's checks, in ATen's order: dtypes, ranks, sizes apart from dim, bounds.
void check_scatter_reduce(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src) {
  TP_CHECK(index.numel() == 0 || index.dtype() == DType::Int64 || index.dtype() == DType::Int32, RuntimeError,
           "scatter(): Expected dtype int32/int64 for index");
  TP_CHECK(self.dtype() == src.dtype(), RuntimeError, "scatter(): Expected self.dtype to be equal to src.dtype");
  TP_CHECK(std::max<int64_t>(index.dim(), 1) == std::max<int64_t>(self.dim(), 1) || index.numel() == 0,
           RuntimeError, "Index tensor must have the same number of dimensions as self tensor");
  for (int64_t d = 0; d < index.dim() && index.numel() != 0; ++d) {
    bool fits = index.sizes()[d] <= atleast_1d(src).sizes()[d];
    if (d != dim) fits = fits && index.sizes()[d] <= atleast_1d(self).sizes()[d];
    TP_CHECK(fits, RuntimeError, "Expected index ", shape_str(index.sizes()), " to be no larger than self ",
             shape_str(self.sizes()), " apart from dimension ", dim, " and to be no larger size than src ",
             shape_str(src.sizes()));
  }
}

// src cut to index's shape: scatter reads src only where index has elements.
Tensor narrow_to(const Tensor& src, const Tensor& index) {
  Tensor out = atleast_1d(src);
  Shape shape = atleast_1d(index).sizes();
  for (size_t d = 0; d < shape.size(); ++d)
    if (out.sizes()[d] != shape[d]) out = narrow(out, static_cast<int64_t>(d), 0, shape[d]);
  return out;
}

// Who scatters into what, in the order ATen's CPU loop visits index: rank k lists, for every
// element of self (flat) with more than k contributors, that element and its k-th contributor
// (a flat position in index, and in src cut to index's shape). Within a rank the targets are
// distinct, so a rank is folded in with one gather and one put.
struct Contributors {
  std::vector<std::vector<int64_t>> targets, sources;  // [rank][i]
  std::vector<int64_t> count;                          // per element of self
};

Contributors contributors(const Shape& self_shape, int64_t dim, const Tensor& index) {
  const int64_t nd = static_cast<int64_t>(self_shape.size());
  Shape self_strides(self_shape.size(), 1), index_shape = atleast_1d(index).sizes();
  int64_t numel = 1;
  for (int64_t d = nd - 1; d >= 0; --d) {
    self_strides[d] = numel;
    numel *= self_shape[d];
  }
  Contributors c;
  c.count.assign(static_cast<size_t>(numel), 0);
  std::vector<int64_t> idx = host_int64(index);
  std::vector<int64_t> coord(static_cast<size_t>(nd), 0);
  for (size_t p = 0; p < idx.size(); ++p) {
    const int64_t size = self_shape[dim];
    TP_CHECK(idx[p] >= 0 && idx[p] < size, RuntimeError, "index ", idx[p], " is out of bounds for dimension ", dim,
             " with size ", size);
    int64_t flat = 0;
    for (int64_t d = 0; d < nd; ++d) flat += (d == dim ? idx[p] : coord[d]) * self_strides[d];
    const size_t rank = static_cast<size_t>(c.count[flat]++);
    if (rank == c.targets.size()) {
      c.targets.emplace_back();
      c.sources.emplace_back();
    }
    c.targets[rank].push_back(flat);
    c.sources[rank].push_back(static_cast<int64_t>(p));
    for (int64_t d = nd - 1; d >= 0 && ++coord[d] == index_shape[d]; --d) coord[d] = 0;  // next position
  }
  return c;
}

// The reduced values: each element of self folded with its contributors one rank at a time,
// so the order (and so the float rounding) is ATen's sequential one.
Tensor scatter_reduce_values(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src,
                             Reduction r, bool include_self) {
  if (self.device().is_meta()) return empty(self.sizes(), TensorOptions(self.dtype(), self.device()));
  Tensor self1 = atleast_1d(self);
  Contributors c = contributors(self1.sizes(), dim, index);
  Tensor acc = reshape(clone(self1), {self1.numel()});
  if (c.targets.empty()) return reshape(acc, self.sizes());
  const Device dev = self.device();
  Tensor flat_src = reshape(contiguous(narrow_to(src, index)), {-1});
  for (size_t k = 0; k < c.targets.size(); ++k) {
    const Shape n{static_cast<int64_t>(c.targets[k].size())};
    Tensor at = device_int64(c.targets[k], n, dev);
    Tensor v = advanced_index(flat_src, {device_int64(c.sources[k], n, dev)});
    Tensor cur = advanced_index(acc, {at});
    Tensor next;
    if (k == 0 && !include_self) next = v;
    else if (r == Reduction::Prod) next = mul(cur, v);
    else if (r == Reduction::Max) next = maximum(cur, v);
    else if (r == Reduction::Min) next = minimum(cur, v);
    else next = add(cur, v);
    advanced_index_put_(acc, {at}, next, false);
  }
  if (r == Reduction::Mean) {
    std::vector<int64_t> counts = c.count;
    for (int64_t& n : counts) n = std::max<int64_t>(n + (include_self ? 1 : 0), 1);
    Tensor divisor = cast(device_int64(counts, {self1.numel()}, dev), acc.dtype());
    acc = is_floating(acc.dtype()) ? div(acc, divisor) : div(acc, divisor, std::string("floor"));
  }
  return reshape(acc, self.sizes());
}

// ATen's scatter_reduce_backward (FunctionsManual.cpp): gradients for self and src. A product
// routes around zeros; amax/amin share the gradient evenly among the elements that tie.
TensorList scatter_reduce_grads(const Tensor& grad, const Tensor& self, int64_t dim, const Tensor& index,
                                const Tensor& src, const Tensor& result, Reduction r, bool include_self) {
  Tensor src_c = narrow_to(src, index);
  Tensor gs, gsrc;
  if (r == Reduction::Sum) {
    gs = grad;
    gsrc = gather(grad, dim, index);
  } else if (r == Reduction::Mean) {
    Tensor n = include_self ? ones_like(grad) : zeros_like(grad);
    n = scatter(n, dim, index, ones_like(src_c), true);
    n = masked_fill(n, eq(n, Scalar(0)), Scalar(1));
    gs = div(grad, n);
    gsrc = div(gather(grad, dim, index), gather(n, dim, index));
  } else if (r == Reduction::Prod) {
    Tensor masked_self = masked_fill(self, eq(self, Scalar(0)), Scalar(1));
    Tensor masked_self_result = scatter_reduce(masked_self, dim, index, src, "prod", include_self);
    gs = div(mul(grad, masked_self_result), masked_self);
    Tensor src_zero = eq(src_c, Scalar(0));
    Tensor zeros_at = gather(scatter(zeros_like(self), dim, index, cast(src_zero, self.dtype()), true), dim, index);
    Tensor single_zero = logical_and(src_zero, eq(zeros_at, Scalar(1)));
    Tensor masked_src_result = scatter_reduce(self, dim, index, masked_fill(src_c, single_zero, Scalar(1)), "prod",
                                              include_self);
    gsrc = where(single_zero, gather(mul(grad, masked_src_result), dim, index),
                 div(gather(mul(grad, result), dim, index), masked_fill(src_c, src_zero, Scalar(1))));
  } else {
    Tensor value = gather(result, dim, index);
    Tensor self_is = eq(self, result), src_is = eq(src_c, value);
    Tensor share = scatter(cast(self_is, self.dtype()), dim, index, cast(src_is, self.dtype()), true);
    Tensor distributed = div(grad, share);
    gs = mul(self_is, distributed);
    gsrc = mul(src_is, gather(distributed, dim, index));
  }
  if (!include_self) gs = scatter(gs, dim, index, Scalar(0));
  if (gsrc.sizes() != atleast_1d(src).sizes()) {  // src was larger than index: zeros elsewhere
    Tensor full = zeros(atleast_1d(src).sizes(), TensorOptions(gsrc.dtype(), gsrc.device()));
    Tensor window = narrow_to(full, index);
    copy_(window, gsrc);
    gsrc = full;
  }
  return {gs, reshape(gsrc, src.sizes())};
}

}  // namespace

Tensor scatter_reduce(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src,
                      const std::string& reduce, bool include_self) {
  dim = wrap_dim(dim, self.dim());
  check_scatter_reduce(self, dim, index, src);
  Reduction r = reduction_of(reduce);
  return autograd::record_op(
      {self, src}, [&] { return scatter_reduce_values(self, dim, index, src, r, include_self); },
      [&](const Tensor& result) {
        return make_node("ScatterReduceBackward0", {self, index, src, result}, [dim, r, include_self](G g, G s, N) {
          return scatter_reduce_grads(g[0], s[0], dim, s[1], s[2], s[3], r, include_self);
        });
      });
}

Tensor index_reduce(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source,
                    const std::string& reduce, bool include_self) {
  TP_CHECK(reduce == "prod" || reduce == "mean" || reduce == "amax" || reduce == "amin", RuntimeError,
           "index_reduce(): Expected reduce to be one of prod, mean, amax or amin but got ", reduce, ".");
  dim = wrap_dim(dim, self.dim());
  TP_CHECK(index.dim() <= 1, IndexError, "index_reduce_(): Index is supposed to be a vector, but got dim: ",
           index.dim(), " with type: ", dtype_legacy_name(index.dtype()), " and size: ", shape_str(index.sizes()));
  TP_CHECK(index.dtype() == DType::Int64 || index.dtype() == DType::Int32, RuntimeError,
           "index_reduce_(): Expected dtype int32/int64 for index but got: ", dtype_legacy_name(index.dtype()));
  TP_CHECK(self.dtype() == source.dtype(), RuntimeError, "index_reduce_(): self (", dtype_legacy_name(self.dtype()),
           ") and source (", dtype_legacy_name(source.dtype()), ") must have the same scalar type");
  TP_CHECK(dim == 0 || dim < source.dim(), RuntimeError, "index_reduce_(): Indexing dim ", dim,
           " is out of bounds of the source tensor with dim ", source.dim());
  const int64_t source_size = source.dim() == 0 ? 1 : source.sizes()[dim];
  TP_CHECK(index.numel() == source_size, RuntimeError, "index_reduce_(): Number of indices (", index.numel(),
           ") should be equal to source.size(dim): (", source_size, "), for dim: ", dim);
  Shape self_slice = self.sizes(), source_slice = source.sizes();
  if (source.dim() != 0 && self.dim() != 0) {
    self_slice.erase(self_slice.begin() + dim);
    source_slice.erase(source_slice.begin() + dim);
  }
  TP_CHECK(self_slice == source_slice, RuntimeError,
           "source tensor shape must match self tensor shape, excluding the specified dimension. Got self.shape = ",
           shape_str(self.sizes()), " source.shape = ", shape_str(source.sizes()));
  const int64_t size = self.dim() == 0 ? 1 : self.sizes()[dim];
  for (int64_t i : host_int64(index)) TP_CHECK(i >= 0 && i < size, IndexError, "index out of range in self");
  // index_reduce visits the index positions in order for each slice, as scatter_reduce does
  // with the index spread over the slices.
  Tensor source1 = atleast_1d(source);
  Shape along(source1.sizes().size(), 1);
  along[dim] = index.numel();
  Tensor spread = expand(reshape(index, along), source1.sizes());
  Reduction r = reduction_of(reduce);
  return autograd::record_op(
      {self, source}, [&] { return scatter_reduce_values(self, dim, spread, source1, r, include_self); },
      [&](const Tensor& result) {
        Shape source_shape = source.sizes();
        return make_node("IndexReduceBackward0", {self, spread, source1, result},
                         [dim, r, include_self, source_shape](G g, G s, N) {
                           TensorList grads = scatter_reduce_grads(g[0], s[0], dim, s[1], s[2], s[3], r, include_self);
                           return TensorList{grads[0], reshape(grads[1], source_shape)};
                         });
      });
}

}  // namespace tp
