// Complex tensors as their backends see them: pairs of reals. No backend has a complex
// kernel; this adapter, placed in front of every backend by backend_for, hands each kernel
// that moves elements (copy, fill, where, index, index_put) a complex tensor's float view
// (a trailing dim of 2: real, imaginary) and resolves the conjugate bit on the way. Complex
// math is composed over such views in core/ops/complex.cpp, so the other kernels never see
// a complex operand; one that does refuses it with PyTorch's "not implemented" text.
#pragma once

#include <memory>

#include "core/backends/backend.h"

namespace tp {

// `inner` with complex operands turned into float pairs.
std::unique_ptr<Backend> complex_pairs(Backend& inner);

// t's elements as (real, imaginary) pairs: a float32/float64 view with a trailing dim of 2
// over the same storage (torch.view_as_real's geometry). Ignores t's conjugate bit.
Tensor pair_view(const Tensor& t);
// One component of a pair view: 0 the real parts, 1 the imaginary parts.
Tensor pair_component(const Tensor& pairs, int64_t which);

}  // namespace tp
