// Reducing into positions and slices: scatter_reduce ("sum", "prod", "mean", "amax", "amin")
// and index_reduce ("prod", "mean", "amax", "amin"), with PyTorch's checks, texts and grad_fns
// (ScatterReduceBackward0, IndexReduceBackward0).
#pragma once

#include <string>

#include "core/tensor.h"

namespace tp {

// scatter with a reduction: "sum", "prod", "mean", "amax" or "amin" of src's values (and
// self's own value when include_self) at each position index addresses along dim.
Tensor scatter_reduce(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src,
                      const std::string& reduce, bool include_self);
// index_reduce: source's slices folded ("prod", "mean", "amax" or "amin") into self's slices
// at the 1-D index along dim (scatter_reduce with index spread over the slices).
Tensor index_reduce(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source,
                    const std::string& reduce, bool include_self);

}  // namespace tp
