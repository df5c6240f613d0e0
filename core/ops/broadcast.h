// Broadcasting shapes, and expanding a tensor to a shape as a stride-0 view.
#pragma once

#include "core/tensor.h"

namespace tp {

// The broadcast of two shapes; raises PyTorch's "The size of tensor a ..." error.
Shape broadcast_shapes(const Shape& a, const Shape& b);
// A view of t with `shape` (t's shape must broadcast to it); raises expand's error.
Tensor expand_to(const Tensor& t, const Shape& shape);

}  // namespace tp
