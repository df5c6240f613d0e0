// Indexing along one dim: gather, scatter, scatter_add, index_select, index_add, index_fill and
// masked_fill, with PyTorch's checks, texts and grad_fns. Each is composed of advanced
// indexing (at::index / index_put_), so every backend has them.
#pragma once

#include "core/scalar.h"
#include "core/tensor.h"

namespace tp {

// out[i][j] = self[index[i][j]][j] (dim 0): index has self's rank and is no larger elsewhere.
Tensor gather(const Tensor& self, int64_t dim, const Tensor& index);
// A copy of self with src[i][j] written at [index[i][j]][j] (dim 0); `add` sums instead
// (scatter_add). src is read at index's positions only.
Tensor scatter(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src, bool add = false);
Tensor scatter(const Tensor& self, int64_t dim, const Tensor& index, Scalar value);
// self's slices at the 1-D index along dim, in index's order.
Tensor index_select(const Tensor& self, int64_t dim, const Tensor& index);
// A copy of self with alpha * source's slices added at index along dim (repeats add up).
Tensor index_add(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source, Scalar alpha = 1);
// A copy of self with the slices at index along dim set to value.
Tensor index_fill(const Tensor& self, int64_t dim, const Tensor& index, Scalar value);
// value where the (bool, broadcast) mask is set; a tensor value must be 0-dim.
Tensor masked_fill(const Tensor& self, const Tensor& mask, Scalar value);
Tensor masked_fill(const Tensor& self, const Tensor& mask, const Tensor& value);

}  // namespace tp
