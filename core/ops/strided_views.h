// Views whose geometry the caller spells out: Tensor.unfold (sliding windows along a dim) and
// torch.as_strided (any sizes/strides/offset within the storage). Both share the base's
// storage; their backward sums the gradient back over storage positions (UnfoldBackward0,
// AsStridedBackward0), so overlapping windows accumulate as in PyTorch.
#pragma once

#include <optional>

#include "core/tensor.h"

namespace tp {

// self.unfold(dimension, size, step): a new last dim of length `size`; `dimension` becomes
// the number of windows, (size_d - size) / step + 1.
Tensor unfold(const Tensor& self, int64_t dimension, int64_t size, int64_t step);

// torch.as_strided(self, size, stride, storage_offset=None): offsets count from the storage's
// start (None: self's own offset); PyTorch's errors for negative strides and out-of-bounds.
Tensor as_strided(const Tensor& self, const Shape& sizes, const Shape& strides,
                  std::optional<int64_t> storage_offset = std::nullopt);

}  // namespace tp
