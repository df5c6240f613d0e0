// Ops that rearrange or mask a tensor's elements: flip, repeat, tile, tril, triu. Composed of
// indexing, expand/reshape and where, so every backend has them; each records PyTorch's node
// (FlipBackward0, RepeatBackward0, TrilBackward0, TriuBackward0).
#pragma once

#include "core/tensor.h"

namespace tp {

// x reversed along each of dims (repeats refused, as PyTorch does).
Tensor flip(const Tensor& x, const Shape& dims);
// x repeated repeats[d] times along each dim; repeats may have more dims than x (new leading ones).
Tensor repeat(const Tensor& x, const Shape& repeats);
// numpy's tile: repeat, with repeats padded by leading 1s when shorter than x's rank.
Tensor tile(const Tensor& x, const Shape& reps);
// The lower (tril) or upper (triu) triangle of the last two dims, from `diagonal` on; the rest 0.
Tensor tril(const Tensor& x, int64_t diagonal = 0);
Tensor triu(const Tensor& x, int64_t diagonal = 0);

}  // namespace tp
