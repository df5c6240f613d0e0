// Tensors PyTorch assembles from other ops: diff, kron, block_diag, cartesian_prod,
// combinations, vander and the tril_indices/triu_indices factories. Composed as ATen composes
// them, so grad_fns (SubBackward0, UnsafeViewBackward0, BlockDiagBackward0, StackBackward0,
// IndexBackward0, FlipBackward0/CopySlices) and dtypes are PyTorch's.
#pragma once

#include <optional>
#include <vector>

#include "core/tensor.h"

namespace tp {

// The n-th forward difference along dim, after prepend/append are joined on (bool: xor).
Tensor diff(const Tensor& self, int64_t n = 1, int64_t dim = -1, const std::optional<Tensor>& prepend = std::nullopt,
            const std::optional<Tensor>& append = std::nullopt);
// The Kronecker product; the shorter shape is padded with leading 1s.
Tensor kron(const Tensor& self, const Tensor& other);
// The inputs (0-D, 1-D as a row, 2-D) placed along the diagonal of a zero matrix.
Tensor block_diag(const std::vector<Tensor>& tensors);
// Every combination of one element from each 1-D input, one per row (one input: itself).
Tensor cartesian_prod(const std::vector<Tensor>& tensors);
// itertools.combinations (or combinations_with_replacement) of a 1-D tensor, one per row.
Tensor combinations(const Tensor& self, int64_t r = 2, bool with_replacement = false);
// The Vandermonde matrix of a 1-D x: columns x^(N-1) ... x^0 (increasing: x^0 ... x^(N-1)).
Tensor vander(const Tensor& x, std::optional<int64_t> N = std::nullopt, bool increasing = false);
// The (row, col) coordinates of the lower (upper) triangle of a row x col matrix, as 2 x count.
Tensor tril_indices(int64_t row, int64_t col, int64_t offset, TensorOptions options);
Tensor triu_indices(int64_t row, int64_t col, int64_t offset, TensorOptions options);

}  // namespace tp
