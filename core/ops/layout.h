// NumPy-style layout helpers that PyTorch composes from views, cat and flip: atleast_1d/2d/3d,
// hstack/vstack/dstack/column_stack, fliplr/flipud, ravel, narrow_copy and tensor_split with
// its hsplit/vsplit/dsplit forms. Composed as ATen's TensorShape.cpp composes them, so the
// grad_fns (CatBackward0, SliceBackward0, ...) and the error texts are PyTorch's.
#pragma once

#include <vector>

#include "core/tensor.h"

namespace tp {

// The tensor itself when it has at least 1 (2, 3) dims; else a view with leading/trailing 1s.
Tensor atleast_1d(const Tensor& self);
Tensor atleast_2d(const Tensor& self);
Tensor atleast_3d(const Tensor& self);

// cat of the atleast_1d forms along dim 0 for 1-D inputs, else dim 1.
Tensor hstack(const std::vector<Tensor>& tensors);
// cat of the atleast_2d forms along dim 0 (torch.row_stack is this too).
Tensor vstack(const std::vector<Tensor>& tensors);
// cat of the atleast_3d forms along dim 2.
Tensor dstack(const std::vector<Tensor>& tensors);
// cat along dim 1, 0-D and 1-D inputs first made columns.
Tensor column_stack(const std::vector<Tensor>& tensors);

// flip along dim 1 (fliplr) or dim 0 (flipud).
Tensor fliplr(const Tensor& self);
Tensor flipud(const Tensor& self);
// The elements in row-major order as a 1-D tensor (a view when self is contiguous).
Tensor ravel(const Tensor& self);
// narrow, but a contiguous copy (NarrowCopyBackward0).
Tensor narrow_copy(const Tensor& self, int64_t dim, int64_t start, int64_t length);

// `sections` nearly equal views along dim (the first size % sections one longer).
std::vector<Tensor> tensor_split(const Tensor& self, int64_t sections, int64_t dim = 0);
// Views between consecutive indices along dim (Python slice bounds: negative, past the end).
std::vector<Tensor> tensor_split_indices(const Tensor& self, const Shape& indices, int64_t dim = 0);
// A 0-D int64 CPU tensor is a number of sections, a 1-D one the indices.
std::vector<Tensor> tensor_split(const Tensor& self, const Tensor& indices_or_sections, int64_t dim = 0);

// torch.hsplit/vsplit/dsplit: tensor_split along dim 1 (0 for 1-D), 0 and 2; the sections
// must divide the dim evenly.
enum class SplitDirection { Horizontal, Vertical, Depth };
std::vector<Tensor> directional_split(SplitDirection direction, const Tensor& self, int64_t sections);
std::vector<Tensor> directional_split_indices(SplitDirection direction, const Tensor& self, const Shape& indices);

}  // namespace tp
