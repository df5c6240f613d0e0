// unfold and as_strided: the stride arithmetic of ATen's TensorShape.cpp (unfold) and
// TensorImpl/EmptyTensor.cpp (setStrided, computeStorageNbytes, checkInBoundsForStorage).
#include "core/ops/strided_views.h"

#include <limits>

#include "core/autograd/autograd.h"
#include "core/autograd/layout_grads.h"
#include "core/error.h"

namespace tp {

namespace {

Tensor unfold_impl(const Tensor& self, int64_t dimension, int64_t size, int64_t step) {
  const int64_t ndim = self.dim();
  dimension = wrap_dim(dimension, ndim);  // a 0-D tensor takes dim 0 (or -1) as a 1-D one would
  const int64_t max_size = ndim == 0 ? 1 : self.sizes()[dimension];
  TP_CHECK(size <= max_size, RuntimeError, "maximum size for tensor at dimension ", dimension, " is ", max_size,
           " but size is ", size);
  TP_CHECK(size >= 0, RuntimeError, "size is ", size, " but must be >= 0");
  TP_CHECK(step > 0, RuntimeError, "step is ", step, " but must be > 0");
  Shape sizes = self.sizes(), strides = self.strides();
  sizes.push_back(size);
  strides.push_back(ndim == 0 ? 1 : self.strides()[dimension]);
  if (ndim > 0) {
    sizes[dimension] = (self.sizes()[dimension] - size) / step + 1;
    // Wrapping as ATen's int64 product does (a step of 2**62 on a stride of 2 is absurd there too).
    strides[dimension] = static_cast<int64_t>(static_cast<uint64_t>(strides[dimension]) * static_cast<uint64_t>(step));
  }
  return self.view_of(sizes, strides, self.storage_offset());
}

// Bytes the geometry reaches from the storage's start, its storage offset included, as c10's
// computeStorageNbytes (0 when empty); PyTorch's error when a size is negative or the sum
// or product overflows.
int64_t storage_nbytes_needed(const Shape& sizes, const Shape& strides, int64_t offset, size_t itemsize) {
  uint64_t extent = 1 + static_cast<uint64_t>(std::max<int64_t>(offset, 0));
  bool overflowed = false;
  for (size_t d = 0; d < sizes.size(); ++d) {
    if (sizes[d] == 0) return 0;
    uint64_t step = 0;
    overflowed |= sizes[d] < 0 ||
                  __builtin_mul_overflow(static_cast<uint64_t>(sizes[d] - 1), static_cast<uint64_t>(strides[d]), &step) ||
                  __builtin_add_overflow(extent, step, &extent);
  }
  overflowed |= __builtin_mul_overflow(extent, static_cast<uint64_t>(itemsize), &extent) ||
                extent > static_cast<uint64_t>(std::numeric_limits<int64_t>::max());
  TP_CHECK(!overflowed, RuntimeError, "Storage size calculation overflowed with sizes=", shape_str(sizes),
           " and strides=", shape_str(strides));
  return static_cast<int64_t>(extent);
}

Tensor as_strided_impl(const Tensor& self, const Shape& sizes, const Shape& strides, int64_t offset) {
  TP_CHECK(sizes.size() == strides.size(), RuntimeError, "mismatch in length of strides and shape");
  for (int64_t s : strides)
    TP_CHECK(s >= 0, RuntimeError, "as_strided: Negative strides are not supported at the moment, got strides: ",
             shape_str(strides));
  const int64_t itemsize = static_cast<int64_t>(self.element_size());
  const int64_t needed = storage_nbytes_needed(sizes, strides, offset, itemsize);
  if (needed != 0) {
    const int64_t available = static_cast<int64_t>(self.storage()->nbytes());
    TP_CHECK(needed <= available, RuntimeError, "setStorage: sizes ", shape_str(sizes), ", strides ",
             shape_str(strides), ", storage offset ", offset, ", and itemsize ", itemsize,
             " requiring a storage size of ", needed, " are out of bounds for storage of size ", available);
  }
  TP_CHECK(offset >= 0, RuntimeError, "Tensor: invalid storage offset ", offset);
  return self.view_of(sizes, strides, offset);
}

}  // namespace

Tensor unfold(const Tensor& self, int64_t dimension, int64_t size, int64_t step) {
  return autograd::record_op(
      {self}, [&] { return unfold_impl(self, dimension, size, step); },
      [&](const Tensor&) { return autograd::unfold_node(self, wrap_dim(dimension, self.dim()), size, step); });
}

Tensor as_strided(const Tensor& self, const Shape& sizes, const Shape& strides, std::optional<int64_t> storage_offset) {
  const int64_t offset = storage_offset.value_or(self.storage_offset());
  return autograd::record_op(
      {self}, [&] { return as_strided_impl(self, sizes, strides, offset); },
      [&](const Tensor&) { return autograd::as_strided_node(self, sizes, strides, offset); });
}

}  // namespace tp
