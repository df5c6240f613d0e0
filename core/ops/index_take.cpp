// masked_select, take, take_along_dim, index_copy, put and masked_scatter as ATen's
// TensorAdvancedIndexing.cpp checks them; the values come from advanced indexing and
// gather/scatter, and indices are bounds-checked on the host as ATen's CPU kernels do.
#include "core/ops/index_take.h"

#include <string>
#include <vector>

#include "core/autograd/autograd.h"
#include "core/autograd/grad_utils.h"
#include "core/error.h"
#include "core/ops/broadcast.h"
#include "core/ops/copy.h"
#include "core/ops/creation.h"
#include "core/ops/elementwise.h"
#include "core/ops/index_dim.h"
#include "core/ops/indexing.h"
#include "core/ops/layout.h"
#include "core/ops/reduce.h"
#include "core/ops/shape.h"
#include "core/ops/limited_dtypes.h"

namespace tp {

namespace {

using autograd::make_node;
using G = const TensorList&;
using N = const Node&;

// A size list as ATen streams a std::vector: "2 4".
std::string spaced(const Shape& sizes) {
  std::string out;
  for (int64_t v : sizes) {
    if (!out.empty()) out += ' ';
    out += std::to_string(v);
  }
  return out;
}

// take/put address self as 1-D: ATen's text for a position outside [-numel, numel).
void check_flat_bounds(const Tensor& index, int64_t numel) {
  for (int64_t i : host_int64(index))
    TP_CHECK(i >= -numel && i < numel, IndexError, "out of range: tried to access index ", i, " on a tensor of ",
             numel, " elements.");
}

// The number of set elements of a bool mask (read on the host, as ATen's kernels do).
int64_t count_set(const Tensor& mask) {
  autograd::NoGradGuard no_grad;
  return item(sum(mask)).to<int64_t>();
}

}  // namespace

Tensor masked_select(const Tensor& self, const Tensor& mask) {
  TP_CHECK(mask.dtype() == DType::Bool, RuntimeError, "masked_select: expected BoolTensor for mask");
  limited::refuse("masked_select", self.dtype(), self.device());
  Shape shape = broadcast_shapes(mask.sizes(), self.sizes());  // ATen's expand_outplace(mask, self)
  Shape self_shape = self.sizes();
  // 0-dim operands are indexed as 1-element vectors (a 0-dim mask is no index here).
  const Shape flat_shape = shape.empty() ? Shape{1} : shape;
  return autograd::record_op(
      {self}, [&] { return advanced_index(expand(self, flat_shape), {expand(mask, flat_shape)}); },
      [&](const Tensor&) {
        return make_node("MaskedSelectBackward0", {mask}, [shape, self_shape](G g, G s, N) {
          Tensor zero = zeros(shape, TensorOptions(g[0].dtype(), g[0].device()));
          return TensorList{autograd::sum_to(masked_scatter(zero, s[0], g[0]), self_shape)};
        });
      });
}

Tensor take(const Tensor& self, const Tensor& index) {
  TP_CHECK(index.dtype() == DType::Int64, RuntimeError, "take(): Expected a long tensor for index, but got ",
           dtype_legacy_name(index.dtype()));
  TP_CHECK(self.numel() != 0 || index.numel() == 0, IndexError, "take(): tried to take from an empty tensor");
  check_flat_bounds(index, self.numel());
  Shape self_shape = self.sizes();
  return autograd::record_op(
      {self}, [&] { return advanced_index(reshape(self, {self.numel()}), {index}); },
      [&](const Tensor&) {
        return make_node("TakeBackward0", {index}, [self_shape](G g, G s, N) {
          Tensor zero = zeros(self_shape, TensorOptions(g[0].dtype(), g[0].device()));
          return TensorList{put(zero, s[0], g[0], true)};
        });
      });
}

Tensor take_along_dim(const Tensor& self, const Tensor& indices, std::optional<int64_t> dim) {
  if (indices.device() != self.device()) {  // ATen's checkDevice, before anything else
    throw TorchError(str_cat("Expected tensor to have ", self.device().str(), " Device, but got tensor with ",
                             indices.device().str(), " Device (while checking arguments for torch.take_along_dim():)"),
                     DeviceMismatch{"take_along_dim", "indices", self.device(), indices.device()});
  }
  if (!dim) return gather(reshape(self, {self.numel()}), 0, reshape(indices, {indices.numel()}));
  TP_CHECK(self.dim() == indices.dim(), RuntimeError,
           "torch.take_along_dim(): input and indices should have the same number of dimensions, but got ",
           self.dim(), " dimensions for input, and ", indices.dim(), " dimensions for indices");
  TP_CHECK(indices.dtype() == DType::Int64, RuntimeError,
           "torch.take_along_dim(): dtype of indices should be Long but got ", dtype_legacy_name(indices.dtype()));
  const int64_t d = wrap_dim(*dim, self.dim());
  TP_CHECK(self.dim() > 0, IndexError, "Dimension specified as ", *dim, " but tensor has no dimensions");
  Shape self_sizes = self.sizes();
  self_sizes[d] = indices.sizes()[d];
  Shape shape = broadcast_shapes(self_sizes, indices.sizes());
  Tensor index_b = expand(indices, shape);
  shape[d] = self.sizes()[d];
  return gather(expand(self, shape), d, index_b);
}

Tensor index_copy(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source) {
  dim = wrap_dim(dim, self.dim());
  TP_CHECK(index.dim() < 2, IndexError, "index_copy_(): Index should have dimension 1 or 0 (got ", index.dim(), ")");
  const int64_t count = index.numel();
  if (source.dim() == 0 && count != 1)
    fail(ErrorKind::IndexError, "index_copy_(): When source is scalar, index should have one element (got ", count, ")");
  if (source.dim() != self.dim() && source.dim() != 0 && self.dim() != 0)
    fail(ErrorKind::IndexError,
         "index_copy_(): When source and destination are not scalars, their dimensionality must match. Source "
         "dimensionality (",
         source.dim(), "), destination dimensionality (", self.dim(), ")");
  TP_CHECK(index.dtype() == DType::Int64, RuntimeError, "index_copy_(): Expected a long tensor for index, but got ",
           dtype_legacy_name(index.dtype()));
  TP_CHECK(self.dtype() == source.dtype(), RuntimeError,
           "index_copy_(): self and source expected to have the same dtype, but got (self) ",
           dtype_legacy_name(self.dtype()), " and (source) ", dtype_legacy_name(source.dtype()));
  Shape self_slice = self.sizes(), source_slice = source.sizes();
  if (!self_slice.empty()) self_slice.erase(self_slice.begin() + dim);
  if (!source_slice.empty()) source_slice.erase(source_slice.begin() + dim);
  TP_CHECK(self_slice == source_slice, RuntimeError,
           "index_copy_(): Source/destination tensor must have same slice shapes. Destination slice shape: ",
           spaced(self_slice), " at dimension ", dim, " and source slice shape: ", spaced(source_slice),
           " at dimension 0.");
  const int64_t source_size = source.dim() == 0 ? 1 : source.sizes()[dim];
  TP_CHECK(source.dim() == 0 || count == source_size, IndexError, "index_copy_(): Number of indices (", count,
           ") should be equal to source.size(dim) (", source_size, ")");
  const int64_t size = self.dim() == 0 ? 1 : self.sizes()[dim];
  for (int64_t i : host_int64(index))
    TP_CHECK(i >= 0 && i < size, IndexError, "index_copy_(): index ", i, " is out of bounds for dimension ", dim,
             " with size ", size);
  Shape source_shape = source.sizes();
  return autograd::record_op(
      {self, source},
      [&] {
        Tensor out = clone(atleast_1d(self));
        std::vector<Tensor> at(static_cast<size_t>(dim));
        at.push_back(atleast_1d(index));
        advanced_index_put_(out, at, atleast_1d(source), false);
        return self.dim() == 0 ? reshape(out, {}) : out;
      },
      [&](const Tensor&) {
        return make_node("IndexCopyBackward0", {index}, [dim, source_shape](G g, G s, N n) {
          Tensor gs = n.needs(0) ? index_fill(g[0], dim, s[0], Scalar(0)) : Tensor();
          Tensor gsrc = n.needs(1) ? reshape(index_select(g[0], dim, s[0]), source_shape) : Tensor();
          return TensorList{gs, gsrc};
        });
      });
}

Tensor put(const Tensor& self, const Tensor& index, const Tensor& source, bool accumulate) {
  TP_CHECK(index.dtype() == DType::Int64, RuntimeError, "put_(): Expected a long tensor for index, but got ",
           dtype_legacy_name(index.dtype()));
  TP_CHECK(self.dtype() == source.dtype(), RuntimeError,
           "put_(): self and source expected to have the same dtype, but got self.dtype = ",
           dtype_legacy_name(self.dtype()), " and source.dtype = ", dtype_legacy_name(source.dtype()));
  TP_CHECK(source.numel() == index.numel(), IndexError,
           "put_(): Expected source and index to have the same number of elements, but got source.numel() = ",
           source.numel(), ", index.numel() = ", index.numel());
  TP_CHECK(self.numel() != 0 || index.numel() == 0, IndexError, "put_(): Tried to put elements into an empty tensor");
  check_flat_bounds(index, self.numel());
  Shape source_shape = source.sizes();
  return autograd::record_op(
      {self, source},
      [&] {
        Tensor out = clone(self);
        if (index.numel() != 0)
          advanced_index_put_(reshape(out, {out.numel()}), {reshape(index, {index.numel()})},
                              reshape(source, {source.numel()}), accumulate);
        return out;
      },
      [&](const Tensor&) {
        return make_node("PutBackward0", {index, source}, [accumulate, source_shape](G g, G s, N n) {
          Tensor gs;
          if (n.needs(0)) gs = accumulate ? g[0] : put(g[0], s[0], zeros_like(s[1]), false);
          Tensor gsrc = n.needs(1) ? reshape(take(g[0], s[0]), source_shape) : Tensor();
          return TensorList{gs, gsrc};
        });
      });
}

Tensor masked_scatter(const Tensor& self, const Tensor& mask, const Tensor& source) {
  TP_CHECK(self.dtype() == source.dtype(), RuntimeError,
           "masked_scatter: expected self and source to have same dtypes but got", dtype_legacy_name(self.dtype()),
           " and ", dtype_legacy_name(source.dtype()));
  TP_CHECK(mask.dtype() == DType::Bool, RuntimeError,
           "masked_scatter_ only supports boolean masks, but got mask with dtype ", dtype_legacy_name(mask.dtype()));
  Shape shape = broadcast_shapes(self.sizes(), mask.sizes());
  Tensor mask_b = expand(mask, shape);
  const int64_t n = count_set(mask_b);
  TP_CHECK(n <= source.numel(), RuntimeError, "Number of elements of source < number of ones in mask");
  Shape self_shape = self.sizes(), source_shape = source.sizes();
  return autograd::record_op(
      {self, source},
      [&] {
        Tensor out = empty(shape, TensorOptions(self.dtype(), self.device()));
        copy_(out, self);
        if (n != 0)  // 0-dim operands as 1-element vectors, as in masked_select
          advanced_index_put_(atleast_1d(out), {atleast_1d(mask_b)}, narrow(reshape(source, {source.numel()}), 0, 0, n),
                              false);
        return out;
      },
      [&](const Tensor&) {
        return make_node("MaskedScatterBackward0", {mask_b}, [self_shape, source_shape, n](G g, G s, N nd) {
          Tensor gs = nd.needs(0) ? autograd::sum_to(masked_fill(g[0], s[0], Scalar(0)), self_shape) : Tensor();
          Tensor gsrc;
          if (nd.needs(1)) {
            int64_t total = 1;
            for (int64_t v : source_shape) total *= v;
            Tensor picked = masked_select(g[0], s[0]);
            Tensor rest = zeros({total - n}, TensorOptions(g[0].dtype(), g[0].device()));
            gsrc = reshape(cat({picked, rest}, 0), source_shape);
          }
          return TensorList{gs, gsrc};
        });
      });
}

}  // namespace tp
