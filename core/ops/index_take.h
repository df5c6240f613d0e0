// Indexing by flat positions and masks, and copying into slices: masked_select, take,
// take_along_dim, index_copy, put and masked_scatter, with PyTorch's checks, texts and
// grad_fns. All are composed of advanced indexing, gather/scatter and elementwise ops.
#pragma once

#include <optional>

#include "core/tensor.h"

namespace tp {

// The elements of self where the (broadcast) bool mask is set, as a 1-D tensor.
Tensor masked_select(const Tensor& self, const Tensor& mask);
// self read as 1-D at the int64 positions in index; the result has index's shape.
Tensor take(const Tensor& self, const Tensor& index);
// gather along dim after broadcasting self and indices apart from dim; no dim: flat take.
Tensor take_along_dim(const Tensor& self, const Tensor& indices, std::optional<int64_t> dim);
// A copy of self with source's slices written at the 1-D index along dim.
Tensor index_copy(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source);
// A copy of self (read as 1-D) with source written (or added) at the flat positions in index.
Tensor put(const Tensor& self, const Tensor& index, const Tensor& source, bool accumulate);
// A copy of self with source's leading elements written, in order, where mask is set.
Tensor masked_scatter(const Tensor& self, const Tensor& mask, const Tensor& source);
}  // namespace tp
