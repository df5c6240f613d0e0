// Pairwise distances and cross products: cdist (with ATen's choice of the matmul formula for
// the 2-norm) and linalg.cross / torch.cross, with PyTorch's checks, texts and grad_fns.
#pragma once

#include <optional>

#include "core/tensor.h"

namespace tp {

// How cdist computes p=2 distances: ATen's compute_mode 0 (matmul when either side has more
// than 25 rows), 1 (always matmul), 2 (never).
enum class CdistMode { MmIfNecessary = 0, UseMm = 1, NoMm = 2 };

// The p-norm distance between each row of x1 (..., r1, c) and each row of x2 (..., r2, c);
// batch dims broadcast. Result (..., r1, r2).
Tensor cdist(const Tensor& x1, const Tensor& x2, double p, CdistMode mode);
// The cross product of 3-vectors along dim; input and other broadcast, same rank.
Tensor linalg_cross(const Tensor& input, const Tensor& other, int64_t dim);
// torch.cross: without dim, the first dim of size 3 (PyTorch warns once about the default).
Tensor cross(const Tensor& input, const Tensor& other, std::optional<int64_t> dim);

}  // namespace tp
