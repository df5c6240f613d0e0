// Shape and view ops: view/reshape, transposes, squeeze/unsqueeze, expand, slicing,
// and joining/splitting (cat, stack, chunk, split, unbind). Views share their base's
// storage, as in PyTorch; texts of errors are PyTorch 2.x's (aten/src/ATen/native/TensorShape.cpp).
#pragma once

#include <optional>
#include <vector>

#include "core/tensor.h"

namespace tp {

// The shape with its single -1 filled in for `numel` elements (at::infer_size).
Shape infer_size(const Shape& shape, int64_t numel);

// t.view(shape): same storage, new strides; fails when strides can't express it.
Tensor view(const Tensor& self, const Shape& shape);
// t.reshape(shape): a view when possible, else a contiguous copy.
Tensor reshape(const Tensor& self, const Shape& shape);
// ATen's _unsafe_view: a view of a fresh result (a copy, a product), its node UnsafeViewBackward0.
Tensor unsafe_view(const Tensor& self, const Shape& shape);
// A new handle on the same view (at::alias: x[...] and no-op views return one).
Tensor alias(const Tensor& self);
Tensor flatten(const Tensor& self, int64_t start_dim = 0, int64_t end_dim = -1);
// Splits dim into `sizes` (one may be -1).
Tensor unflatten(const Tensor& self, int64_t dim, const Shape& sizes);

Tensor transpose(const Tensor& self, int64_t dim0, int64_t dim1);
// swapaxes is PyTorch's NumPy-named alias of transpose.
Tensor swapaxes(const Tensor& self, int64_t axis0, int64_t axis1);
// t.t(): transpose of a matrix; 0-D and 1-D tensors come back as they are.
Tensor t(const Tensor& self);
// The property t.T: all dims reversed (PyTorch warns for ndim != 2; we just reverse).
Tensor tensor_T(const Tensor& self);
// The property t.mT: the last two dims swapped.
Tensor tensor_mT(const Tensor& self);
Tensor permute(const Tensor& self, const Shape& dims);
// torch.movedim: dims in `source` go to the positions in `destination`.
Tensor movedim(const Tensor& self, const Shape& source, const Shape& destination);

// Removes all size-1 dims.
Tensor squeeze(const Tensor& self);
// Removes `dim` if its size is 1.
Tensor squeeze(const Tensor& self, int64_t dim);
// Removes each listed dim whose size is 1.
Tensor squeeze_dims(const Tensor& self, const Shape& dims);
Tensor unsqueeze(const Tensor& self, int64_t dim);
// t.expand(sizes): size-1 dims grow with stride 0; -1 keeps a size.
Tensor expand(const Tensor& self, const Shape& sizes);
Tensor expand_as(const Tensor& self, const Tensor& other);

// Elements [start, start + length) of dim.
Tensor narrow(const Tensor& self, int64_t dim, int64_t start, int64_t length);
// Index `index` of dim, dropping that dim.
Tensor select(const Tensor& self, int64_t dim, int64_t index);
// Python slicing start:end:step on dim; bounds are clamped, step must be positive.
Tensor slice(const Tensor& self, int64_t dim, std::optional<int64_t> start = std::nullopt,
             std::optional<int64_t> end = std::nullopt, int64_t step = 1);

// torch.cat: joins along dim, promoting dtypes; 1-D empty tensors are skipped.
Tensor cat(const std::vector<Tensor>& tensors, int64_t dim = 0);
// torch.stack: joins equal-shaped tensors along a new dim.
Tensor stack(const std::vector<Tensor>& tensors, int64_t dim = 0);
std::vector<Tensor> chunk(const Tensor& self, int64_t chunks, int64_t dim = 0);
// t.split(split_size): pieces of split_size along dim (the last may be smaller).
std::vector<Tensor> split(const Tensor& self, int64_t split_size, int64_t dim = 0);
// t.split([a, b, ...]): pieces of the listed sizes, which must add up to the dim's size.
std::vector<Tensor> split_with_sizes(const Tensor& self, const Shape& split_sizes,
                                     int64_t dim = 0);
// The slices along dim, as views.
std::vector<Tensor> unbind(const Tensor& self, int64_t dim = 0);

}  // namespace tp
