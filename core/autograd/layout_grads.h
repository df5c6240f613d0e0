// Gradient nodes of the layout ops (core/ops/layout.cpp, strided_views.cpp, assemble.cpp):
// narrow_copy, unfold, as_strided and block_diag. Kept apart from formulas.h so that the
// layout area has its own file.
#pragma once

#include <memory>
#include <vector>

#include "core/autograd/node.h"
#include "core/tensor.h"

namespace tp::autograd {

// NarrowCopyBackward0: g placed into zeros of self's shape at [start, start + length) of dim.
std::shared_ptr<Node> narrow_copy_node(const Tensor& self, int64_t dim, int64_t start, int64_t length);
// UnfoldBackward0: each window's gradient summed back into the elements it covers (`dim` wrapped).
std::shared_ptr<Node> unfold_node(const Tensor& self, int64_t dim, int64_t size, int64_t step);
// AsStridedBackward0: g summed into storage positions, read back through self's geometry
// (divided by how often self itself reaches each position when its memory overlaps).
std::shared_ptr<Node> as_strided_node(const Tensor& self, const Shape& sizes, const Shape& strides, int64_t offset);
// BlockDiagBackward0: each input's block of g, in the input's shape and dtype.
std::shared_ptr<Node> block_diag_node(const std::vector<Tensor>& tensors);

}  // namespace tp::autograd
