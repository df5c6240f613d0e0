// Diagonals and rotations of tensors: diagonal (a view), diag, diag_embed, trace and roll,
// with PyTorch's checks, texts and grad_fns (DiagonalBackward0, DiagEmbedBackward0,
// TraceBackward0, RollBackward0, Rot90Backward0).
#pragma once

#include "core/tensor.h"

namespace tp {

// torch.diagonal(input, offset, dim1, dim2): a view of the diagonal as the last dim.
Tensor diagonal(const Tensor& self, int64_t offset = 0, int64_t dim1 = 0, int64_t dim2 = 1);
// torch.diag_embed(input, offset, dim1, dim2): the last dim placed on a diagonal of new zeros.
Tensor diag_embed(const Tensor& self, int64_t offset = 0, int64_t dim1 = -2, int64_t dim2 = -1);
// torch.diag(input, diagonal): a 1-D tensor's square matrix, or a copy of a matrix's diagonal.
Tensor diag(const Tensor& self, int64_t offset = 0);
// torch.trace(input): the sum of a matrix's diagonal.
Tensor trace(const Tensor& self);
// torch.roll(input, shifts, dims): elements shifted cyclically; no dims: of the flattened tensor.
Tensor roll(const Tensor& self, const Shape& shifts, const Shape& dims);
// torch.rot90(input, k, dims): k quarter turns in the plane of dims, from dims[0] toward dims[1].
Tensor rot90(const Tensor& self, int64_t k, const Shape& dims);

}  // namespace tp
